/** lib/writers/estimated_writers.ts: GVT and the utility writer on estimated values. */
import assert from "node:assert/strict";
import { compilePackage, parsePackage } from "memaudit";
import { estimatedGvt, estimatedUtility } from "../../lib/writers/estimated_writers.ts";
import { build, updateStress } from "./_fixtures.ts";

Deno.test("estimatedGvt() chooses λ = 0.845 by the estimated total 4.5575 (update-stress fixture)", () => {
  const r = estimatedGvt(updateStress(), 3);
  assert.equal(r.details!.lambda, 1.69 / 2);
  assert.ok(Math.abs((r.details!.estimatedTotal as number) - 4.5575) <= 1e-12);
  assert.equal(r.details!.gridSize, 6);
  assert.ok(Math.abs(r.trace[1].estimated! - 3.875 * 0.74) <= 1e-12);
  assert.equal(r.trace[1].gain, 2); // the oracle marginal of the tombstone
});

Deno.test("estimatedUtility() takes the tombstone (estimate 3.875), then old_atomic (1.69 x novelty 0.675)", () => {
  const r = estimatedUtility(updateStress(), 3);
  assert.deepEqual(r.store, ["new_tombstone", "old_atomic"]);
  assert.ok(Math.abs(r.value - 2.1) <= 1e-12);
  assert.ok(Math.abs(r.trace[0].estimated! - 3.875) <= 1e-12);
  assert.ok(Math.abs(r.trace[1].estimated! - 1.69 * 0.675) <= 1e-12);
});

Deno.test("estimatedUtility() and estimatedGvt() use estimated_value when candidates carry it", () => {
  // The estimate says the cheap fact is worth 10: both writers take it although the oracle
  // value of the raw span is higher.
  const cp = build([["e", 0]], [["u", 1], ["v", 1]], [
    ["fact", "e", "atomic_fact", 1, { u: 1 }],
    ["raw", "e", "raw_span", 2, { u: 1, v: 1 }],
  ]);
  const cp2 = compilePackage(parsePackage({
    ...cp.pkg,
    candidates: cp.pkg.candidates.map((c) => ({ ...c, estimated_value: c.id === "fact" ? 10 : 1 })),
  }));
  assert.deepEqual(estimatedUtility(cp2, 3).store, ["fact"]);
  assert.deepEqual(estimatedGvt(cp2, 3).store, ["fact"]);
  assert.equal(estimatedGvt(cp2, 3).value, 1);
});

Deno.test("estimatedGvt() and estimatedUtility() refuse a negative budget", () => {
  assert.throws(() => estimatedGvt(updateStress(), -1), RangeError);
  assert.throws(() => estimatedUtility(updateStress(), NaN), RangeError);
});
