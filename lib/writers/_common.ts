/**
 * Private helpers shared by the writers: tie-break keys, the step recorder
 * and the result builder.
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { CoverageState, evaluateStore, valueOf } from "../objective.ts";
import { TOL, type WriterResult, type WriterStep } from "./types.ts";

/** Density Δ / max(cost, 1e-12), as the artifact divides (ARTIFACT-SPEC §4.4). */
export function density(gain: number, cost: number): number {
  return gain / Math.max(cost, TOL);
}

/** A scored candidate: index, marginal, cost, id (and density for greedy keys). */
export interface Scored {
  c: number;
  gain: number;
  cost: number;
  id: string;
  density: number;
}

/** Lexicographic compare of (Δ, −cost, id); > 0 when `a` is the larger tuple. */
export function cmpGainKey(a: Scored, b: Scored): number {
  if (a.gain !== b.gain) return a.gain > b.gain ? 1 : -1;
  if (a.cost !== b.cost) return a.cost < b.cost ? 1 : -1;
  return compareIds(a.id, b.id);
}

/** Lexicographic compare of (Δ/cost, Δ, −cost, id); > 0 when `a` is the larger tuple. */
export function cmpDensityKey(a: Scored, b: Scored): number {
  if (a.density !== b.density) return a.density > b.density ? 1 : -1;
  return cmpGainKey(a, b);
}

let saved = new Float64Array(16);

/**
 * Δ(c | z) exactly as {@linkcode CoverageState.gain} computes it:
 * F(z + row of c) − value, with F evaluated in full by `valueOf`. `z` is
 * changed in place and restored bit for bit before returning.
 *
 * @param cp compiled package
 * @param z summed coverage of the store
 * @param value F of the store as its state holds it
 * @param c candidate index
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

/**
 * True when (Δa/ca, Δa, −ca, a) > (Δb/cb, Δb, −cb, b) lexicographically,
 * the density key of {@linkcode cmpDensityKey} on plain numbers.
 */
export function densityKeyAbove(
  cp: CompiledPackage,
  a: number,
  gainA: number,
  densityA: number,
  b: number,
  gainB: number,
  densityB: number,
): boolean {
  if (densityA !== densityB) return densityA > densityB;
  if (gainA !== gainB) return gainA > gainB;
  const ca = cp.cost[a], cb = cp.cost[b];
  if (ca !== cb) return ca < cb;
  return compareIds(cp.candIds[a], cp.candIds[b]) > 0;
}

/** Scores candidate c against a state (oracle marginal by full recomputation). */
export function score(cp: CompiledPackage, st: CoverageState, c: number): Scored {
  const gain = st.gain(c);
  const cost = cp.cost[c];
  return { c, gain, cost, id: cp.candIds[c], density: density(gain, cost) };
}

/** A coverage state that records one {@linkcode WriterStep} per insertion. */
export class Recorder {
  readonly state: CoverageState;
  readonly trace: WriterStep[] = [];

  constructor(readonly cp: CompiledPackage) {
    this.state = new CoverageState(cp);
  }

  /** Inserts c; `gain` is its oracle marginal (computed when omitted). */
  add(c: number, gain = this.state.gain(c), estimated?: number): void {
    this.state.add(c);
    const cost = this.cp.cost[c];
    const step: WriterStep = {
      candidate: this.cp.candIds[c],
      gain,
      cost,
      density: density(gain, cost),
      value: this.state.value,
    };
    if (estimated !== undefined) step.estimated = estimated;
    this.trace.push(step);
  }
}

/**
 * Checks a budget.
 *
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function checkBudget(writer: string, budget: number): void {
  if (!Number.isFinite(budget) || budget < 0) {
    throw new RangeError(
      `Cannot run writer ${writer}: budget must be a finite number >= 0, got ${budget}`,
    );
  }
}

/**
 * Builds a writer result from a recorder. The value is F of the store
 * re-evaluated on `full` (the unrestricted package when the writer ran on a
 * restricted pool; ids are shared).
 */
export function finish(
  writer: string,
  label: string,
  budget: number,
  rec: Recorder,
  details?: Record<string, unknown>,
  full: CompiledPackage = rec.cp,
): WriterResult {
  const store = rec.state.selected.map((c) => rec.cp.candIds[c]);
  const idx = store.map((id) => full.candIndex.get(id)!);
  const result: WriterResult = {
    writer,
    label,
    budget,
    store,
    value: evaluateStore(full, idx),
    cost: idx.reduce((s, c) => s + full.cost[c], 0),
    trace: rec.trace,
  };
  if (details !== undefined) result.details = details;
  return result;
}
