/** One bare LongMemEval instance reads like the published list (issue 22 item 2). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../../lib/base/errors.ts";
import {
  loadLongMemEval,
  longMemEvalLadderSource,
  parseLongMemEval,
} from "../../../lib/scale/sources/longmemeval.ts";
import { assertOneLine, memaudit, ROOT, SMALL_LADDER_SOURCE } from "../../cli/_run.ts";
import { withTempDir } from "../../_tmp.ts";
import { buildLadder } from "../../../lib/scale/ladder.ts";

const list = () => JSON.parse(Deno.readTextFileSync(join(ROOT, SMALL_LADDER_SOURCE)));

Deno.test("parseLongMemEval() reads a bare instance as a list of one; its errors have no [0]", () => {
  const [first] = list();
  const one = parseLongMemEval(first, "one.json");
  assert.deepEqual(one.map((x) => x.question_id), ["e47becba"]);
  assert.deepEqual(one, parseLongMemEval([first], "list.json"));
  assert.throws(
    () => parseLongMemEval({ ...first, haystack_dates: [] }, "one.json"),
    (e: unknown) =>
      e instanceof InputError &&
      // One check with lib/longmemeval/read.ts: the question is named (was "expected 4 entries").
      /one\.json: haystack_dates: question 'e47becba': expected one date per haystack_session_ids entry: 0 dates, 4 ids$/
        .test(e.message),
  );
  assert.throws(
    () => parseLongMemEval({ ...first, answer: null }, "one.json"),
    (e: unknown) => e instanceof InputError && /one\.json: answer/.test(e.message),
  );
});

Deno.test("scale ladder builds from one bare LongMemEval instance outside the repository", async () => {
  await withTempDir(async (dir) => {
    const f = join(dir, "one instance.json");
    await Deno.writeTextFile(f, JSON.stringify(list()[0]));
    const r = await memaudit(["scale", "ladder", f, "--out", join(dir, "l"), "--n-irr", "0,2"]);
    assert.equal(r.code, 0, r.stderr);
    const s1 = JSON.parse(await Deno.readTextFile(join(dir, "l", "instances_s1.json")));
    assert.deepEqual(s1.map((x: { question_id: string }) => x.question_id), ["e47becba"]);
    assert.equal(s1[0].haystack_session_ids.length, 3);
    const bad = join(dir, "bad.json");
    await Deno.writeTextFile(bad, '"a string"');
    assertOneLine(
      await memaudit(["scale", "ladder", bad, "--out", join(dir, "m")]),
      /bad\.json: \(root\): a JSON list of LoCoMo samples or LongMemEval instances, or one LongMemEval instance/,
    );
  });
});

// --- Cases from tests/scale/longmemeval_repeats_test.ts (repeats) ---
/**
 * longMemEvalLadderSource() reports a repeated question or session id and
 * keeps one copy (issue 22 item 3: the filler repeated, the query counted twice).
 */
const FIXTURE = new URL("../fixtures/longmemeval_small.json", import.meta.url).pathname;

Deno.test("longMemEvalLadderSource() leaves out a repeated question_id and reports it (repeats)", async () => {
  const insts = await loadLongMemEval(FIXTURE);
  const src = longMemEvalLadderSource([...insts, insts[1]]);
  assert.equal(src.queries.length, insts.length);
  assert.equal(src.queries.filter((q) => q.queryId === insts[1].question_id).length, 1);
  assert.deepEqual(src.issues.filter((i) => i.code === "question_id_repeated"), [{
    code: "question_id_repeated",
    ref: insts[1].question_id,
    detail: `instance [4] repeats the question_id of instance [1]: left out`,
  }]);
});

Deno.test("longMemEvalLadderSource() draws a session listed twice in a haystack once (repeats)", async () => {
  const insts = await loadLongMemEval(FIXTURE);
  const q = structuredClone(insts[0]);
  const k = q.haystack_session_ids.findIndex((id) => !q.answer_session_ids.includes(id));
  const id = q.haystack_session_ids[k];
  q.haystack_session_ids.push(id);
  q.haystack_dates.push(q.haystack_dates[k]);
  q.haystack_sessions.push(q.haystack_sessions[k]);
  const last = q.haystack_session_ids.length - 1;
  const src = longMemEvalLadderSource([q]);
  const own = src.queries[0].own.map((s) => s.id);
  assert.equal(own.filter((x) => x === id).length, 1, own.join(","));
  assert.deepEqual(src.issues.filter((i) => i.code === "session_id_repeated"), [{
    code: "session_id_repeated",
    ref: `${q.question_id}/${id}`,
    detail: `haystack_session_ids[${last}] repeats haystack_session_ids[${k}]: left out`,
  }]);
  // At the top of the ladder every filler session is a distinct one.
  const top = own.length;
  const ladder = buildLadder(src, { seed: 1, nIrr: [0, top] });
  const ids = ladder.queries[0].rungs[1].sessions.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length, ids.join(","));
});

