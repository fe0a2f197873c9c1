/** lib/scale/score_report.ts: the `memaudit scale score --json` report, declared once. */
import assert from "node:assert/strict";
import { readTrajectories } from "../../lib/scale/trajectory.ts";
import { scoreScale } from "../../lib/scale/score.ts";
import {
  SCALE_GROUP_COLUMNS,
  scaleScoreReport,
  ScaleScoreReportSchema,
} from "../../lib/scale/score_report.ts";

const LINES = [
  '{"query_id":"q1","scale":0,"agent":"a","system":"m","R":1,"correct":true}',
  '{"query_id":"q2","scale":0,"agent":"a","system":"m","R":3,"correct":true}',
  '{"query_id":"q1","scale":100,"agent":"a","system":"m","R":2,"correct":false}',
  '{"query_id":"q2","scale":100,"agent":"a","system":"m","R":4,"correct":true}',
].join("\n");

Deno.test("scaleScoreReport(): Pass@B per scale, s*_alpha, keys in the schema's order", () => {
  const res = scoreScale(readTrajectories(LINES, "t.jsonl").map((t) => t), {
    budget: 2,
    alpha: 0.5,
    resamples: 0,
  });
  const r = scaleScoreReport(res, { format: "memaudit", skipped: [], warnings: [] });
  // B = 2: at scale 0, q1 passes (R 1), q2 exhausts (R 3); at 100, q1 is wrong, q2 exhausts.
  assert.deepEqual(r.groups.map((g) => [g.scale, g.pass_at_b, g.p_exh, g.p_wrong]), [
    [0, 0.5, 0.5, 0],
    [100, 0, 0.5, 0.5],
  ]);
  assert.equal(r.boundaries[0].s_star, 100);
  assert.deepEqual(Object.keys(r), Object.keys(ScaleScoreReportSchema.shape));
  assert.deepEqual(Object.keys(r.params), [
    "budget",
    "alpha",
    "boundary_rule",
    "bootstrap",
    "ladder",
    "n",
    "format",
  ]);
  // What the intervals need to recur: resamples, level and seed (resamples 0: none).
  assert.deepEqual(r.params.bootstrap, { resamples: 0, level: 0.95, seed: 0, unit: "query_id" });
  assert.ok(SCALE_GROUP_COLUMNS.includes("pass_ci_half_width"));
});
