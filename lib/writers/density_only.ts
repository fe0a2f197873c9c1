/**
 * Density-only: an online, per-group max-density rule (paper 000 §3 and
 * proposition 1; ARTIFACT-SPEC §4.4 `density_only`, §8 item 4).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { checkBudget, density, densityKeyAbove, finish, gainAt, Recorder } from "./_common.ts";
import { TOL, type WriterResult } from "./types.ts";

/**
 * Density-only (`density_only`): one pass over the ordered groups; in each
 * group, insert the fitting candidate with Δ > 1e-12 maximising
 * (Δ/cost, Δ, −cost, id), or skip the group if none qualifies. This is the
 * artifact's online per-group rule, not the global greedy (see
 * {@linkcode greedy}).
 *
 * @example Usage
 * ```ts ignore
 * const r = densityOnly(cp, 4);
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in arrival order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function densityOnly(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("density_only", budget);
  const rec = new Recorder(cp);
  const st = rec.state, cost = cp.cost;
  for (const group of cp.groups) {
    let best = -1, bestGain = 0, bestDensity = 0;
    for (const c of group) {
      if (!st.fits(c, budget)) continue;
      const gain = gainAt(cp, st.z, st.value, c);
      if (!(gain > TOL)) continue;
      const d = density(gain, cost[c]);
      if (best < 0 || densityKeyAbove(cp, c, gain, d, best, bestGain, bestDensity)) {
        best = c;
        bestGain = gain;
        bestDensity = d;
      }
    }
    if (best >= 0) rec.add(best, bestGain);
  }
  return finish("density_only", "Density-only", budget, rec);
}
