/** buildLadder with a last N_irr "all": every own non-evidence session, own sessions only, nested. */
import assert from "node:assert/strict";
import { buildLadder, ladderInstances, ladderManifest } from "../../lib/scale/ladder.ts";
import {
  type LongMemEvalInstance,
  longMemEvalLadderSource,
} from "../../lib/scale/sources/longmemeval.ts";
import { formatLongMemEvalDate } from "../../lib/scale/sources/dates.ts";

function inst(qid: string, own: number): LongMemEvalInstance {
  const ids = [`answer_${qid}`, ...Array.from({ length: own }, (_, i) => `${qid}_own${i}`)];
  return {
    question_id: qid,
    question_type: "single-session-user",
    question: "Where?",
    answer: "Oslo",
    question_date: formatLongMemEvalDate(27_000_000 + 100_000),
    haystack_session_ids: ids,
    haystack_dates: ids.map((_, i) => formatLongMemEvalDate(27_000_000 + i * 60)),
    haystack_sessions: ids.map((id, i) =>
      i === 0
        ? [{ role: "user" as const, content: "I moved to Oslo", has_answer: true }]
        : [{ role: "user" as const, content: `chat ${id}` }]
    ),
    answer_session_ids: [`answer_${qid}`],
  };
}

Deno.test('buildLadder() "all": each query\'s whole own haystack, own sessions only, nested', () => {
  const src = longMemEvalLadderSource([inst("a", 5), inst("b", 7), inst("c", 2)]);
  const ladder = buildLadder(src, { seed: 3, nIrr: [0, 2, 4, "all"] });
  assert.deepEqual(ladder.scales, [
    { label: "s0", nIrr: 0 },
    { label: "s1", nIrr: 2 },
    { label: "s2", nIrr: 4 },
    { label: "s3", nIrr: 7, all: true },
  ]);
  // c has 2 own sessions, fewer than 4: left out (the cross pool would break "own only").
  assert.deepEqual(ladder.queries.map((q) => q.query.queryId), ["a", "b"]);
  assert.ok(ladder.issues.some((i) => i.code === "query_unreachable" && i.ref === "c"));
  for (const q of ladder.queries) {
    const own = q.query.own.length;
    const sizes = q.rungs.map((r) => r.fillerIds.length);
    assert.deepEqual(sizes, [0, 2, 4, own]);
    for (let j = 1; j < q.rungs.length; j++) {
      assert.deepEqual(q.rungs[j].fillerIds.slice(0, sizes[j - 1]), q.rungs[j - 1].fillerIds);
    }
    for (const id of q.rungs[3].fillerIds) assert.ok(id.startsWith(`${q.query.queryId}_own`));
  }
  // The "all" rung holds the query's own haystack (same set of sessions, in date order).
  const all = ladderInstances(ladder, "s3");
  assert.deepEqual(all[1].haystack_session_ids, inst("b", 7).haystack_session_ids);
  assert.deepEqual(
    ladderManifest(ladder).filter((r) => r.scale === "s3").map((r) => r.nIrr),
    [5, 7],
  );
  assert.throws(
    () => buildLadder(src, { seed: 3, nIrr: [0, "all", 4] }),
    /"all" can only be the last/,
  );
});
