import assert from "node:assert/strict";
import { getWriter, WRITERS } from "../../lib/writers/registry.ts";
import { updateStress } from "./_fixtures.ts";
import { compilePackage, type Package, parsePackage } from "memaudit";
import { generate } from "memaudit/generate";

Deno.test("getWriter() returns the registry's writer for each id", () => {
  for (const id of Object.keys(WRITERS)) assert.equal(getWriter(id), WRITERS[id]);
});

Deno.test("getWriter() refuses unknown ids, Object.prototype's names included", () => {
  for (const id of ["nope", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.throws(() => getWriter(id), new RegExp(`^RangeError: Cannot find writer '${id}'`));
  }
});

// --- Cases from tests/writers/fixture_test.ts (update-stress fixture) ---
// ARTIFACT-SPEC §3.10 at B = 3. Singletons: old_atomic 0.1 (cost 2), old_raw 0.1 (3),
// new_atomic 2 (2), new_tombstone 2 (1), new_compound 4 (3). OPT = 4 ({new_compound}).
const EXPECTED: Record<string, { store: string[]; value: number; cost: number }> = {
  // grid [2, 4/3, 1, 0.05, 1/30, 0]: λ = 4/3 admits the compound update (F 4); lower λ
  // take old_atomic first and then only the tombstone fits (F 2.1).
  oracle_gvt: { store: ["new_compound"], value: 4, cost: 3 },
  // old_pref: old_atomic (density 0.05 > 1/30); meal_update: only the tombstone still fits.
  density_only: { store: ["old_atomic", "new_tombstone"], value: 2.1, cost: 3 },
  // tombstone (density 2) first, then old_atomic (cost 2 fits, old_raw does not).
  greedy: { store: ["new_tombstone", "old_atomic"], value: 2.1, cost: 3 },
  fact_only: { store: ["new_atomic"], value: 2, cost: 2 },
  summary_only: { store: [], value: 0, cost: 0 },
  recency_raw: { store: ["old_raw"], value: 0.1, cost: 3 },
  reservoir_raw: { store: ["old_raw"], value: 0.1, cost: 3 },
  // without tombstone/compound: λ = 1 takes new_atomic (F 2); smaller λ take old_atomic (F 0.1).
  no_tombstone_gvt: { store: ["new_atomic"], value: 2, cost: 2 },
  no_tombstone_greedy: { store: ["new_atomic"], value: 2, cost: 2 },
  generic_candidate_gvt: { store: ["new_atomic"], value: 2, cost: 2 },
  // default bounds L = 4, U = 0.1 + 4: grid [4.1/6, 0.9·4.1/6]; both admit the compound update.
  gvt_theorem2: { store: ["new_compound"], value: 4, cost: 3 },
  // estimates 1.69, 2.21, 1.655, 3.875, 4.11 (see estimate_test.ts): at λ = 0.845 old_atomic and
  // then the tombstone (novelty 3/5: 3.875·0.74) give the best estimated total 4.5575.
  estimated_gvt: { store: ["old_atomic", "new_tombstone"], value: 2.1, cost: 3 },
  // tombstone (density 3.875), then old_atomic (novelty 1/2: 1.69·0.675).
  estimated_utility: { store: ["new_tombstone", "old_atomic"], value: 2.1, cost: 3 },
  // Mem0 proxy proposals: old_atomic (score 2.25, density 2.25/2^0.7) and new_tombstone
  // (1.18 + 0.18 + 0.6·0.6 + 0.35·5/6 + 0.15 + 0.30 = 2.4617); both fit; chronological output.
  mem0_extract: { store: ["old_atomic", "new_tombstone"], value: 2.1, cost: 3 },
  // A-Mem proxy: old_atomic (1.808) admitted, then new_tombstone (2.2073 beats the compound
  // update's density 2.6554/3^0.6) fits.
  amem_graph: { store: ["old_atomic", "new_tombstone"], value: 2.1, cost: 3 },
};

for (const [id, want] of Object.entries(EXPECTED)) {
  Deno.test(`WRITERS.${id}() picks the hand-worked store on the update-stress fixture (B = 3) (update-stress fixture)`, () => {
    const r = WRITERS[id](updateStress(), 3);
    assert.equal(r.writer, id);
    assert.deepEqual(r.store, want.store);
    assert.ok(Math.abs(r.value - want.value) <= 1e-12, `${id}: value ${r.value}`);
    assert.equal(r.cost, want.cost);
    assert.notEqual(r.label, "OPT");
  });
}

Deno.test("WRITERS covers every writer of the fixture table (update-stress fixture)", () => {
  assert.deepEqual(Object.keys(WRITERS).sort(), Object.keys(EXPECTED).sort());
});

Deno.test("oracleGvt() reports the chosen threshold 4/3 and the 6-point grid (update-stress fixture)", () => {
  const r = WRITERS.oracle_gvt(updateStress(), 3);
  assert.deepEqual(r.details, { lambda: 4 / 3, lambdaIndex: 1, gridSize: 6 });
  assert.deepEqual(r.trace, [{
    candidate: "new_compound",
    gain: 4,
    cost: 3,
    density: 4 / 3,
    value: 4,
  }]);
  assert.equal(r.label, "MemAudit-GVT");
});

// --- Cases from tests/writers/scale_test.ts (scaled units) ---
/**
 * The writers' thresholds follow the package's scale (issue 10, finding 3):
 * scaling every weight by a power of two (exact in floating point), or every
 * cost and B by one, gives the same store. Before, weights of 2^-43 (about
 * 1.1e-13) made every marginal gain "not positive" (<= 1e-12): empty stores.
 */
/** The writers whose choices read F (the F-blind ones cannot depend on its scale anyway). */
const ORACLE = [
  "oracle_gvt",
  "density_only",
  "greedy",
  "fact_only",
  "summary_only",
  "gvt_theorem2",
];

function rescaled(p: Package, weight: number, cost: number) {
  const input = JSON.parse(JSON.stringify(p));
  input.units = input.units.map((u: { weight: number }) => ({ ...u, weight: u.weight * weight }));
  input.candidates = input.candidates.map((c: { cost: number }) => ({ ...c, cost: c.cost * cost }));
  return compilePackage(parsePackage(input));
}

Deno.test("WRITERS (oracle writers) return the same store when weights or costs and B are scaled by powers of two (scaled units)", () => {
  for (const dist of ["base", "update_chain", "temporal_interval", "summary_tradeoff"]) {
    for (const seed of [0, 1]) {
      const p = generate(dist, seed), cp = compilePackage(p);
      for (const [w, c] of [[2 ** -43, 1], [2 ** 20, 1], [1, 2 ** -30], [2 ** -43, 2 ** 10]]) {
        const scaled = rescaled(p, w, c);
        for (const id of ORACLE) {
          for (const B of [2, 6]) {
            const want = WRITERS[id](cp, B), got = WRITERS[id](scaled, B * c);
            assert.deepEqual(got.store, want.store, `${id} ${dist}/${seed} B=${B} x (${w}, ${c})`);
            assert.equal(got.value, want.value * w);
            if (want.store.length > 0) assert.ok(got.value > 0);
          }
        }
      }
    }
  }
});
