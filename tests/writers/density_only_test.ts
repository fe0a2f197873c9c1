/** lib/writers/density_only.ts: the online, per-group max-density rule. */
import assert from "node:assert/strict";
import { densityOnly } from "../../lib/writers/density_only.ts";
import { build, oneGroup, updateStress } from "./_fixtures.ts";

Deno.test("densityOnly() breaks equal density and Δ by lower cost, then the largest id (tie break)", () => {
  assert.deepEqual(densityOnly(oneGroup(), 5).store, ["b"]);
});

Deno.test("densityOnly() is online per group: it takes g1's candidate before seeing g2's better one (tie break)", () => {
  const cp = build([["g1", 0], ["g2", 1]], [["u", 1], ["v", 1]], [
    ["p", "g1", "atomic_fact", 2, { u: 1 }],
    ["q", "g2", "atomic_fact", 2, { u: 1, v: 1 }],
  ]);
  assert.deepEqual(densityOnly(cp, 2).store, ["p"]);
});

Deno.test("densityOnly() on the update-stress fixture at B = 3: old_atomic, then new_tombstone (F 2.1)", () => {
  // old_pref arrives first: old_atomic (0.1 / 2) beats old_raw (0.1 / 3); 1 unit of budget is
  // left, and of meal_update only new_tombstone (cost 1, Δ 2) fits.
  const r = densityOnly(updateStress(), 3);
  assert.equal(r.writer, "density_only");
  assert.equal(r.label, "Density-only");
  assert.deepEqual(r.store, ["old_atomic", "new_tombstone"]);
  assert.ok(Math.abs(r.value - 2.1) <= 1e-12, `${r.value}`);
  assert.equal(r.cost, 3);
  assert.deepEqual(r.trace.map((s) => s.candidate), r.store);
});

Deno.test("densityOnly() skips a group where nothing fits; a negative or infinite budget is a RangeError", () => {
  assert.deepEqual(densityOnly(oneGroup(), 0.5).store, []);
  assert.throws(() => densityOnly(oneGroup(), -1), RangeError);
  assert.throws(() => densityOnly(oneGroup(), Infinity), RangeError);
});
