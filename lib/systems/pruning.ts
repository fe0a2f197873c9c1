/**
 * Pruning an exported store to the budget (ARTIFACT-SPEC §6.5): recency, salience, the exact
 * upper-pruned bound, and the artifact's greedy "upper-pruned" as a named option. Every selector
 * works on a system's own candidates inside the compiled union package P+(Y) and respects the
 * budget and the group cap.
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { CoverageState, evaluateStore, TOL } from "../objective.ts";
import type { Certificate } from "../certificate/result.ts";
import { solve, type SolveOptions } from "../solve/solve.ts";
import { restrictPackage } from "../package/restrict.ts";

/** A pruned store: candidate indices of the union, in the pool's (time) order. */
export interface PrunedStore {
  candidates: number[];
  /** F of the store (accumulated in pool order), in weight units. */
  value: number;
  /** Total cost, in cost units. */
  cost: number;
}

function finish(cu: CompiledPackage, pool: readonly number[], chosen: Set<number>): PrunedStore {
  const candidates = pool.filter((c) => chosen.has(c));
  let cost = 0;
  for (const c of candidates) cost += cu.cost[c];
  return { candidates, value: evaluateStore(cu, candidates), cost };
}

/** Adds `order`'s candidates that fit (budget and group cap), skipping the rest. */
function scan(
  cu: CompiledPackage,
  pool: readonly number[],
  order: readonly number[],
  budget: number,
): PrunedStore {
  const st = new CoverageState(cu);
  const chosen = new Set<number>();
  for (const c of order) {
    if (st.fits(c, budget)) {
      st.add(c);
      chosen.add(c);
    }
  }
  return finish(cu, pool, chosen);
}

/**
 * Recency-pruned: newest first (the pool's last element first); add a memory if it fits, otherwise
 * skip it and go on.
 *
 * @param pool the system's candidate indices in time order, oldest first
 * @param budget B in cost units
 */
export function recencyPruned(
  cu: CompiledPackage,
  pool: readonly number[],
  budget: number,
): PrunedStore {
  return scan(cu, pool, [...pool].reverse(), budget);
}

/**
 * Salience-pruned: order by (−s/max(1, cost), −s, cost, id); memories with s <= 0 are skipped; add
 * if it fits.
 *
 * @param pool the system's candidate indices in time order
 * @param salience s in [0, 1] per pool entry (parallel to `pool`)
 * @param budget B in cost units
 */
export function saliencePruned(
  cu: CompiledPackage,
  pool: readonly number[],
  salience: readonly number[],
  budget: number,
): PrunedStore {
  const items = pool.map((c, i) => ({ c, s: salience[i] })).filter((x) => x.s > 0);
  items.sort((a, b) => {
    const da = a.s / Math.max(1, cu.cost[a.c]), db = b.s / Math.max(1, cu.cost[b.c]);
    return db - da || b.s - a.s || cu.cost[a.c] - cu.cost[b.c] ||
      compareIds(cu.candIds[a.c], cu.candIds[b.c]);
  });
  return scan(cu, pool, items.map((x) => x.c), budget);
}

/**
 * The artifact's "upper-pruned" (`oracle_pruned_upper`, a greedy): repeatedly add the fitting
 * remaining memory with the largest ΔF/max(1, cost) (ties: first in pool order); stop when the best
 * density is <= 1e-12 or none fits. Not a bound: {@linkcode upperPrunedExact} is.
 *
 * @param pool the system's candidate indices in time order
 * @param budget B in cost units
 */
export function upperPrunedGreedy(
  cu: CompiledPackage,
  pool: readonly number[],
  budget: number,
): PrunedStore {
  const st = new CoverageState(cu);
  const chosen = new Set<number>();
  for (;;) {
    let best = -1, bestD = TOL;
    for (const c of pool) {
      if (chosen.has(c) || !st.fits(c, budget)) continue;
      const d = st.gain(c) / Math.max(1, cu.cost[c]);
      if (d > bestD) [best, bestD] = [c, d];
    }
    if (best < 0) break;
    st.add(best);
    chosen.add(best);
  }
  return finish(cu, pool, chosen);
}

/** {@linkcode upperPrunedExact}'s result: the store and the solver's certificate. */
export interface ExactPrunedStore extends PrunedStore {
  certificate: Certificate;
}

/** Solver options of the exact selectors (see `solve()`). */
export type ExactSolveOptions = Pick<
  SolveOptions,
  "solver" | "bnbTimeMs" | "bnbWork" | "timeLimitMs"
>;

/**
 * The upper-pruned bound (DESIGN §2): max F over budget-feasible subsets of the system's memories,
 * certified by `solve()` on P+(Y) restricted to those candidates (same units, weights, h and group
 * cap): branch-and-bound, then the MILP certificate when branch-and-bound runs out of its time
 * share.
 *
 * @param pool the system's candidate indices in time order
 * @param budget B in cost units
 * @param opts solver choice and time limits (default `solve()`'s: auto, no limit)
 * @returns the optimal subset (in pool order) and the certificate; when the certificate is not
 *   optimal the store is the incumbent, not a bound
 */
export async function upperPrunedExact(
  cu: CompiledPackage,
  pool: readonly number[],
  budget: number,
  opts: ExactSolveOptions = {},
): Promise<ExactPrunedStore> {
  const inPool = new Set(pool);
  const sub = restrictPackage(cu, (c) => inPool.has(c));
  const cert = await solve(sub, budget, opts);
  const chosen = new Set(cert.store.map((id) => cu.candIndex.get(id)!));
  return { ...finish(cu, pool, chosen), certificate: cert };
}
