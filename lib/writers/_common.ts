/**
 * Private helpers shared by the writers: tie-break keys, the step recorder and the result builder.
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { CoverageState, evaluateStore, gainAt, valueTol } from "../objective.ts";
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

/**
 * True when (Δa/ca, Δa, −ca, a) > (Δb/cb, Δb, −cb, b) lexicographically: the density key.
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

/**
 * The density-key pick of density-only and greedy: among the candidates of `pool` not marked in
 * `skip` that fit `budget` with Δ > 1e-12 x the package's scale ({@linkcode valueTol}), the one
 * with the largest (Δ/cost, Δ, −cost, id) ({@linkcode densityKeyAbove}).
 *
 * @param cp compiled package
 * @param st the writer's store state
 * @param pool candidate indices, in scan order
 * @param budget B in cost units
 * @param skip candidates to pass over (index → non-zero), if any
 * @returns [candidate, Δ], or [-1, 0] when none qualifies
 */
export function densityPick(
  cp: CompiledPackage,
  st: CoverageState,
  pool: ArrayLike<number>,
  budget: number,
  skip?: Uint8Array,
): [number, number] {
  let best = -1, bestGain = 0, bestDensity = 0;
  const tol = valueTol(cp); // the artifact's 1e-12, relative to the package's scale
  for (let i = 0; i < pool.length; i++) {
    const c = pool[i];
    if ((skip !== undefined && skip[c]) || !st.fits(c, budget)) continue;
    const gain = gainAt(cp, st.z, st.value, c);
    if (!(gain > tol)) continue;
    const d = density(gain, cp.cost[c]);
    if (best < 0 || densityKeyAbove(cp, c, gain, d, best, bestGain, bestDensity)) {
      best = c;
      bestGain = gain;
      bestDensity = d;
    }
  }
  return [best, bestGain];
}

/** A store state that records one {@linkcode WriterStep} per insertion. */
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
 * Builds a writer result from a recorder. The value is F of the store re-evaluated on `full` (the
 * unrestricted package when the writer ran on a restricted pool; ids are shared).
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
  // On the recorder's own package, evaluateStore would repeat its insertions.
  let value = rec.state.value, cost = rec.state.cost;
  if (full !== rec.cp) {
    const onFull = store.map((id) => full.candIndex.get(id)!);
    value = evaluateStore(full, onFull);
    cost = onFull.reduce((sum, c) => sum + full.cost[c], 0);
  }
  const result: WriterResult = { writer, label, budget, store, value, cost, trace: rec.trace };
  if (details !== undefined) result.details = details;
  return result;
}
