import assert from "node:assert/strict";
import { densityOnly } from "../../lib/writers/density_only.ts";
import { greedy } from "../../lib/writers/greedy.ts";
import { oracleGvt, singletonDensityGrid } from "../../lib/writers/oracle_gvt.ts";
import { build } from "./_fixtures.ts";

// One group, all with Δ = 1: "z" costs 2, "a" and "b" cost 1.
const oneGroup = () =>
  build([["e", 0]], [["u", 1]], [
    ["z", "e", "summary", 2, { u: 1 }],
    ["a", "e", "atomic_fact", 1, { u: 1 }],
    ["b", "e", "atomic_fact", 1, { u: 1 }],
  ]);

Deno.test("oracleGvt() breaks equal Δ by lower cost, then the largest id", () => {
  const r = oracleGvt(oneGroup(), 5);
  assert.deepEqual(r.store, ["b"]);
  assert.deepEqual(singletonDensityGrid(oneGroup(), 5), [1, 0.5, 0]);
});

Deno.test("densityOnly() and greedy() break equal density and Δ by lower cost, then the largest id", () => {
  assert.deepEqual(densityOnly(oneGroup(), 5).store, ["b"]);
  assert.deepEqual(greedy(oneGroup(), 5).store, ["b"]);
});

Deno.test("oracleGvt() prefers the larger raw marginal over density among admissible candidates", () => {
  // x: Δ 0.5, cost 1 (density 0.5); y: Δ 1, cost 3 (density 1/3). Density-only takes x;
  // GVT at λ = 1/3 admits both and takes y (F 1 beats F 0.5 at λ = 0.5).
  const cp = build([["e", 0]], [["u", 1]], [
    ["x", "e", "atomic_fact", 1, { u: 0.5 }],
    ["y", "e", "raw_span", 3, { u: 1 }],
  ]);
  assert.deepEqual(oracleGvt(cp, 3).store, ["y"]);
  assert.deepEqual(densityOnly(cp, 3).store, ["x"]);
});

Deno.test("oracleGvt() replaces an equal-F incumbent (within 1e-12) by a cheaper grid store", () => {
  // Units A (w 2), B (w 1). g1: s (cost 0.6, B). g2: mid (0.6, A), big (1.5, A + B).
  // Grid [10/3, 2, 5/3, 0]: λ = 2 gives {big} (F 3, cost 1.5); λ = 5/3 gives {s, mid}
  // (F 3, cost 1.2), which replaces it.
  const cp = build([["g1", 0], ["g2", 1]], [["A", 2], ["B", 1]], [
    ["s", "g1", "atomic_fact", 0.6, { B: 1 }],
    ["mid", "g2", "atomic_fact", 0.6, { A: 1 }],
    ["big", "g2", "compound_update", 1.5, { A: 1, B: 1 }],
  ]);
  const r = oracleGvt(cp, 4);
  assert.deepEqual(r.store, ["s", "mid"]);
  assert.equal(r.value, 3);
  assert.equal(r.details!.lambda, 1 / 0.6);
  assert.equal(r.details!.gridSize, 4);
});

Deno.test("greedy() is global while densityOnly() is online per group", () => {
  // g1 arrives first with a mediocre candidate; the global greedy waits for g2's better one.
  const cp = build([["g1", 0], ["g2", 1]], [["u", 1], ["v", 1]], [
    ["p", "g1", "atomic_fact", 2, { u: 1 }],
    ["q", "g2", "atomic_fact", 2, { u: 1, v: 1 }],
  ]);
  assert.deepEqual(densityOnly(cp, 2).store, ["p"]);
  assert.deepEqual(greedy(cp, 2).store, ["q"]);
});

Deno.test("oracleGvt() skips candidates with Δ <= 1e-12 and returns an empty store when nothing fits", () => {
  const cp = build([["e", 0]], [["u", 0]], [["z", "e", "raw", 1, { u: 1 }]]);
  assert.deepEqual(oracleGvt(cp, 5).store, []);
  assert.deepEqual(oracleGvt(oneGroup(), 0.5).store, []);
  assert.deepEqual(singletonDensityGrid(oneGroup(), 0.5), [0]);
  assert.throws(() => oracleGvt(oneGroup(), -1), RangeError);
  assert.throws(() => greedy(oneGroup(), NaN), RangeError);
});

Deno.test('greedy() and oracleGvt() compare ids by code point ("a" > "Z"), not by locale', () => {
  const cp = build([["e", 0]], [["u", 1]], [
    ["Z", "e", "atomic_fact", 1, { u: 1 }],
    ["a", "e", "atomic_fact", 1, { u: 1 }],
  ]);
  assert.deepEqual(greedy(cp, 1).store, ["a"]);
  assert.deepEqual(oracleGvt(cp, 1).store, ["a"]);
  assert.deepEqual(densityOnly(cp, 1).store, ["a"]);
});
