import assert from "node:assert/strict";
import { compilePackage, parsePackage } from "memaudit";
import type { CompiledPackage } from "memaudit";
import { densityOnly } from "../../lib/writers/density_only.ts";
import { oracleGvt, singletonDensityGrid } from "../../lib/writers/oracle_gvt.ts";
import { generate } from "../../lib/generate/distributions.ts";
import { baseSeed0, build, oneGroup } from "./_fixtures.ts";
import { greedy } from "../../lib/writers/greedy.ts";

// ARTIFACT-SPEC Appendix D item 7 (base, seed 0).
const BUDGETS = [1, 2, 4, 8, 16];
const GVT = [2.25, 4.50, 6.75, 10.40, 12.74];
const DENSITY = [2.25, 1.20, 2.20, 3.75, 8.40];

function checkGolden(cp: CompiledPackage, what: string): void {
  BUDGETS.forEach((b, i) => {
    const g = oracleGvt(cp, b), d = densityOnly(cp, b);
    assert.ok(Math.abs(g.value - GVT[i]) <= 1e-9, `${what} GVT at B = ${b}: ${g.value}`);
    assert.ok(
      Math.abs(d.value - DENSITY[i]) <= 1e-9,
      `${what} density-only at B = ${b}: ${d.value}`,
    );
  });
}

Deno.test("oracleGvt() and densityOnly() reproduce the base seed-0 golden values (hand-built package)", () => {
  checkGolden(baseSeed0(), "hand-built");
});

Deno.test("oracleGvt() picks both compound updates and the heaviest fact of base seed 0 at B = 8", () => {
  const cp = baseSeed0();
  // λ = 0.7 = 1.4/2 (fact 2's atomic fact): 1.4 + 4.5 + 4.5 = 10.4
  assert.deepEqual(oracleGvt(cp, 8).store, [
    "s0_fact_2_atomic_fact",
    "s0_pref_0_update_compound_update",
    "s0_pref_1_update_compound_update",
  ]);
  // density-only takes the cheap fact first in every group and runs out of budget
  assert.deepEqual(densityOnly(cp, 2).store, ["s0_fact_0_atomic_fact"]);
});

Deno.test('oracleGvt() and densityOnly() reproduce the golden values on generate("base", 0)', () => {
  const cp = compilePackage(parsePackage(generate("base", 0)));
  checkGolden(cp, "generate(base, 0)");
  const hand = baseSeed0();
  for (const b of BUDGETS) {
    assert.deepEqual(oracleGvt(cp, b).store, oracleGvt(hand, b).store, `GVT store at B = ${b}`);
    assert.deepEqual(
      densityOnly(cp, b).store,
      densityOnly(hand, b).store,
      `density store at B = ${b}`,
    );
  }
});

// --- Cases from tests/writers/tie_break_test.ts (tie break) ---

Deno.test("oracleGvt() breaks equal Δ by lower cost, then the largest id (tie break)", () => {
  const r = oracleGvt(oneGroup(), 5);
  assert.deepEqual(r.store, ["b"]);
  assert.deepEqual(singletonDensityGrid(oneGroup(), 5), [1, 0.5, 0]);
});

Deno.test("oracleGvt() prefers the larger raw marginal over density among admissible candidates (tie break)", () => {
  // x: Δ 0.5, cost 1 (density 0.5); y: Δ 1, cost 3 (density 1/3). Density-only takes x;
  // GVT at λ = 1/3 admits both and takes y (F 1 beats F 0.5 at λ = 0.5).
  const cp = build([["e", 0]], [["u", 1]], [
    ["x", "e", "atomic_fact", 1, { u: 0.5 }],
    ["y", "e", "raw_span", 3, { u: 1 }],
  ]);
  assert.deepEqual(oracleGvt(cp, 3).store, ["y"]);
  assert.deepEqual(densityOnly(cp, 3).store, ["x"]);
});

Deno.test("oracleGvt() replaces an equal-F incumbent (within 1e-12) by a cheaper grid store (tie break)", () => {
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

Deno.test("oracleGvt() skips candidates with Δ <= 1e-12 and returns an empty store when nothing fits (tie break)", () => {
  const cp = build([["e", 0]], [["u", 0]], [["z", "e", "raw", 1, { u: 1 }]]);
  assert.deepEqual(oracleGvt(cp, 5).store, []);
  assert.deepEqual(oracleGvt(oneGroup(), 0.5).store, []);
  assert.deepEqual(singletonDensityGrid(oneGroup(), 0.5), [0]);
  assert.throws(() => oracleGvt(oneGroup(), -1), RangeError);
});

Deno.test('greedy() and oracleGvt() compare ids by code point ("a" > "Z"), not by locale (tie break)', () => {
  const cp = build([["e", 0]], [["u", 1]], [
    ["Z", "e", "atomic_fact", 1, { u: 1 }],
    ["a", "e", "atomic_fact", 1, { u: 1 }],
  ]);
  assert.deepEqual(greedy(cp, 1).store, ["a"]);
  assert.deepEqual(oracleGvt(cp, 1).store, ["a"]);
  assert.deepEqual(densityOnly(cp, 1).store, ["a"]);
});
