/**
 * LongMemEval's retrieval metrics against values computed by upstream's own eval_utils.py (run
 * once with Debian's numpy 1.24.2 on seeded random rankings; the fixture holds only the inputs
 * and the values), compared to the bit, and hand-checked cases.
 */
import assert from "node:assert/strict";
import {
  evaluateRetrieval,
  evaluateRetrievalTurnToSession,
  numpySum,
  sessionOfTurn,
} from "../../lib/scale/retrieval_metrics.ts";

interface Case {
  ids: string[];
  rank: number[];
  correct: string[];
  out: Record<string, [number[], number[]]>;
}
const golden = JSON.parse(
  await Deno.readTextFile(new URL("./fixtures/retrieval_metrics_golden.json", import.meta.url)),
) as { cases: Case[] };

Deno.test("evaluateRetrieval() and the turn-to-session rule equal upstream's values to the bit", () => {
  assert.equal(golden.cases.length, 6);
  let compared = 0;
  for (const c of golden.cases) {
    const correct = new Set(c.correct);
    for (const [k, [turn, session]] of Object.entries(c.out)) {
      const t = evaluateRetrieval(c.rank, correct, c.ids, Number(k));
      const s = evaluateRetrievalTurnToSession(c.rank, correct, c.ids, Number(k));
      assert.deepEqual([t.recall_any, t.recall_all, t.ndcg_any], turn, `turn k=${k}`);
      assert.deepEqual([s.recall_any, s.recall_all, s.ndcg_any], session, `session k=${k}`);
      compared += 6;
    }
  }
  assert.equal(compared, 180);
});

Deno.test("ndcg_any weighs the first two positions alike, as upstream's dcg", () => {
  // Relevant doc at rank 2 (index 1): DCG = 0 + 1/log2(2) = 1 = the ideal DCG of one relevant doc.
  const m = evaluateRetrieval([0, 1, 2], new Set(["b"]), ["a", "b", "c"], 3);
  assert.equal(m.ndcg_any, 1);
  // At rank 3: 1/log2(3).
  const m3 = evaluateRetrieval([0, 2, 1], new Set(["b"]), ["a", "b", "c"], 3);
  assert.equal(m3.ndcg_any, 1 / Math.log2(3));
  assert.deepEqual([m3.recall_any, m3.recall_all], [1, 1]);
  const two = evaluateRetrieval([0, 2, 1], new Set(["b", "c"]), ["a", "b", "c"], 2);
  assert.deepEqual([two.recall_any, two.recall_all], [1, 0]);
});

Deno.test("the turn-to-session rule grows k to k distinct sessions", () => {
  const ids = ["s1_1", "s1_2", "s1_3", "s2_1", "s3_1"];
  // Top 2 turns are both s1: k grows to 4 (s1, s1, s1, s2) to hold two sessions.
  const m = evaluateRetrievalTurnToSession([0, 1, 2, 3, 4], new Set(["s2_1"]), ids, 2);
  assert.equal(m.recall_any, 1);
  const none = evaluateRetrievalTurnToSession([0, 1, 2, 4, 3], new Set(["s2_1"]), ids, 2);
  assert.equal(none.recall_any, 0);
  assert.equal(sessionOfTurn("answer_ab12_3_7"), "answer_ab12_3");
});

Deno.test("numpySum() adds in numpy's pairwise order", () => {
  assert.equal(numpySum([]), 0);
  assert.equal(numpySum([1, 2, 3]), 6);
  // 1/log2(i + 2), i < 8: numpy 1.24 gives 3.9534645161064765, a sequential sum 3.953464516106477.
  const xs = Array.from({ length: 8 }, (_, i) => 1 / Math.log2(i + 2));
  assert.equal(xs.reduce((a, b) => a + b, 0), 3.953464516106477);
  assert.equal(numpySum(xs), 3.9534645161064765);
});
