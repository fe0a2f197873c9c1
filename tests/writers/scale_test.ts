/**
 * The writers' thresholds follow the package's scale (issue 10, finding 3):
 * scaling every weight by a power of two (exact in floating point), or every
 * cost and B by one, gives the same store. Before, weights of 2^-43 (about
 * 1.1e-13) made every marginal gain "not positive" (<= 1e-12): empty stores.
 */
import assert from "node:assert/strict";
import { compilePackage, type Package, parsePackage } from "memaudit";
import { generate } from "memaudit/generate";
import { WRITERS } from "../../lib/writers/registry.ts";

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

Deno.test("WRITERS (oracle writers) return the same store when weights or costs and B are scaled by powers of two", () => {
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
