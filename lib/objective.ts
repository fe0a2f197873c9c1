/**
 * The package objective (paper 000 eq. 2) and feasibility (eq. 1).
 *
 * F(X) = sum_r w_r h_r(z_r(X)), z_r(X) = sum_{u in X} a_ur, default h_r(z) = min(1, z). F is summed
 * over units in package order with Neumaier's compensated summation (what CPython >= 3.12's `sum()`
 * does; see lib/score/_py_sum.ts for the evidence that the artifact ran on it), and a marginal gain
 * is the difference of two full evaluations (ARTIFACT-SPEC §2.2, §2.4), so float ties follow the
 * authors' artifact.
 *
 * @module
 */
import type { CompiledPackage } from "./package/compile.ts";
import type { Segment } from "./package/schema.ts";

/** Tolerance for positive gains, improvements, pruning and ties (ARTIFACT-SPEC §2.4). */
export const TOL = 1e-12;

/** h(z) for a piecewise-linear concave h given as segments (null: min(1, z)). */
export function saturate(segments: readonly Segment[] | null, z: number): number {
  if (segments === null) return z < 1 ? z : 1;
  let h = 0, start = 0;
  for (const s of segments) {
    if (z <= start) break;
    h += s.slope * Math.min(s.width, z - start);
    start += s.width;
  }
  return h;
}

/**
 * F for summed coverage z (one entry per unit, package unit order).
 *
 * @param cp compiled package
 * @param z summed coverage per unit
 * @returns F in weight units (>= 0)
 */
