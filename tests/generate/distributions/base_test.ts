/** lib/generate/distributions/base.ts: MemAudit-Small, 3 facts and 2 preference updates (ARTIFACT-SPEC §3.1). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { BASE } from "../../../lib/generate/distributions/base.ts";
import { compilePackage } from "../../../lib/package/compile.ts";
import { solveBnb } from "../../../lib/solve/bnb.ts";
import { SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(BASE, seed);

Deno.test("BASE seed 0 matches the ARTIFACT-SPEC §3.1 example", () => {
  const p = gen(0);
  assert.equal(p.id, "synthetic_seed_0");
  assert.equal(p.weight_source, "explicit");
  assert.deepEqual(weights(p), [
    ["fact:0:0", 1.2],
    ["context:0:0", 0.35],
    ["fact:0:1", 1.0],
    ["fact:0:2", 1.4],
    ["context:0:1", 0.35],
    ["stale:pref:0:0:old", 0.15],
    ["current:pref:0:0:new", 2.25],
    ["invalid:pref:0:0:old_after_update", 2.25],
    ["stale:pref:0:1:old", 0.15],
    ["current:pref:0:1:new", 2.25],
    ["invalid:pref:0:1:old_after_update", 2.25],
  ]);
  const raw = p.candidates.filter((c) => /_fact_\d_raw_span$/.test(c.id)).map((c) => c.cost);
  assert.deepEqual(raw, [6, 6, 6]);
  assert.equal(shape(p)[2], 83);
  assert.deepEqual(p.experiences.map((e) => [e.id, e.order]), [
    ["s0_fact_0", 0],
    ["s0_fact_1", 1],
    ["s0_fact_2", 2],
    ["s0_pref_0_old", 3],
    ["s0_pref_0_update", 4],
    ["s0_pref_1_old", 5],
    ["s0_pref_1_update", 6],
  ]);
  assert.deepEqual(p.candidates.filter((c) => c.experience === "s0_pref_1_update"), [
    {
      id: "s0_pref_1_update_raw_span",
      experience: "s0_pref_1_update",
      kind: "raw",
      representation: "raw_span",
      cost: 6,
    },
    {
      id: "s0_pref_1_update_atomic_fact",
      experience: "s0_pref_1_update",
      kind: "fact",
      representation: "atomic_fact",
      cost: 2,
    },
    {
      id: "s0_pref_1_update_tombstone",
      experience: "s0_pref_1_update",
      kind: "tombstone",
      representation: "tombstone",
      cost: 1,
    },
    {
      id: "s0_pref_1_update_compound_update",
      experience: "s0_pref_1_update",
      kind: "update",
      representation: "compound_update",
      cost: 3,
    },
    {
      id: "s0_pref_1_update_summary",
      experience: "s0_pref_1_update",
      kind: "summary",
      representation: "summary",
      cost: 4,
    },
  ]);
  assert.deepEqual(
    p.coverage.filter((c) => c.candidate === "s0_pref_1_update_summary").map((c) => [
      c.unit,
      c.value,
    ]),
    [
      ["current:pref:0:1:new", 0.75],
      ["invalid:pref:0:1:old_after_update", 0.75],
      ["stale:pref:0:1:old", 0.1],
    ],
  );
  assert.deepEqual(p.meta?.current_units, ["current:pref:0:0:new", "current:pref:0:1:new"]);
  assert.deepEqual(p.meta?.invalidation_units, [
    "invalid:pref:0:0:old_after_update",
    "invalid:pref:0:1:old_after_update",
  ]);
  assert.deepEqual(p.meta?.stale_units, ["stale:pref:0:0:old", "stale:pref:0:1:old"]);
  assert.deepEqual(p.units.map((u) => u.validity ?? "-"), [
    "-",
    "-",
    "-",
    "-",
    "-",
    "superseded",
    "current",
    "invalidates_prior",
    "superseded",
    "current",
    "invalidates_prior",
  ]);
});

Deno.test("BASE: 7 experiences, 25 candidates, total cost 80 + the number of 6-cost fact raw spans (§3.1)", () => {
  for (const seed of SEEDS) {
    const p = gen(seed);
    const six = p.candidates.filter((c) => /_fact_\d_raw_span$/.test(c.id) && c.cost === 6).length;
    assert.deepEqual(shape(p), [7, 25, 80 + six], `seed ${seed}`);
  }
});

Deno.test("BASE seeds 0..499 have mean total cost 81.534 over seeds 0..499", () => {
  let sum = 0;
  for (let s = 0; s < 500; s++) sum += shape(gen(s))[2];
  assert.equal(sum / 500, 81.534);
});

Deno.test("BASE seed 0 has OPT 2.25 / 4.5 / 6.75 / 10.4 / 12.9 at B = 1/2/4/8/16", () => {
  const cp = compilePackage(gen(0));
  const expected: [number, number][] = [[1, 2.25], [2, 4.5], [4, 6.75], [8, 10.4], [16, 12.9]];
  for (const [budget, opt] of expected) {
    for (const bound of ["suffix", "knapsack"] as const) {
      const cert = solveBnb(cp, budget, { bound });
      assert.equal(cert.status, "optimal", `B = ${budget}, ${bound}`);
      assert.ok(
        Math.abs(cert.objective! - opt) <= 1e-9,
        `B = ${budget}, ${bound}: ${cert.objective}`,
      );
    }
  }
  // §5.1: discard is explored first, so at B = 1 the later pair's tombstone wins the tie.
  assert.deepEqual(solveBnb(cp, 1, { bound: "suffix" }).store, ["s0_pref_1_update_tombstone"]);
});

Deno.test("BASE refuses a negative or fractional seed", () => {
  assert.throws(() => gen(-1), RangeError);
  assert.throws(() => gen(1.5), RangeError);
});
