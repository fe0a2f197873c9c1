/**
 * Non-oracle writers driven by the utility estimate of {@linkcode Estimator}
 * (ARTIFACT-SPEC App. A.1 `estimated_gvt`, `estimated_utility`). Decisions
 * use estimates only; the result's value and trace gains are the oracle F.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { fitsAlone } from "../objective.ts";
import {
  checkBudget,
  cmpGainKey,
  density,
  densityKeyAbove,
  finish,
  Recorder,
  type Scored,
} from "./_common.ts";
import { DEFAULT_ESTIMATOR_MODEL, Estimator, type EstimatorOptions } from "./estimate.ts";
import { TOL, type WriterResult } from "./types.ts";

function scoreEst(
  cp: CompiledPackage,
  est: Estimator,
  c: number,
  selected: ReadonlySet<string>,
): Scored {
  const gain = est.marginal(c, selected);
  const cost = cp.cost[c];
  return { c, gain, cost, id: cp.candIds[c], density: density(gain, cost) };
}

/** Estimators by package and (profile, model): they depend on neither the budget nor the store. */
const estimators = new WeakMap<CompiledPackage, Map<string, Estimator>>();

function estimatorFor(cp: CompiledPackage, opts: EstimatorOptions): Estimator {
  let byKey = estimators.get(cp);
  if (byKey === undefined) estimators.set(cp, byKey = new Map());
  const key = JSON.stringify([opts.profile ?? null, opts.model ?? null]);
  let est = byKey.get(key);
  if (est === undefined) byKey.set(key, est = new Estimator(cp, opts));
  return est;
}

function meta(opts: EstimatorOptions): Record<string, unknown> {
  return {
    profile: opts.profile ?? "gemini_flash_lite_v1",
    model: opts.model ?? DEFAULT_ESTIMATOR_MODEL,
  };
}

/**
 * Estimated-GVT (`estimated_gvt`): grid = {v/max(cost, 1e-12) > 0 over candidates with cost <= B} ∪
 * {0}, descending; per λ one pass over the ordered groups inserting the admissible candidate (fits,
 * estimated marginal > 1e-12, its density + 1e-12 >= λ) maximising (marginal, −cost, id),
 * accumulating the stored signature tokens; λ is chosen by the largest *estimated* total (> best +
 * 1e-12; within 1e-12 the lower cost), the incumbent starting at −1.
 *
 * @example Usage
 * ```ts ignore
 * const r = estimatedGvt(cp, 6, { profile: "noisy_gemini_flash_lite_v1" });
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param opts estimator profile and model label
 * @returns the store in arrival order; details: lambda, gridSize, estimatedTotal, profile, model
 * @throws {RangeError} on a bad budget or an unknown profile
 */
export function estimatedGvt(
  cp: CompiledPackage,
  budget: number,
  opts: EstimatorOptions = {},
): WriterResult {
  checkBudget("estimated_gvt", budget);
  const est = estimatorFor(cp, opts);
  const set = new Set<number>([0]);
  for (let c = 0; c < cp.candIds.length; c++) {
    if (!fitsAlone(cp.cost[c], budget)) continue;
    const d = density(est.value[c], cp.cost[c]);
    if (d > 0) set.add(d);
  }
  const grid = [...set].sort((a, b) => b - a);
  let best: Recorder | null = null;
  let bestTotal = -1, bestCost = 0, bestLambda = 0;
  for (const lambda of grid) {
    const rec = new Recorder(cp);
    const tokens = new Set<string>();
    let total = 0;
    for (const group of cp.groups) {
      let pick: Scored | null = null;
      for (const c of group) {
        if (!rec.state.fits(c, budget)) continue;
        const s = scoreEst(cp, est, c, tokens);
        if (!(s.gain > TOL) || !(s.density + TOL >= lambda)) continue;
        if (pick === null || cmpGainKey(s, pick) > 0) pick = s;
      }
      if (pick === null) continue;
      rec.add(pick.c, undefined, pick.gain);
      for (const t of est.tokens[pick.c]) tokens.add(t);
      total += pick.gain;
    }
    const cost = rec.state.cost;
    if (total > bestTotal + TOL || (Math.abs(total - bestTotal) <= TOL && cost < bestCost)) {
      best = rec;
      bestTotal = total;
      bestCost = cost;
      bestLambda = lambda;
    }
  }
  return finish("estimated_gvt", "Estimated-GVT", budget, best!, {
    lambda: bestLambda,
    gridSize: grid.length,
    estimatedTotal: bestTotal,
    ...meta(opts),
  });
}

/**
 * Estimated utility (`estimated_utility`): global greedy on the estimated marginal; repeatedly,
 * over candidates whose group has room, that fit and have estimated marginal > 1e-12, insert the
 * max of (marginal/cost, marginal, −cost, id).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param opts estimator profile and model label
 * @returns the store in pick order; details: estimatedTotal, profile, model
 * @throws {RangeError} on a bad budget or an unknown profile
 */
export function estimatedUtility(
  cp: CompiledPackage,
  budget: number,
  opts: EstimatorOptions = {},
): WriterResult {
  checkBudget("estimated_utility", budget);
  const est = estimatorFor(cp, opts);
  const rec = new Recorder(cp);
  const tokens = new Set<string>();
  const taken = new Uint8Array(cp.candIds.length);
  let total = 0;
  for (;;) {
    let pick: Scored | null = null;
    for (let c = 0; c < cp.candIds.length; c++) {
      if (taken[c] || !rec.state.fits(c, budget)) continue;
      const s = scoreEst(cp, est, c, tokens);
      if (!(s.gain > TOL)) continue;
      const above = pick === null ||
        densityKeyAbove(cp, c, s.gain, s.density, pick.c, pick.gain, pick.density);
      if (above) pick = s;
    }
    if (pick === null) break;
    taken[pick.c] = 1;
    rec.add(pick.c, undefined, pick.gain);
    for (const t of est.tokens[pick.c]) tokens.add(t);
    total += pick.gain;
  }
  return finish("estimated_utility", "Estimated utility", budget, rec, {
    estimatedTotal: total,
    ...meta(opts),
  });
}
