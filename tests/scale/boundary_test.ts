import assert from "node:assert/strict";
import { compareLadderLabels, usableScaleBoundary } from "../../lib/scale/boundary.ts";

const pts = (vals: number[]) => vals.map((value, j) => ({ scale: 100 * j, value }));

Deno.test("usableScaleBoundary() is the first scale strictly below alpha", () => {
  assert.equal(usableScaleBoundary(pts([0.782, 0.68, 0.6, 0.59, 0.582])).s_star, 100);
  assert.equal(usableScaleBoundary(pts([0.535, 0.53, 0.52, 0.52, 0.522])).s_star, 0);
  assert.equal(usableScaleBoundary(pts([0.7, 0.7])).s_star, ">100");
  assert.equal(usableScaleBoundary(pts([0.7, 0.6999999])).s_star, 100);
  assert.equal(usableScaleBoundary(pts([0.9]), 0.95).s_star, 0);
});

Deno.test("usableScaleBoundary() flags recovery and gives the sustained variant", () => {
  const b = usableScaleBoundary(pts([0.8, 0.6, 0.75, 0.65, 0.6]));
  assert.deepEqual(b, {
    s_star: 100,
    recovers: true,
    s_star_sustained: 300,
    first_index: 1,
    sustained_index: 3,
  });
  const up = usableScaleBoundary(pts([0.8, 0.6, 0.75]));
  assert.equal(up.recovers, true);
  assert.equal(up.s_star_sustained, ">200");
  assert.throws(() => usableScaleBoundary([]), RangeError);
  assert.throws(() => usableScaleBoundary(pts([NaN])), RangeError);
});

Deno.test("compareLadderLabels() compares digit runs as numbers", () => {
  const labels = ["s10", "s2", "s0", "s1", "s2b", "base"];
  assert.deepEqual([...labels].sort(compareLadderLabels), ["base", "s0", "s1", "s2", "s2b", "s10"]);
  assert.ok(compareLadderLabels("s02", "s2") > 0);
  assert.equal(compareLadderLabels("x", "x"), 0);
});
