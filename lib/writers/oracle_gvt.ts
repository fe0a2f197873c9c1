/**
 * MemAudit-GVT: grouped value-threshold with exact oracle marginals over the artifact's
 * singleton-density grid (paper 000 §3; ARTIFACT-SPEC §4.4 `oracle_gvt`, §8 item 7).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { fitsAlone, singletonValues } from "../objective.ts";
import { checkBudget, finish } from "./_common.ts";
import { bestOfGrid } from "./_gvt_pass.ts";
import type { WriterResult } from "./types.ts";

/**
 * The artifact's threshold grid Λ: F({c}) / max(cost, 1e-12) for every candidate with cost <= B,
 * plus 0, de-duplicated by exact float equality and sorted descending.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns thresholds in weight units per cost unit, descending
 */
export function singletonDensityGrid(cp: CompiledPackage, budget: number): number[] {
  const single = singletonValues(cp); // Δ(c | ∅) = F({c})
  const set = new Set<number>([0]);
  for (let c = 0; c < cp.candIds.length; c++) {
    if (fitsAlone(cp.cost[c], budget)) set.add(single[c] / Math.max(cp.cost[c], 1e-12));
  }
  return [...set].sort((a, b) => b - a);
}

/**
 * MemAudit-GVT (`oracle_gvt`). For each λ of {@linkcode singletonDensityGrid}, one pass over the
 * ordered groups inserts, per group, the admissible candidate (fits, Δ > 1e-12, Δ/cost + 1e-12 >=
 * λ) maximising (Δ, −cost, id); the best store by F wins (ties within 1e-12 go to the lower cost,
 * then the earlier, i.e. larger, λ). Uses exact oracle marginals: a calibration baseline, not a
 * deployable writer, and never an OPT certificate.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in arrival (insertion) order; details: lambda, lambdaIndex, gridSize
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function oracleGvt(cp: CompiledPackage, budget: number): WriterResult {
  return gvtOnPool(cp, budget, cp, "oracle_gvt", "MemAudit-GVT");
}

/**
 * MemAudit-GVT run on a candidate pool (`cp` itself, or a restricted package of it): the grid of
 * the pool, its best pass, and F of the store on `cp`.
 *
 * @param cp compiled package (full)
 * @param budget B in cost units
 * @param pool the candidates the writer may use
 * @param writer method id of the result
 * @param label display name of the result
 * @returns the store in arrival order; details: lambda, lambdaIndex, gridSize, and poolSize for a
 *   restricted pool
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function gvtOnPool(
  cp: CompiledPackage,
  budget: number,
  pool: CompiledPackage,
  writer: string,
  label: string,
): WriterResult {
  checkBudget(writer, budget);
  const grid = singletonDensityGrid(pool, budget);
  const win = bestOfGrid(pool, budget, grid);
  const details = { lambda: win.lambda, lambdaIndex: win.index, gridSize: grid.length };
  if (pool !== cp) Object.assign(details, { poolSize: pool.candIds.length });
  return finish(writer, label, budget, win.rec, details, cp);
}
