/**
 * GVT with the theorem-2 threshold grid: a geometric grid around OPT / 2B (paper 000 theorem 2,
 * "Scoped oracle-GVT guarantee", and its proof in appendix A). Offered beside the artifact's
 * singleton-density grid (ARTIFACT-SPEC §8 item 7), never instead of it.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { fitsAlone, gainAt } from "../objective.ts";
import { checkBudget, finish } from "./_common.ts";
import { bestOfGrid } from "./_gvt_pass.ts";
import type { WriterResult } from "./types.ts";

/** Options of {@linkcode gvtTheorem2}. */
export interface Theorem2Options {
  /** ε in (0, 1): grid ratio 1 − ε and the guarantee (1 − ε)·OPT/4. Default 0.1. */
  epsilon?: number;
  /** OPT itself (e.g. a certified optimum): sets lower = upper = opt. */
  opt?: number;
  /** A lower bound L <= OPT (default: the best feasible singleton F({c})). */
  lower?: number;
  /** An upper bound U >= OPT (default: sum over groups of the k best feasible singletons). */
  upper?: number;
}

/** Largest grid {@linkcode theorem2Grid} builds. */
export const MAX_THEOREM2_GRID = 100_000;

/**
 * Default bounds on OPT from singletons: L = max F({c}) over candidates with cost <= B (a feasible
 * store), and U = Σ over groups of the k largest such F({c}) (by submodularity F(O) <= Σ_{u∈O}
 * F({u}), and O holds at most k candidates per group).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns { lower, upper } in weight units
 */
export function singletonOptBounds(
  cp: CompiledPackage,
  budget: number,
): { lower: number; upper: number } {
  const empty = new Array<number>(cp.unitIds.length).fill(0); // the empty store: F = 0
  let lower = 0, upper = 0;
  for (const group of cp.groups) {
    const vals: number[] = [];
    for (const c of group) {
      if (fitsAlone(cp.cost[c], budget)) vals.push(gainAt(cp, empty, 0, c));
    }
    vals.sort((a, b) => b - a);
    for (let i = 0; i < Math.min(cp.k, vals.length); i++) upper += vals[i];
    if (vals.length > 0) lower = Math.max(lower, vals[0]);
  }
  return { lower, upper };
}

/**
 * The theorem-2 grid: λ_0 = U/(2B), λ_{j+1} = (1 − ε)·λ_j, ending with the first λ_J <= L/(2B). For
 * L <= OPT <= U it contains a λ in [(1 − ε)·OPT/(2B), OPT/(2B)]: take the first λ_j <= OPT/(2B);
 * either j = 0 (then U = OPT) or λ_{j−1} > OPT/(2B), so λ_j > (1 − ε)·OPT/(2B). When U = 0 (or B
 * = 0) the grid is [0].
 *
 * @param budget B in cost units
 * @param lower L, a lower bound on OPT, in weight units
 * @param upper U, an upper bound on OPT, in weight units
 * @param epsilon ε in (0, 1)
 * @returns thresholds in weight units per cost unit, descending
 * @throws {RangeError} if ε is not in (0, 1), the bounds are not finite with 0 <= L <= U
 *   (L > 0 when U > 0), or the grid would exceed {@linkcode MAX_THEOREM2_GRID}
 */
export function theorem2Grid(
  budget: number,
  lower: number,
  upper: number,
  epsilon: number,
): number[] {
  const bad = (why: string) => new RangeError(`Cannot build the theorem-2 grid: ${why}`);
  if (!(epsilon > 0 && epsilon < 1)) throw bad(`epsilon must be in (0, 1), got ${epsilon}`);
  if (!Number.isFinite(lower) || !Number.isFinite(upper) || lower < 0 || lower > upper) {
    throw bad(`expected finite bounds 0 <= lower <= upper, got ${lower}, ${upper}`);
  }
  if (upper === 0 || budget <= 0) return [0];
  if (lower === 0) throw bad("lower bound is 0 while upper bound is positive");
  const bottom = lower / (2 * budget);
  let lambda = upper / (2 * budget);
  const grid = [lambda];
  while (lambda > bottom) {
    lambda *= 1 - epsilon;
    grid.push(lambda);
    if (grid.length > MAX_THEOREM2_GRID) {
      throw bad(`more than ${MAX_THEOREM2_GRID} thresholds (upper/lower = ${upper / lower})`);
    }
  }
  return grid;
}

/**
 * GVT (theorem-2 grid) (`gvt_theorem2`): the per-group pass of MemAudit-GVT (admissible: fits, Δ >
 * 1e-12, Δ/cost + 1e-12 >= λ; insert the max of (Δ, −cost, id)) over {@linkcode theorem2Grid},
 * keeping the best grid store by F (same tie rule as `oracle_gvt`). If every cost is <= B/2 and L
 * <= OPT <= U, then F >= (1 − ε)·OPT/4 (theorem 2, k = 1). Uses exact oracle marginals; not a
 * certificate.
 *
 * @example Usage
 * ```ts ignore
 * const r = gvtTheorem2(cp, 8, { opt: cert.objective!, epsilon: 0.05 });
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param opts ε and an OPT value or bounds (default: {@linkcode singletonOptBounds})
 * @returns the store in arrival order; details: epsilon, lower, upper, lambda, lambdaIndex,
 *   gridSize, premise (every cost <= B/2)
 * @throws {RangeError} on a bad budget, ε or bounds
 */
export function gvtTheorem2(
  cp: CompiledPackage,
  budget: number,
  opts: Theorem2Options = {},
): WriterResult {
  checkBudget("gvt_theorem2", budget);
  const epsilon = opts.epsilon ?? 0.1;
  const defaults = opts.opt === undefined && (opts.lower === undefined || opts.upper === undefined)
    ? singletonOptBounds(cp, budget)
    : { lower: 0, upper: 0 };
  const lower = opts.opt ?? opts.lower ?? defaults.lower;
  const upper = opts.opt ?? opts.upper ?? defaults.upper;
  const grid = theorem2Grid(budget, lower, upper, epsilon);
  const win = bestOfGrid(cp, budget, grid);
  return finish("gvt_theorem2", "GVT (theorem-2 grid)", budget, win.rec, {
    epsilon,
    lower,
    upper,
    lambda: win.lambda,
    lambdaIndex: win.index,
    gridSize: grid.length,
    premise: cp.cost.every((c) => c <= budget / 2),
  });
}
