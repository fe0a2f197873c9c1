/**
 * The ladder's order never follows the input's lines. Before: a label "0" and an N_irr 0 (both
 * shown as 0), or digit labels past 2^53 ("s99999999999999999998", "s99999999999999999999",
 * equal as Number()), compared as ties and kept the lines' order, so reversing the file moved
 * the rows and changed s*_sustained and `recovers`.
 */
import assert from "node:assert/strict";
import { compareLadderLabels } from "../../lib/scale/boundary.ts";
import { scoreScale } from "../../lib/scale/score.ts";
import type { ScoreRecord } from "../../lib/scale/trajectory.ts";

const rec = (scale: ScoreRecord["scale"], correct: boolean): ScoreRecord => ({
  query_id: "q1",
  agent: "a",
  system: "m",
  scale,
  R: 1,
  correct,
});

Deno.test("scoreScale: label '0' and N_irr 0 order the same whatever the line order", () => {
  const recs = [rec({ label: "0" }, true), rec({ n_irr: 0 }, false)];
  const fwd = scoreScale(recs, { resamples: 0 });
  const rev = scoreScale([...recs].reverse(), { resamples: 0 });
  assert.deepEqual(rev, fwd);
  // Both print as 0: said, not silent.
  assert.deepEqual(fwd.warnings, [
    "2 scales print as '0' (a label and an N_irr, not one scale): their rows are told apart " +
    "only by the ladder's order",
  ]);
});

Deno.test("scoreScale: labels equal as Number() order the same whatever the line order", () => {
  const recs = [
    rec({ label: "s99999999999999999999" }, true),
    rec({ label: "s99999999999999999998" }, false),
  ];
  const fwd = scoreScale(recs, { resamples: 0 });
  assert.deepEqual(fwd.ladder, ["s99999999999999999998", "s99999999999999999999"]);
  assert.deepEqual(fwd.warnings, []);
  assert.deepEqual(scoreScale([...recs].reverse(), { resamples: 0 }), fwd);
});

Deno.test("compareLadderLabels: digit runs compare exactly at any length", () => {
  assert.ok(compareLadderLabels("s99999999999999999998", "s99999999999999999999") < 0);
  assert.ok(compareLadderLabels("s100000000000000000000", "s99999999999999999999") > 0);
  assert.ok(compareLadderLabels("s002", "s10") < 0);
  assert.ok(compareLadderLabels("s02", "s2") > 0);
  assert.equal(compareLadderLabels("s0", "s0"), 0);
});
