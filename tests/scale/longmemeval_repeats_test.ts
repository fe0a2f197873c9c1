/**
 * longMemEvalLadderSource() reports a repeated question or session id and
 * keeps one copy (issue 22 item 3: the filler repeated, the query counted twice).
 */
import assert from "node:assert/strict";
import { buildLadder } from "../../lib/scale/ladder.ts";
import { loadLongMemEval, longMemEvalLadderSource } from "../../lib/scale/sources/longmemeval.ts";

const FIXTURE = new URL("./fixtures/longmemeval_small.json", import.meta.url).pathname;

Deno.test("longMemEvalLadderSource() leaves out a repeated question_id and reports it", async () => {
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

Deno.test("longMemEvalLadderSource() draws a session listed twice in a haystack once", async () => {
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