export function valueOf(cp: CompiledPackage, z: ArrayLike<number>): number {
  const w = cp.weights, seg = cp.segments;
  let s = 0, c = 0;
  for (let r = 0; r < w.length; r++) {
    const zr = z[r];
    const x = w[r] * (seg[r] === null ? (zr < 1 ? zr : 1) : saturate(seg[r], zr));
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  return s + c;
}

/**
 * The exact search's one evaluator of F's compensated sum (what {@linkcode valueOf} computes, term
 * for term, generalised): terms r = from .. M−1 of sum_r w_r h_r(z_r + add[off + r]) (add = null:
 * z_r alone), Neumaier's compensated summation resumed from the partial sums (s, c). Every bound
 * and leaf value of the branch-and-bound goes through it; `valueOf` keeps its own loop (the
 * writers' hot path, called with plain arrays), and tests/solve/bnb_test.ts pins the two bit for
 * bit.
 *
 * @param w unit weights (M entries)
 * @param seg per-unit segments (null entries: min(1, z)), or null when every h is min(1, z)
 * @param z summed coverage per unit
 * @param add coverage added term by term (e.g. a suffix bound row), or null
 * @param off offset of unit 0 in `add`
 * @param from first term summed
 * @param s partial sum before term `from`
 * @param c Neumaier compensation before term `from`
 * @param partS where to save s before each term (and after the last, at `to + M`), or null
 * @param partC where to save c likewise (used only with `partS`)
 * @param to offset of term 0 in partS / partC
 * @returns the compensated total s + c, in weight units
 */
export function sumTerms(
  w: ArrayLike<number>,
  seg: readonly (readonly Segment[] | null)[] | null,
  z: ArrayLike<number>,
  add: ArrayLike<number> | null,
  off: number,
  from: number,
  s: number,
  c: number,
  partS: Float64Array | null,
  partC: Float64Array | null,
  to: number,
): number {
  const M = w.length;
  // Two passes of one loop body: saving partial sums (inner nodes) or not (leaves, roots).
  const saving = partS !== null;
  for (let r = from; r < M; r++) {
    if (saving) {
      partS![to + r] = s;
      partC![to + r] = c;
    }
    const zr = add === null ? z[r] : z[r] + add[off + r];
    const x = w[r] * (seg === null || seg[r] === null ? (zr < 1 ? zr : 1) : saturate(seg[r]!, zr));
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  if (saving) {
    partS[to + M] = s;
    partC![to + M] = c;
  }
  return s + c;
}

let saved = new Float64Array(16);

/**
 * Δ(c | z) = F(z + row of c) − value, with F evaluated in full by
 * {@linkcode valueOf} (the artifact's marginal). `z` is changed in place and
 * restored bit for bit before returning, so no copy of z is made.
 *
 * @param cp compiled package
 * @param z summed coverage of the store (weight-free units)
 * @param value F of the store, as its state holds it
 * @param c candidate index
 * @returns the marginal gain in weight units
 */
export function gainAt(
  cp: CompiledPackage,
  z: Float64Array | number[],
  value: number,
  c: number,
): number {
  const units = cp.rowUnits[c], vals = cp.rowVals[c], n = units.length;
  if (saved.length < n) saved = new Float64Array(2 * n);
  for (let t = 0; t < n; t++) {
    const r = units[t];
    saved[t] = z[r];
    z[r] += vals[t];
  }
  const g = valueOf(cp, z) - value;
  for (let t = n - 1; t >= 0; t--) z[units[t]] = saved[t];
  return g;
}

const singletons = new WeakMap<CompiledPackage, Float64Array>();

/**
 * F({c}) of every candidate alone, in candidate order and weight units (do not modify): `valueOf`
 * of its coverage row (what `gainAt` gives on the empty store), computed once per compiled package.
 * Writers' threshold grids and the exact search's branch order read it.
 *
 * Each value is summed over the candidate's own row only, in unit order: the other terms of
 * `valueOf` are exact zeros, which leave Neumaier's sum and its compensation unchanged, so the
 * values are bit for bit those of `valueOf` at O(nnz) instead of O(candidates x units).
 */
export function singletonValues(cp: CompiledPackage): Float64Array;
/**
 * {@linkcode singletonValues} that gives up at `deadline`, a `performance.now()` time: null if
 * it passed first (nothing is cached then).
 */
export function singletonValues(cp: CompiledPackage, deadline: number): Float64Array | null;
export function singletonValues(cp: CompiledPackage, deadline = Infinity): Float64Array | null {
  let f = singletons.get(cp);
  if (f === undefined) {
    const n = cp.candIds.length, w = cp.weights, seg = cp.segments;
    f = new Float64Array(n);
    const order: number[] = [];
    for (let c = 0; c < n; c++) {
      if ((c & 255) === 255 && deadline !== Infinity && performance.now() > deadline) return null;
      const units = cp.rowUnits[c], vals = cp.rowVals[c], m = units.length;
      order.length = m;
      for (let t = 0; t < m; t++) order[t] = t;
      order.sort((a, b) => units[a] - units[b]);
      let s = 0, comp = 0, dup = false;
      for (let q = 0; q < m; q++) {
        const t = order[q], r = units[t];
        if (q > 0 && units[order[q - 1]] === r) dup = true;
        const zr = vals[t], h = seg[r];
        const x = w[r] * (h === null ? (zr < 1 ? zr : 1) : saturate(h, zr));
        const u = s + x;
        comp += Math.abs(s) >= Math.abs(x) ? (s - u) + x : (x - u) + s;
        s = u;
      }
      // A unit listed twice in a row: sum its coverage as valueOf does (the full evaluation).
      f[c] = dup ? evaluateStore(cp, [c]) : s + comp;
    }
    singletons.set(cp, f);
  }
  return f;
}

/** Relative tolerance of value comparisons (ties, gains, pruning): 1e-12 x {@linkcode valueScale}. */
export const VALUE_RTOL = 1e-12;

const scales = new WeakMap<CompiledPackage, number>();

/**
 * The package's value scale, cached per package: F of every candidate together, in weight units
 * (monotone F: an upper bound on OPT and on every store's F). It is multiplied by c when every
 * weight is, so tolerances taken relative to it do not depend on the weights' unit. 0 when no
 * weighted unit has coverage.
 */
export function valueScale(cp: CompiledPackage): number {
  let v = scales.get(cp);
  if (v === undefined) {
    const z = new Float64Array(cp.unitIds.length);
    for (let c = 0; c < cp.candIds.length; c++) {
      const units = cp.rowUnits[c], vals = cp.rowVals[c];
      for (let t = 0; t < units.length; t++) z[units[t]] += vals[t];
    }
    v = valueOf(cp, z);
    scales.set(cp, v);
  }
  return v;
}

/**
 * The value tolerance of the exact solvers, in weight units: {@linkcode VALUE_RTOL} x
 * {@linkcode valueScale}. Two values closer than this tie; a gain or an improvement must exceed it;
 * a bound must fall below the incumbent by more than it to prune; an OPT at or below it is
 * degenerate (0 when F is 0 for every store).
 *
 * On the artifact's distributions the scale is between 8 and 22, so this is 1e-11 .. 2e-11 where
 * the artifact uses 1e-12; F values there are sums of products of decimals with at most two places,
 * so two of them differ either by float rounding (< 1e-13) or by more than 1e-4, and both
 * tolerances give the same verdicts (pinned by the sweep outputs, which are byte-identical).
 */
export function valueTol(cp: CompiledPackage): number {
  return VALUE_RTOL * valueScale(cp);
}

const densityScales = new WeakMap<CompiledPackage, number>();

/**
 * The writers' threshold tolerance, in weight units per cost unit (cached per package):
 * {@linkcode VALUE_RTOL} x the largest singleton density F({c}) / max(cost_c, 1e-12) (the top of
 * GVT's threshold grid, ARTIFACT-SPEC §4.4). It scales with the weights and inversely with the
 * costs, as the densities compared with it do. On the artifact's distributions it is 1e-12 ..
 * 3e-12 where the artifact uses 1e-12; their densities differ by rounding (< 1e-14) or by more than
 * 1e-4, so the verdicts are the same (the sweep outputs are byte-identical).
 */
export function densityTol(cp: CompiledPackage): number {
  let d = densityScales.get(cp);
  if (d === undefined) {
    const single = singletonValues(cp);
    d = 0;
    for (let c = 0; c < single.length; c++) {
      const x = single[c] / Math.max(cp.cost[c], 1e-12);
      if (x > d) d = x;
    }
    d *= VALUE_RTOL;
    densityScales.set(cp, d);
  }
  return d;
}

/** Relative tolerance of the one cost-to-budget rule ({@linkcode withinBudget}). */
export const BUDGET_RTOL = 1e-12;

/** 2^-52: twice the unit roundoff of a double. */
const EPS = 2 ** -52;

/**
 * The one cost-to-budget rule (paper 000 eq. 1, sum of costs <= B), used by every solver, writer,
 * scorer and the MILP decode:
 *
 *     feasible  <=>  S <= B + tau,   tau = fl(1e-12 * B)
 *
 * where S is the EXACT real sum of the store's costs (doubles) and the comparison is exact too. S
 * does not depend on the order of the ids, so the same set gets the same verdict everywhere;
 * running float sums, which do depend on the order (0.1 + 0.2 + 0.3 = 0.6000000000000001 but 0.3 +
 * 0.2 + 0.1 = 0.6), are only a fast filter: a running sum s of m positive costs is within (m + 4) x
 * 2^-52 x max(s, B) of S, and only a sum inside that window of B + tau is summed exactly
 * (Shewchuk's expansion arithmetic: TwoSum, no rounding at all).
 *
 * The tolerance tau is relative to B, so multiplying every cost and B by one constant keeps every
 * verdict (up to the rounding of the products). It lets a store whose decimal costs add up to B
 * exactly (0.1 + 0.2 + 0.3 with B = 0.6) fit whatever the float rounding of its terms, and it is
 * far below any real cost difference. The artifact's rule is "used + cost <= B" with no tolerance
 * (ARTIFACT-SPEC §4.4); its costs are integers, so S is exact there and S in (B, B + tau] would
 * need a budget within 1e-12 x B below an integer, which none of its budget grids has: both rules
 * give the same verdicts (the sweep outputs are byte-identical).
 *
 * @param costs the costs of the store's candidates (any order)
 * @param budget B in cost units (finite, >= 0)
 * @returns true when the store fits the budget
 */
export function withinBudget(costs: ArrayLike<number>, budget: number): boolean {
  let s = 0;
  for (let i = 0; i < costs.length; i++) s += costs[i];
  const v = budgetFilter(s, costs.length, budget);
  return v === 0 ? exactFits(costs, costs.length, budget) : v > 0;
}

/**
 * The fast filter of {@linkcode withinBudget}: +1 when a float sum `s` (in any order and
 * association) of `m` positive costs certainly fits B, -1 when it certainly does not, 0 when the
 * exact sum must decide.
 */
export function budgetFilter(s: number, m: number, budget: number): 1 | -1 | 0 {
  const limit = budget + BUDGET_RTOL * budget;
  const window = (m + 4) * EPS * (s > limit ? s : limit);
  if (s <= limit - window) return 1;
  if (s > limit + window) return -1;
  return 0;
}

/**
 * The exact verdict of {@linkcode withinBudget} for costs[0 .. m-1], S <= B + tau: the sign of
 * S − B − tau computed as a nonoverlapping expansion (no rounding).
 */
export function exactFits(costs: ArrayLike<number>, m: number, budget: number): boolean {
  const e: number[] = [];
  const grow = (x: number) => {
    // Grow-expansion (Shewchuk 1997, Theorem 10) with zero elimination.
    let q = x, k = 0;
    for (let i = 0; i < e.length; i++) {
      const sum = q + e[i], bv = sum - q, err = (q - (sum - bv)) + (e[i] - bv);
      q = sum;
      if (err !== 0) e[k++] = err;
    }
    e.length = k;
    if (q !== 0) e.push(q);
  };
  for (let i = 0; i < m; i++) grow(costs[i]);
  grow(-budget);
  grow(-(BUDGET_RTOL * budget));
  // The largest component carries the sign of a nonoverlapping expansion.
  return e.length === 0 || e[e.length - 1] <= 0;
}

/** {@linkcode withinBudget} for a store of one candidate of cost `cost` (no array allocated). */
export function fitsAlone(cost: number, budget: number): boolean {
  const v = budgetFilter(cost, 1, budget);
  return v === 0 ? exactFits([cost], 1, budget) : v > 0;
}

/**
 * {@linkcode withinBudget} for candidate indices: the costs `cost[idx[i]]`
 * plus, when `extra >= 0`, candidate `extra`.
 *
 * @param cost cost per candidate index
 * @param idx candidate indices of the store (any order)
 * @param budget B
 * @param extra a candidate to add, or -1
 * @returns true when the store (with `extra`) fits the budget
 */
export function fitsBudget(
  cost: ArrayLike<number>,
  idx: ArrayLike<number>,
  budget: number,
  extra = -1,
): boolean {
  let s = extra >= 0 ? cost[extra] : 0;
  for (let i = 0; i < idx.length; i++) s += cost[idx[i]];
  const m = idx.length + (extra >= 0 ? 1 : 0);
  const v = budgetFilter(s, m, budget);
  if (v !== 0) return v > 0;
  const xs = Array.from(idx, (c) => cost[c]);
  if (extra >= 0) xs.push(cost[extra]);
  return exactFits(xs, xs.length, budget);
}

/**
 * The cost of a store reported beside a verdict, in cost units: Neumaier's compensated sum of its
 * costs (any order) sorted ascending, so it does not depend on the order of the ids.
 */
export function storeCost(costs: readonly number[]): number {
  return neumaierSum([...costs].sort((a, b) => a - b));
}

/** Neumaier's compensated sum of `xs`, in the order given. */
export function neumaierSum(xs: Iterable<number>): number {
  let s = 0, c = 0;
  for (const x of xs) {
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  return s + c;
}

/**
 * An incremental coverage state: the store so far, its summed coverage z (accumulated in insertion
 * order), F (re-evaluated in full after each insertion), cost and per-group counts, in plain arrays
 * (cheaper to create than typed arrays for small packages).
 */
export class CoverageState {
  /** Summed coverage z_r per unit (weight-free), package unit order. */
  readonly z: number[];
  /** Candidates held per group, group order. */
  readonly groupCount: number[];
  /** Candidate indices in insertion order. */
  readonly selected: number[] = [];
  /** F of the store (weight units), re-evaluated in full after each insertion. */
  value = 0;
  /** Running float sum of the costs in insertion order (the budget rule uses the exact sum). */
  cost = 0;

  /** An empty store of `cp`. @param cp compiled package */
  constructor(readonly cp: CompiledPackage) {
    this.z = new Array<number>(cp.unitIds.length).fill(0);
    this.groupCount = new Array<number>(cp.groupIds.length).fill(0);
  }

  /** Marginal gain Δ(c | store) = F(store + c) − F(store), both evaluated in full ({@linkcode gainAt}). */
  gain(c: number): number {
    return gainAt(this.cp, this.z, this.value, c);
  }

  /**
   * True if c's group has room and the store plus c fits `budget` under the
   * one cost-to-budget rule ({@linkcode withinBudget}).
   */
  fits(c: number, budget: number): boolean {
    if (this.groupCount[this.cp.groupOf[c]] >= this.cp.k) return false;
    // budgetFilter inlined (the writers' hot path): far below or above B + tau decides.
    // Below B (1 - 2^-40) fits for any store of fewer than 4,000 candidates (window < 2^-40 B).
    const sum = this.cost + this.cp.cost[c];
    if (sum <= budget * (1 - 2 ** -40) && this.selected.length < 4000) return true;
    const limit = budget + BUDGET_RTOL * budget;
    const window = (this.selected.length + 5) * EPS * (sum > limit ? sum : limit);
    if (sum <= limit - window) return true;
    if (sum > limit + window) return false;
    return fitsBudget(this.cp.cost, this.selected, budget, c);
  }

  /** Adds candidate c (no feasibility check) and re-evaluates F in full. */
  add(c: number): void {
    const units = this.cp.rowUnits[c], vals = this.cp.rowVals[c];
    for (let t = 0; t < units.length; t++) this.z[units[t]] += vals[t];
    this.value = valueOf(this.cp, this.z);
    this.cost += this.cp.cost[c];
    this.groupCount[this.cp.groupOf[c]]++;
    this.selected.push(c);
  }
}

/** F of a store given as candidate indices, accumulated in the given order. */
export function evaluateStore(cp: CompiledPackage, store: readonly number[]): number {
  // What a CoverageState reaches after add(c) for each c: z summed in store order, then F(z).
  if (store.length === 0) return 0; // an empty state's value
  const M = cp.unitIds.length;
  if (evalZ.length < M) evalZ = new Float64Array(Math.max(M, 2 * evalZ.length));
  const z = evalZ;
  z.fill(0, 0, M);
  for (const c of store) {
    const units = cp.rowUnits[c], vals = cp.rowVals[c];
    for (let t = 0; t < units.length; t++) z[units[t]] += vals[t];
  }
  return valueOf(cp, z);
}

/** Scratch coverage for evaluateStore (valueOf reads only its first M entries). */
let evalZ = new Float64Array(64);

/**
 * Checks a store against eq. 1: known candidates, no repeats, cost <= B under the one
 * cost-to-budget rule ({@linkcode withinBudget}: exact sum, tolerance 1e-12 x B, independent of the
 * order of the ids) and at most k per group.
 *
 * @param cp compiled package
 * @param storeIds candidate ids of the store
 * @param budget B in cost units
 * @returns feasibility with one human-readable reason per violation; `cost` is
 *   {@linkcode storeCost} of the known candidates (order-independent)
 */
export function checkFeasible(cp: CompiledPackage, storeIds: readonly string[], budget: number): {
  /** True when no reason was found. */
  feasible: boolean;
  /** Order-independent total cost ({@linkcode storeCost}) of the known candidates. */
  cost: number;
  /** One human-readable line per violation. */
  reasons: string[];
} {
  const reasons: string[] = [];
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const costs: number[] = [];
  for (const id of storeIds) {
    const c = cp.candIndex.get(id);
    if (c === undefined) {
      reasons.push(`unknown candidate '${id}'`);
      continue;
    }
    if (seen.has(id)) reasons.push(`candidate '${id}' appears twice`);
    seen.add(id);
    costs.push(cp.cost[c]);
    const g = cp.groupIds[cp.groupOf[c]];
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const cost = storeCost(costs);
  if (!withinBudget(costs, budget)) reasons.push(`cost ${cost} exceeds budget ${budget}`);
  for (const [g, n] of counts) {
    if (n > cp.k) reasons.push(`group '${g}' holds ${n} candidates, more than k = ${cp.k}`);
  }
  return { feasible: reasons.length === 0, cost, reasons };
}
