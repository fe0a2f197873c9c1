/** lib/writers/greedy.ts: the global marginal-density greedy and its type-restricted variants. */
import assert from "node:assert/strict";
import { factOnly, greedy, summaryOnly } from "../../lib/writers/greedy.ts";
import { build, oneGroup, updateStress } from "./_fixtures.ts";

Deno.test("greedy() breaks equal density and Δ by lower cost, then the largest id (tie break)", () => {
  assert.deepEqual(greedy(oneGroup(), 5).store, ["b"]);
});

Deno.test("greedy() is global: it waits for a later group's better candidate (tie break)", () => {
  // g1 arrives first with a mediocre candidate; the global greedy waits for g2's better one.
  const cp = build([["g1", 0], ["g2", 1]], [["u", 1], ["v", 1]], [
    ["p", "g1", "atomic_fact", 2, { u: 1 }],
    ["q", "g2", "atomic_fact", 2, { u: 1, v: 1 }],
  ]);
  assert.deepEqual(greedy(cp, 2).store, ["q"]);
});

Deno.test("greedy() trace records gain, density and value after each step (update-stress fixture)", () => {
  const r = greedy(updateStress(), 3);
  assert.equal(r.writer, "greedy");
  assert.equal(r.label, "Greedy");
  assert.equal(r.trace.length, 2);
  assert.deepEqual(r.trace[0], {
    candidate: "new_tombstone",
    gain: 2,
    cost: 1,
    density: 2,
    value: 2,
  });
  assert.equal(r.trace[1].candidate, "old_atomic");
  assert.ok(Math.abs(r.trace[1].gain - 0.1) <= 1e-12);
  assert.ok(Math.abs(r.trace[1].density - 0.05) <= 1e-12);
  assert.equal(r.trace[1].value, r.value);
  assert.equal(r.cost, 3);
});

Deno.test("factOnly() and summaryOnly() use only atomic_fact and only summary candidates", () => {
  // Update stress at B = 3, atomic facts only: new_atomic (Δ 2, cost 2) first; old_atomic (cost 2)
  // no longer fits.
  const f = factOnly(updateStress(), 3);
  assert.deepEqual([f.writer, f.label, f.store, f.value, f.cost], [
    "fact_only",
    "Fact-only",
    ["new_atomic"],
    2,
    2,
  ]);
  // No summary candidate: an empty store.
  assert.deepEqual(summaryOnly(updateStress(), 3).store, []);
  // One group, B = 5: the summary z is the only candidate summaryOnly may take.
  const s = summaryOnly(oneGroup(), 5);
  assert.deepEqual([s.writer, s.store, s.value], ["summary_only", ["z"], 1]);
  assert.deepEqual(factOnly(oneGroup(), 5).store, ["b"]);
});

Deno.test("greedy() with an allow filter and its own id; a bad budget is a RangeError", () => {
  const r = greedy(oneGroup(), 5, { allow: (c) => c !== 1 && c !== 2, writer: "x", label: "X" });
  assert.deepEqual([r.writer, r.label, r.store], ["x", "X", ["z"]]);
  assert.throws(() => greedy(oneGroup(), NaN), RangeError);
  assert.throws(() => factOnly(oneGroup(), -1), RangeError);
});
