import assert from "node:assert/strict";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { parseTime } from "../../lib/systems/_read.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import {
  mem0SearchConversations,
  type Mem0SearchMemoryRaw,
  readMem0SearchResults,
  readMem0SearchResultsAll,
} from "../../lib/systems/mem0_search_results.ts";
import { contentMemoryId } from "../../lib/systems/openai_memory.ts";
import { readStoreFileDetected } from "../../lib/systems/read_store.ts";
import { timeOrder } from "../../lib/systems/time_order.ts";

const shipped = sharedDataPath("mem0-eval/mem0_search_top30_conv26.json");
const hit = (memory: string, score = 0.5, timestamp = "1:56 pm on 8 May, 2023") => ({
  memory,
  timestamp,
  score,
});
const item = (s1: unknown[], s2: unknown[] = []) => ({
  question: "q?",
  answer: "a",
  category: 1,
  speaker_1_memories: s1,
  speaker_2_memories: s2,
  speaker_1_graph_memories: null,
});

function expectError(f: () => unknown): ExportFormatError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof ExportFormatError, `expected ExportFormatError, got ${e}`);
    return e;
  }
  assert.fail("expected an error");
}

Deno.test("readMem0SearchResults() merges hits by speaker and text and counts retrievals", () => {
  const data = {
    "0": [
      item([hit("Caroline is a trans woman", 0.8), hit("Caroline paints", 0.4)], [
        hit("Caroline paints", 0.6),
      ]),
      item([hit("Caroline  is a trans woman ", 0.6, "12:09 am on 13 September, 2023")]),
      item([hit("Caroline paints", 0.2), hit("", 0.1)]),
    ],
  };
  const s = readMem0SearchResults(data, { file: "m.json" });
  assert.equal(s.instance, "conv-26");
  assert.deepEqual(s.memories.map((m) => [m.scope, m.text]), [
    ["speaker_1", "Caroline is a trans woman"],
    ["speaker_1", "Caroline paints"],
    ["speaker_2", "Caroline paints"],
  ]);
  assert.equal(s.memories[0].id, contentMemoryId("Caroline is a trans woman", "mem0", "speaker_1"));
  const raw = s.memories.map((m) => m.raw as Mem0SearchMemoryRaw);
  assert.deepEqual(raw.map((r) => [r.retrievals, r.questions, r.meanScore, r.maxScore]), [
    [2, [0, 1], 0.7, 0.8],
    [2, [0, 2], (0.4 + 0.2) / 2, 0.4],
    [1, [0], 0.6, 0.6],
  ]);
  assert.equal(s.memories.every((m) => m.salience === undefined), true);
  assert.deepEqual(s.meta, {
    key: "0",
    questions: 3,
    hits: 6,
    perSpeaker: { speaker_1: 2, speaker_2: 1 },
  });
  const codes = s.problems.map((p) => [p.code, p.record, p.field ?? ""]);
  assert.deepEqual(codes, [
    ["dropped", "0[2].speaker_1_memories[1]", "memory"],
    ["coerced", "0[1].speaker_1_memories[0]", "timestamp"],
    ["not_mapped", "0", ""],
  ]);
  // Salience from the search scores, when asked.
  const sal = readMem0SearchResults(data, { salience: "max_score" });
  assert.deepEqual(sal.memories.map((m) => m.salience), [0.8, 0.4, 0.6]);
});

Deno.test("readMem0SearchResults() parses LoCoMo timestamps for the time order", () => {
  assert.equal(parseTime("12:09 am on 13 September, 2023"), Date.UTC(2023, 8, 13, 0, 9));
  assert.equal(parseTime("1:56 pm on 8 May, 2023"), Date.UTC(2023, 4, 8, 13, 56));
  const s = readMem0SearchResults({
    "3": [item([hit("late", 0.5, "9:55 am on 22 October, 2023"), hit("early")])],
  });
  assert.equal(s.instance, "conv-42");
  assert.deepEqual(timeOrder(s.memories).map((m) => m.text), ["early", "late"]);
  assert.deepEqual(s.problems.filter((p) => p.field === "timestamp"), []);
  const bad = readMem0SearchResults({ "0": [item([hit("x", 0.5, "yesterday")])] });
  assert.match(bad.problems.at(-1)!.detail, /1 time value\(s\) not recognised/);
});

