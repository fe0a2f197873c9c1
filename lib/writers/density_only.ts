/**
 * Density-only: an online, per-group max-density rule (paper 000 §3 and
 * proposition 1; ARTIFACT-SPEC §4.4 `density_only`, §8 item 4).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { checkBudget, densityPick, finish, Recorder } from "./_common.ts";
import type { WriterResult } from "./types.ts";

/**
 * Density-only (`density_only`): one pass over the ordered groups; in each group, insert the
 * fitting candidate with Δ > 1e-12 maximising (Δ/cost, Δ, −cost, id), or skip the group if none
 * qualifies. This is the artifact's online per-group rule, not the global greedy (see
 * {@linkcode greedy}).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in arrival order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function densityOnly(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("density_only", budget);
  const rec = new Recorder(cp);
  for (const group of cp.groups) {
    const [best, gain] = densityPick(cp, rec.state, group, budget);
    if (best >= 0) rec.add(best, gain);
  }
  return finish("density_only", "Density-only", budget, rec);
}
