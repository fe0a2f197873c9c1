import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { detectStoreFormat } from "../../lib/systems/detect_format.ts";
import { readStoreFileDetected } from "../../lib/systems/read_store.ts";
import { FIX } from "./_fixtures.ts";

Deno.test("detectStoreFormat() names the format of every fixture export", async () => {
  const expected: [string, string][] = [
    ["mem0_get_all_v1.1.json", "mem0_get_all"],
    ["mem0_get_all_v2.json", "mem0_get_all"],
    ["mem0_search.json", "mem0_get_all"],
    ["mem0_events.json", "mem0_events"],
    ["letta_memory.json", "letta"],
    ["letta_agent_v2.af", "letta_agent_file"],
    ["amem_notes.json", "amem"],
    ["amem_chroma.json", "amem"],
    ["generic.jsonl", "generic_jsonl"],
    ["mem0_3x_get_all.json", "mem0_get_all"],
    ["mem0_3x_add.json", "mem0_events"],
    ["mem0_3x_history.json", "mem0_events"],
    ["memvid_memories.json", "memvid_cards"],
    ["memvid_facts.json", "memvid_cards"],
    ["memvid_facts.csv", "memvid_cards"],
    ["mcp_memory.jsonl", "mcp_memory"],
    ["mcp_read_graph.json", "mcp_memory"],
  ];
  for (const [file, format] of expected) {
    const d = detectStoreFormat(await Deno.readTextFile(FIX + file), file);
    assert.equal(d.format, format, `${file}: ${d.reason}`);
    assert.ok(d.reason.length > 10);
  }
});

Deno.test("detectStoreFormat() tells text, JSONL and Mem0 evaluation output apart", () => {
  assert.deepEqual(detectStoreFormat("\uFEFFTim reads.\n\nJohn plays.\n"), {
    format: "openai_memory",
    reason: "plain text: 2 paragraph(s), one memory each (OpenAI memory)",
  });
  assert.equal(
    detectStoreFormat('{"memories": []}\n{"memories": []}\n').format,
    "generic_jsonl",
  );
  assert.equal(
    detectStoreFormat(JSON.stringify({ "0": [{ question: "q", speaker_1_memories: [] }] })).format,
    "mem0_search_results",
  );
  assert.equal(detectStoreFormat('[{"event": "ADD", "id": "a"}]').format, "mem0_events");
  assert.equal(detectStoreFormat('[{"id": "a", "memory": "m"}]').format, "mem0_get_all");
});

Deno.test("detectStoreFormat() gives its reason for the mem0 3.x, Memvid and MCP memory shapes", () => {
  const reason = (v: unknown) => {
    const d = detectStoreFormat(typeof v === "string" ? v : JSON.stringify(v));
    return `${d.format}: ${d.reason}`;
  };
  const add = { id: "a", memory: "m", metadata: { event: "ADD" } };
  assert.equal(
    reason({ results: [add] }),
    "mem0_events: a mem0 3.x add() return {results: [{id, memory, metadata: {event}}]}",
  );
  assert.equal(reason([add]), "mem0_events: a list of mem0 3.x add() events (metadata.event)");
  assert.equal(
    reason({ results: [{ ...add, hash: "h", createdAt: "2026-01-01" }] }),
    "mem0_get_all: a Mem0 get_all()/search() export {results: [...]}",
  );
  assert.equal(reason([{ results: [add] }]), "mem0_events: a list of Mem0 add() returns {results}");
  const row = { id: 1, memory_id: "a", action: "ADD", new_value: "m" };
  assert.equal(reason([row]), "mem0_events: a list of mem0 3.x history() rows (action)");
  assert.equal(
    reason([[row]]),
    "mem0_events: a list of Mem0 history() results (one list of rows per memory)",
  );
  assert.equal(
    reason([{ id: 0, entity: "a", slot: "s", value: "v" }]),
    "memvid_cards: a list of Memvid memory cards (entity, slot, value)",
  );
  assert.equal(
    reason('{"type":"entity","name":"Tim","entityType":"person","observations":[]}'),
    "mcp_memory: an MCP memory server memory.jsonl (1 line)",
  );
  assert.equal(
    reason('{"type":"relation","from":"a","to":"b","relationType":"r"}\n{"id":"x"}\n'),
    "generic_jsonl: JSONL: 2 line(s), each a JSON object",
  );
});

Deno.test("detectStoreFormat() refuses empty text, unknown JSON and broken JSON with one line", () => {
  const err = (text: string) => {
    try {
      detectStoreFormat(text, "s.json");
    } catch (e) {
      assert.ok(e instanceof InputError);
      assert.ok(!e.message.includes("\n"));
      return e.message;
    }
    assert.fail("expected an error");
  };
  assert.equal(
    err(" \n"),
    "Cannot read s.json: (root): expected a memory store, the file is empty",
  );
  assert.match(err('{"x": 1}'), /^Cannot read s\.json: \(root\): expected a known store export/);
  assert.equal(
    err('{"x": '),
    "Cannot read s.json: line 1, column 7: expected valid JSON (Unexpected end of JSON input)",
  );
  assert.match(
    err('{"a": 1}\n{"b": \n'),
    /^Cannot read s\.json: line 2: expected JSON, or JSONL with a JSON object per line: /,
  );
  // Blank lines count (the breaker's JSONL named line 3 for the file's 4th), and a JSON text over
  // several lines is named where it breaks, not at its first line.
  assert.match(
    err('{"a": 1}\n\n{"b": 2}\n{"c":\n'),
    /^Cannot read s\.json: line 4: expected JSON, or JSONL with a JSON object per line: /,
  );
  assert.equal(
    err('{"a": 1}\n[1]\n'),
    "Cannot read s.json: line 2: expected JSON, or JSONL with a JSON object per line: found a JSON value that is not an object",
  );
  assert.equal(
    err('{\n  "results": [\n    {"id": "a", "memory": "likes wi'),
    "Cannot read s.json: line 3, column 36: expected valid JSON (Unterminated string, found the end of the text)",
  );
});

Deno.test("readStoreFileDetected() rejects bytes that are not UTF-8, naming the line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/m.txt`;
    await Deno.writeFile(path, new Uint8Array([0x61, 0x0a, 0x0a, 0x62, 0xff, 0x0a]));
    await assert.rejects(
      () => readStoreFileDetected(path, "auto"),
      (e: unknown) =>
        e instanceof InputError &&
        e.message === `Cannot read ${path}: line 3: expected UTF-8 text`,
    );
    await assert.rejects(() => readStoreFileDetected(path, "nope" as "auto"), RangeError);
    await Deno.writeTextFile(path, "one\n\ntwo\n");
    const r = await readStoreFileDetected(path, "openai_memory");
    assert.deepEqual([r.format, r.reason, r.stores[0].memories.length], [
      "openai_memory",
      "given",
      2,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
