/**
 * Per-row diagnostic metrics of a store: update metrics (ARTIFACT-SPEC §6.3)
 * and the representation mix (§1.2).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { TOMBSTONE_TYPES } from "../writers/restrict_package.ts";
import { DEFAULT_SUMMATION, pySum, type Summation } from "./_py_sum.ts";

/** The ordered validity lists of an instance (ARTIFACT-SPEC §1.1), used only for diagnostics. */
export interface ValidityLists {
  /** Units holding the current truth. */
  current: readonly string[];
  /** Units recording that a prior state is invalid. */
  invalidation: readonly string[];
  /** Superseded (stale) units. */
  stale: readonly string[];
}

/** The update metrics of one row (ARTIFACT-SPEC §6.3); unweighted, counts as floats. */
export interface UpdateMetrics {
  /** Length of the `current` validity list. */
  current_units_total: number;
  /**
   * Covered mass of the current units: Σ_r min(1, z_r(X)) over the `current` list (at most
   * `current_units_total`).
   */
  current_units_covered: number;
  /** Length of the `invalidation` validity list. */
  invalidation_units_total: number;
  /**
   * Covered mass of the invalidation units: Σ_r min(1, z_r(X)) over the `invalidation` list (a raw
   * update span alone gives 0.45 per unit).
   */
  invalidation_units_covered: number;
  /** Length of the `stale` validity list. */
  stale_units_total: number;
  /**
   * Covered mass of the stale (superseded) units: Σ_r min(1, z_r(X)) over the `stale` list; high
   * values mean the store keeps outdated facts.
   */
  stale_positive_units_covered: number;
  /** Number of selected candidates of type `tombstone` or `compound_update`. */
  selected_tombstone_like: number;
}

function stringList(v: unknown): string[] | null {
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : null;
}

/**
 * The validity lists of a package: `meta.current_units`, `meta.invalidation_units` and
 * `meta.stale_units` when the generator wrote them (the artifact's order), otherwise the units
 * whose `validity` is `current`, `invalidates_prior` or `superseded`, in unit order.
 *
 * @param cp compiled package
 * @returns the three ordered lists (possibly empty)
 */
export function validityLists(cp: CompiledPackage): ValidityLists {
  const meta = cp.pkg.meta ?? {};
  const byValidity = (v: string) => cp.pkg.units.filter((u) => u.validity === v).map((u) => u.id);
  return {
    current: stringList(meta.current_units) ?? byValidity("current"),
    invalidation: stringList(meta.invalidation_units) ?? byValidity("invalidates_prior"),
    stale: stringList(meta.stale_units) ?? byValidity("superseded"),
  };
}

/** Candidate indices of a store given as ids or indices. */
function storeIndices(cp: CompiledPackage, store: readonly (string | number)[]): number[] {
  const out = new Array<number>(store.length);
  for (let i = 0; i < store.length; i++) {
    const s = store[i];
    const c = typeof s === "number" ? s : cp.candIndex.get(s);
    if (c === undefined || !(c >= 0 && c < cp.candIds.length)) {
      throw new RangeError(
        `Cannot score store: unknown candidate '${s}' in package '${cp.pkg.id}'`,
      );
    }
    out[i] = c;
  }
  return out;
}

/** Options of {@linkcode updateMetrics}. */
export interface UpdateMetricsOptions {
  /** Validity lists (default {@linkcode validityLists} of the package). */
  lists?: ValidityLists;
  /** How the covered masses are summed (default `naive`). */
  summation?: Summation;
}

/**
 * The update metrics of a store (ARTIFACT-SPEC §6.3): for each validity list its length and its
 * covered mass Σ_r min(1, z_r(X)) in list order, where z_r(X) sums the selected candidates'
 * coverage in store order (no weights, no per-candidate clipping; units absent from the package
 * count 0); plus the number of selected tombstone-like candidates. A raw update span alone covers
 * an invalidation unit 0.45.
 *
 * @example
 * ```ts ignore
 * updateMetrics(cp, ["s0_pref_0_update_raw_span"]).invalidation_units_covered; // 0.45
 * ```
 *
 * @param cp compiled package
 * @param store the store as candidate ids or indices, in selection order
 * @param opts validity lists and summation mode
 * @returns the seven metrics
 * @throws {RangeError} if the store names a candidate the package does not have
 */
export function updateMetrics(
  cp: CompiledPackage,
  store: readonly (string | number)[],
  opts: UpdateMetricsOptions = {},
): UpdateMetrics {
  const lists = opts.lists ?? validityLists(cp);
  const mode = opts.summation ?? DEFAULT_SUMMATION;
  const sel = storeIndices(cp, store);
  // A plain array: same sums as a Float64Array, without allocating a buffer per call.
  const z = new Array<number>(cp.unitIds.length).fill(0);
  let tombstoneLike = 0;
  for (const c of sel) {
    const units = cp.rowUnits[c], vals = cp.rowVals[c];
    for (let t = 0; t < units.length; t++) z[units[t]] += vals[t];
    if (TOMBSTONE_TYPES.has(cp.rep[c])) tombstoneLike++;
  }
  const mass = (ids: readonly string[]) => {
    const covered = new Array<number>(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const r = cp.unitIndex.get(ids[i]);
      covered[i] = r === undefined ? 0 : Math.min(1, z[r]);
    }
    return pySum(covered, mode);
  };
  return {
    current_units_total: lists.current.length,
    current_units_covered: mass(lists.current),
    invalidation_units_total: lists.invalidation.length,
    invalidation_units_covered: mass(lists.invalidation),
    stale_units_total: lists.stale.length,
    stale_positive_units_covered: mass(lists.stale),
    selected_tombstone_like: tombstoneLike,
  };
}

/**
 * The representation mix of a store (ARTIFACT-SPEC §1.2): representation
 * type → number of selected candidates, keys in sorted order.
 *
 * @param cp compiled package
 * @param store the store as candidate ids or indices
 * @returns counts per representation type
 * @throws {RangeError} if the store names a candidate the package does not have
 */
export function representationMix(
  cp: CompiledPackage,
  store: readonly (string | number)[],
): Record<string, number> {
  const counts = new Map<string, number>();
  for (const c of storeIndices(cp, store)) counts.set(cp.rep[c], (counts.get(cp.rep[c]) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => compareIds(a, b)));
}