Deno.test("readMem0SearchResults() chooses a conversation by key or sample id", () => {
  const data = { "0": [item([hit("a")])], "1": [item([hit("b")])] };
  assert.deepEqual(mem0SearchConversations(data), [["0", "conv-26"], ["1", "conv-30"]]);
  assert.equal(readMem0SearchResults(data, { conversation: "conv-30" }).memories[0].text, "b");
  assert.equal(readMem0SearchResults(data, { conversation: "0" }).memories[0].text, "a");
  assert.deepEqual(readMem0SearchResultsAll(data).map((s) => s.instance), ["conv-26", "conv-30"]);
  assert.match(expectError(() => readMem0SearchResults(data)).message, /holds 2 \(keys 0, 1\)/);
  assert.match(
    expectError(() => readMem0SearchResults(data, { conversation: "conv-99" })).message,
    /expected conversation 'conv-99'/,
  );
});

Deno.test("readMem0SearchResults() names the JSON path of a malformed value", () => {
  const cases: [unknown, string, string][] = [
    [[1], "(root)", "expected an object"],
    [{}, "(root)", "an empty object"],
    [{ "0": {} }, "0", "expected a list of QA items"],
    [{ "0": [3] }, "0[0]", "expected an object, got number 3"],
    [
      { "0": [{ question: "q", speaker_1_memories: [] }] },
      "0[0].speaker_2_memories",
      "list of search hits",
    ],
    [
      { "0": [item([hit("a"), { memory: 1, timestamp: "t", score: 0 }])] },
      "0[0].speaker_1_memories[1].memory",
      "expected a string",
    ],
    [
      { "0": [item([], [{ memory: "m", score: 0.1 }])] },
      "0[0].speaker_2_memories[0].timestamp",
      "expected a string",
    ],
    [
      { "0": [item([{ memory: "m", timestamp: "t", score: "high" }])] },
      "0[0].speaker_1_memories[0].score",
      "expected a finite number",
    ],
  ];
  for (const [data, path, expected] of cases) {
    const e = expectError(() => readMem0SearchResults(data, { file: "bad.json" }));
    assert.equal(e.where && "path" in e.where ? e.where.path : "", path, e.message);
    assert.ok(
      e.message.startsWith(`Cannot read bad.json: ${path}: mem0_search_results: `),
      e.message,
    );
    assert.ok(e.message.includes(expected), e.message);
  }
});

Deno.test({
  name:
    "readStoreFileDetected() reads the shipped Mem0 output: 510 distinct memories from 11,940 hits",
  ignore: shipped === null,
  async fn() {
    const r = await readStoreFileDetected(shipped!, "auto");
    assert.equal(r.format, "mem0_search_results");
    assert.match(r.reason, /^Mem0 evaluation output/);
    assert.equal(r.stores.length, 1);
    const [s] = r.stores;
    assert.equal(s.instance, "conv-26");
    assert.equal(s.memories.length, 510);
    assert.deepEqual(s.meta, {
      key: "0",
      questions: 199,
      hits: 11940,
      perSpeaker: { speaker_1: 261, speaker_2: 249 },
    });
    const raw = s.memories.map((m) => m.raw as Mem0SearchMemoryRaw);
    // Every hit is in some memory's count (top-30 per speaker, no repeats within an item).
    assert.equal(raw.reduce((a, x) => a + x.retrievals, 0), 11940);
    assert.equal(Math.max(...raw.map((x) => x.retrievals)), 92);
    assert.equal(s.memories.every((m) => parseTime(m.created_at) !== null), true);
    assert.deepEqual(s.problems.map((p) => p.code), ["not_mapped"]);
  },
});
