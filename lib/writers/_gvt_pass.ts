/**
 * The grouped value-threshold pass shared by the GVT writers (paper 000
 * §3 and theorem 2; ARTIFACT-SPEC §4.4 `oracle_gvt`).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { cmpGainKey, Recorder, score, type Scored } from "./_common.ts";
import { TOL } from "./types.ts";

/**
 * One insertion-only pass over the ordered groups at threshold λ: in each
 * group the admissible candidates fit, have Δ > 1e-12 and Δ/cost + 1e-12 >= λ;
 * the one maximising (Δ, −cost, id) is inserted (largest id wins a full tie).
 */
export function gvtPass(cp: CompiledPackage, budget: number, lambda: number): Recorder {
  const rec = new Recorder(cp);
  const st = rec.state;
  for (const group of cp.groups) {
    let best: Scored | null = null;
    for (const c of group) {
      if (!st.fits(c, budget)) continue;
      const s = score(cp, st, c);
      if (!(s.gain > TOL) || !(s.density + TOL >= lambda)) continue;
      if (best === null || cmpGainKey(s, best) > 0) best = s;
    }
    if (best !== null) rec.add(best.c, best.gain);
  }
  return rec;
}

/** Winner of a threshold grid: its recorder, threshold and position in the grid. */
export interface GridWinner {
  rec: Recorder;
  lambda: number;
  index: number;
}

/**
 * Runs {@linkcode gvtPass} for every λ of the grid (in the given order) and
 * keeps the best store: replace if F > best + 1e-12, or |F − best| <= 1e-12
 * and the cost is lower; the incumbent starts at F = −1.
 */
export function bestOfGrid(
  cp: CompiledPackage,
  budget: number,
  grid: readonly number[],
): GridWinner {
  let win: GridWinner | null = null;
  let bestValue = -1, bestCost = 0;
  for (let index = 0; index < grid.length; index++) {
    const lambda = grid[index];
    const rec = gvtPass(cp, budget, lambda);
    const v = rec.state.value, cost = rec.state.cost;
    if (v > bestValue + TOL || (Math.abs(v - bestValue) <= TOL && cost < bestCost)) {
      win = { rec, lambda, index };
      bestValue = v;
      bestCost = cost;
    }
  }
  if (win === null) throw new RangeError("Cannot run a threshold grid: the grid is empty");
  return win;
}