// --- One check with lib/longmemeval/read.ts (the two validators of the same format, merged) ---

Deno.test("parseLongMemEval() reads a numeric answer as its decimal string and tells it (was kept a number, silently)", () => {
  const l = list();
  l[0].answer = 1300;
  l[2].answer = 2.5;
  const warnings: string[] = [];
  const got = parseLongMemEval(l, "n.json", { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(got.map((x) => x.answer), ["1300", l[1].answer, "2.5", l[3].answer]);
  assert.deepEqual(
    warnings.filter((w) => /numbers/.test(w)),
    [
      `n.json: 2 answer(s) are numbers in the file, read as their decimal strings (${
        l[0].question_id
      }, ${l[2].question_id})`,
    ],
  );
  const src = longMemEvalLadderSource(got);
  assert.equal(src.queries[0].answer, "1300");
});

Deno.test("parseLongMemEval() refuses what the streamed reader refuses: a repeated question id, an answer session outside the haystack (both were accepted)", () => {
  const l = list();
  const dup = structuredClone(l);
  dup[2].question_id = dup[0].question_id;
  assert.throws(
    () => parseLongMemEval(dup, "d.json"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message ===
        `Cannot read d.json: [2].question_id: question '${
          dup[0].question_id
        }': expected each question once, it is also element [0]`,
  );
  const out = structuredClone(l);
  out[1].answer_session_ids.push("nowhere");
  const k = out[1].answer_session_ids.length - 1;
  assert.throws(
    () => parseLongMemEval(out, "o.json"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message ===
        `Cannot read o.json: [1].answer_session_ids[${k}]: question '${
          out[1].question_id
        }': expected an id among haystack_session_ids, 'nowhere' is missing from the haystack`,
  );
});

Deno.test("parseLongMemEval() keeps a null question_date (was refused); the ladder source leaves that question out and says why", () => {
  const l = list();
  l[1].question_date = null;
  l[1].extra = { kept: false };
  const got = parseLongMemEval(l, "q.json");
  assert.equal(got[1].question_date, null);
  assert.equal("extra" in got[1], false);
  const src = longMemEvalLadderSource(got);
  assert.deepEqual(src.queries.map((q) => q.queryId), [l[0], l[2], l[3]].map((x) => x.question_id));
  assert.deepEqual(src.issues.filter((i) => i.code === "query_dropped"), [{
    code: "query_dropped",
    ref: l[1].question_id,
    detail: "question_date null is not of the form 2023/05/20 (Sat) 02:21",
  }]);
});

const SHARED_S = join(ROOT, "..", "shared", "data", "longmemeval", "longmemeval_s_30.json.gz");

Deno.test({
  name:
    "parseLongMemEval() and readLongMemEval() give the same instances and warnings on the shared S copy",
  ignore: !(await Deno.stat(SHARED_S).then(() => true, () => false)),
  fn: async () => {
    const { readLongMemEval } = await import("../../../lib/longmemeval/read.ts");
    const streamed: string[] = [], parsed: string[] = [];
    const a = await Array.fromAsync(
      readLongMemEval(SHARED_S, { onWarning: (w) => streamed.push(w) }),
    );
    const bytes = (await Deno.open(SHARED_S)).readable.pipeThrough(
      new DecompressionStream("gzip"),
    );
    const data = JSON.parse(await new Response(bytes).text());
    const b = parseLongMemEval(data, SHARED_S, { onWarning: (w) => parsed.push(w) });
    assert.equal(b.length, 30);
    assert.deepEqual(b, a);
    assert.deepEqual(parsed, streamed);
    // One numeric answer (d682f1a2: 3), two repeated session ids, and the no-evidence questions.
    assert.equal(b.find((x) => x.question_id === "d682f1a2")?.answer, "3");
    assert.equal(parsed.filter((w) => /repeats/.test(w)).length, 2);
    assert.match(parsed.at(-1)!, /: 1 answer\(s\) are numbers in the file, .*\(d682f1a2\)$/);
  },
});
