/**
 * The grouped value-threshold pass shared by the GVT writers (paper 000
 * §3 and theorem 2; ARTIFACT-SPEC §4.4 `oracle_gvt`).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { budgetFilter, densityTol, exactFits, gainAt, valueOf, valueTol } from "../objective.ts";
import { Recorder } from "./_common.ts";
import { TOL } from "./types.ts";

/** Winner of a threshold grid: its recorder, threshold and position in the grid. */
export interface GridWinner {
  rec: Recorder;
  lambda: number;
  index: number;
}

/** One insertion on a shared pass prefix: candidate, its oracle Δ, and the insertion before it. */
interface Step {
  c: number;
  gain: number;
  prev: Step | null;
}

/**
 * Runs, for every λ of the grid (in the given order), one insertion-only pass over the ordered
 * groups: in each group the admissible candidates fit, have Δ > 1e-12 and Δ/cost + 1e-12 >= λ (both
 * relative to the package: {@linkcode valueTol}, {@linkcode densityTol}); the one maximising (Δ,
 * −cost, id) is inserted (largest id wins a full tie). It keeps the best store: replace if F >
 * best + 1e-12, or |F − best| <= 1e-12 and the cost is lower; the incumbent starts at F = −1.
 *
 * The passes are run together as a tree: passes whose thresholds made the same choices so far
 * share their store, so each (store, group) is scored once. Marginals are computed exactly as
 * a lone pass computes them (a full evaluation of F on the same coverage vector), so every pass
 * ends with the store, F and cost it would have alone; the winner's trace is then replayed.
 */
export function bestOfGrid(
  cp: CompiledPackage,
  budget: number,
  grid: readonly number[],
): GridWinner {
  if (grid.length === 0) throw new RangeError("Cannot run a threshold grid: the grid is empty");
  const groups = cp.groups, nGroups = groups.length;
  const { rowUnits, rowVals, cost: costs, candIds } = cp;
  const finalValue: number[] = new Array<number>(grid.length).fill(0);
  const finalCost: number[] = new Array<number>(grid.length).fill(0);
  const last: (Step | null)[] = new Array(grid.length).fill(null);
  const nUnits = cp.unitIds.length;
  let maxGroup = 0;
  for (const g of groups) maxGroup = Math.max(maxGroup, g.length);
  const gains: number[] = new Array<number>(maxGroup).fill(0);
  const ok: boolean[] = new Array<boolean>(maxGroup).fill(false);
  // The artifact's 1e-12 thresholds, relative to the package's value and density scales.
  const tol = valueTol(cp), tolD = densityTol(cp);
  // The one cost-to-budget rule on the pass's store plus c: a running cost far from B decides
  // (at most one candidate per group, so at most nGroups + 1 terms), else the exact sum.
  const fits = (cost: number, path: Step | null, c: number): boolean => {
    const v = budgetFilter(cost + costs[c], nGroups + 1, budget);
    if (v !== 0) return v > 0;
    const xs = [costs[c]];
    for (let s = path; s !== null; s = s.prev) xs.push(costs[s.c]);
    return exactFits(xs, xs.length, budget);
  };

  // Passes `lams` (grid indices) share store `path` with coverage z, F `value` and `cost`
  // before group g. `z` may be modified (it is owned by this call).
  const run = (
    g: number,
    lams: number[],
    z: number[],
    value: number,
    cost: number,
    path: Step | null,
  ): void => {
    for (; g < nGroups; g++) {
      const group = groups[g];
      const n = group.length;
      // Each group is visited once per pass, so its count is 0 here: fits is cost and k.
      let any = false;
      for (let j = 0; j < n; j++) {
        const c = group[j];
        ok[j] = false;
        if (!(cp.k > 0 && fits(cost, path, c))) continue;
        const gain = gainAt(cp, z, value, c);
        if (!(gain > tol)) continue;
        gains[j] = gain;
        ok[j] = true;
        any = true;
      }
      if (!any) continue;
      // Choice per pass: the admissible j maximising (Δ, −cost, id), or −1.
      const choice: number[] = [];
      let first = -2, same = true;
      for (let i = 0; i < lams.length; i++) {
        const lambda = grid[lams[i]];
        let b = -1;
        for (let j = 0; j < n; j++) {
          if (!ok[j]) continue;
          const c = group[j], gain = gains[j];
          if (!(gain / Math.max(costs[c], TOL) + tolD >= lambda)) continue;
          if (b < 0) {
            b = j;
            continue;
          }
          const bc = group[b], bg = gains[b];
          if (
            gain !== bg
              ? gain > bg
              : costs[c] !== costs[bc]
              ? costs[c] < costs[bc]
              : compareIds(candIds[c], candIds[bc]) > 0
          ) b = j;
        }
        choice.push(b);
        if (first === -2) first = b;
        else if (b !== first) same = false;
      }
      if (same) {
        if (first < 0) continue;
        const c = group[first];
        path = { c, gain: gains[first], prev: path };
        const units = rowUnits[c], vals = rowVals[c];
        for (let t = 0; t < units.length; t++) z[units[t]] += vals[t];
        value = valueOf(cp, z);
        cost += costs[c];
        continue;
      }
      // The passes diverge: one branch per distinct choice (gains are read before recursing).
      const branches = new Map<number, number[]>();
      for (let i = 0; i < lams.length; i++) {
        let list = branches.get(choice[i]);
        if (list === undefined) branches.set(choice[i], list = []);
        list.push(lams[i]);
      }
      const picks = [...branches.keys()].map((j) => (j < 0 ? null : { j, gain: gains[j] }));
      let k = 0;
      for (const [j, list] of branches) {
        const pick = picks[k++];
        if (pick === null) {
          run(g + 1, list, z.slice(), value, cost, path);
          continue;
        }
        const c = group[j];
        const zz = z.slice();
        const units = rowUnits[c], vals = rowVals[c];
        for (let t = 0; t < units.length; t++) zz[units[t]] += vals[t];
        run(g + 1, list, zz, valueOf(cp, zz), cost + costs[c], { c, gain: pick.gain, prev: path });
      }
      return;
    }
    for (const i of lams) {
      finalValue[i] = value;
      finalCost[i] = cost;
      last[i] = path;
    }
  };
  run(0, grid.map((_, i) => i), new Array<number>(nUnits).fill(0), 0, 0, null);

  let index = -1;
  let bestValue = -1, bestCost = 0;
  for (let i = 0; i < grid.length; i++) {
    const v = finalValue[i], cost = finalCost[i];
    // The first pass is kept whatever its value: a sentinel of -1 is within the tolerance of
    // 0 when the weights are large (tol >= 1), and then no pass would be kept.
    if (
      index < 0 || v > bestValue + tol || (Math.abs(v - bestValue) <= tol && cost < bestCost)
    ) {
      index = i;
      bestValue = v;
      bestCost = cost;
    }
  }
  if (index < 0) throw new RangeError("Cannot run a threshold grid: no pass was kept");
  const steps: Step[] = [];
  for (let s = last[index]; s !== null; s = s.prev) steps.push(s);
  const rec = new Recorder(cp);
  for (let t = steps.length - 1; t >= 0; t--) rec.add(steps[t].c, steps[t].gain);
  return { rec, lambda: grid[index], index };
}
