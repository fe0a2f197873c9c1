/**
 * The package objective (paper 000 eq. 2) and feasibility (eq. 1).
 *
 * F(X) = sum_r w_r h_r(z_r(X)), z_r(X) = sum_{u in X} a_ur, default h_r(z) = min(1, z).
 * F is summed over units in package order with Neumaier's compensated
 * summation (what CPython >= 3.12's `sum()` does; see lib/score/_py_sum.ts
 * for the evidence that the artifact ran on it), and a marginal gain is the
 * difference of two full evaluations (ARTIFACT-SPEC §2.2, §2.4), so float
 * ties follow the authors' artifact.
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
 * F({c}) of every candidate alone, in candidate order: `valueOf` of its
 * coverage row (what `gainAt` gives on the empty store), computed once per
 * compiled package. Writers' threshold grids and the exact search's branch
 * order read it.
 *
 * @param cp compiled package
 * @returns F({c}) per candidate index, in weight units (do not modify)
 */
export function singletonValues(cp: CompiledPackage): Float64Array {
  let f = singletons.get(cp);
  if (f === undefined) {
    const n = cp.candIds.length;
    f = new Float64Array(n);
    const z = new Array<number>(cp.unitIds.length).fill(0);
    for (let c = 0; c < n; c++) f[c] = gainAt(cp, z, 0, c);
    singletons.set(cp, f);
  }
  return f;
}

/**
 * An incremental coverage state: the store so far, its summed coverage z,
 * F, cost and per-group counts. Coverage is accumulated in insertion order
 * and F re-evaluated in full after each insertion. Held in plain arrays,
 * which are cheaper to create than typed arrays for small packages.
 */
export class CoverageState {
  readonly z: number[];
  readonly groupCount: number[];
  readonly selected: number[] = [];
  value = 0;
  cost = 0;

  constructor(readonly cp: CompiledPackage) {
    this.z = new Array<number>(cp.unitIds.length).fill(0);
    this.groupCount = new Array<number>(cp.groupIds.length).fill(0);
  }

  /** Marginal gain Δ(c | store) = F(store + c) − F(store), both evaluated in full ({@linkcode gainAt}). */
  gain(c: number): number {
    return gainAt(this.cp, this.z, this.value, c);
  }

  /** Marginal gain computed only over c's coverage row: faster, equal up to rounding. */
  gainFast(c: number): number {
    const { weights, segments, rowUnits, rowVals } = this.cp;
    const units = rowUnits[c], vals = rowVals[c];
    let g = 0;
    for (let t = 0; t < units.length; t++) {
      const r = units[t], z0 = this.z[r];
      g += weights[r] * (saturate(segments[r], z0 + vals[t]) - saturate(segments[r], z0));
    }
    return g;
  }

  /** True if c's group has room and c fits in `budget`. */
  fits(c: number, budget: number): boolean {
    return this.cost + this.cp.cost[c] <= budget && this.groupCount[this.cp.groupOf[c]] < this.cp.k;
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

/** Result of {@linkcode checkFeasible}: `feasible` and, when not, the reasons. */
export interface Feasibility {
  feasible: boolean;
  cost: number;
  reasons: string[];
}

/**
 * Checks a store against eq. 1: known candidates, no repeats, cost <= B and
 * at most k per group.
 *
 * @param cp compiled package
 * @param storeIds candidate ids of the store
 * @param budget B in cost units
 * @returns feasibility with one human-readable reason per violation
 */
export function checkFeasible(
  cp: CompiledPackage,
  storeIds: readonly string[],
  budget: number,
): Feasibility {
  const reasons: string[] = [];
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  let cost = 0;
  for (const id of storeIds) {
    const c = cp.candIndex.get(id);
    if (c === undefined) {
      reasons.push(`unknown candidate '${id}'`);
      continue;
    }
    if (seen.has(id)) reasons.push(`candidate '${id}' appears twice`);
    seen.add(id);
    cost += cp.cost[c];
    const g = cp.groupIds[cp.groupOf[c]];
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  if (cost > budget) reasons.push(`cost ${cost} exceeds budget ${budget}`);
  for (const [g, n] of counts) {
    if (n > cp.k) reasons.push(`group '${g}' holds ${n} candidates, more than k = ${cp.k}`);
  }
  return { feasible: reasons.length === 0, cost, reasons };
}
