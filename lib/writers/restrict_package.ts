/**
 * Candidate-pool restriction for the representation ablations (ARTIFACT-SPEC §4.4 `no_tombstone_*`,
 * `generic_candidate_*`, `summary_candidate_opt`; §8 item 16).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { restrictPackage } from "../package/restrict.ts";

/** Types removed by the no-tombstone ablation: `tombstone` and `compound_update` only. */
export const TOMBSTONE_TYPES: ReadonlySet<string> = new Set(["tombstone", "compound_update"]);

/** Types kept by the generic-candidate ablation. */
export const GENERIC_TYPES: ReadonlySet<string> = new Set([
  "raw",
  "raw_span",
  "atomic_fact",
  "fact",
  "summary",
]);

/**
 * The no-tombstone filter: a predicate over candidate indices of `cp` that
 * keeps every candidate whose type is neither `tombstone` nor
 * `compound_update` (`compound_evidence` is kept, as in the artifact).
 *
 * @example Usage
 * ```ts ignore
 * const pool = restrictPackage(cp, noTombstone(cp)); // then solveBnb(pool, B)
 * ```
 *
 * @param cp compiled package
 * @returns keep(c) for candidate index c of `cp`
 */
export function noTombstone(cp: CompiledPackage): (c: number) => boolean {
  return (c) => !TOMBSTONE_TYPES.has(cp.rep[c]);
}

/**
 * Keeps only the candidates whose type is in `types` (e.g.
 * {@linkcode GENERIC_TYPES}, or `new Set(["summary"])`).
 *
 * @param cp compiled package
 * @param types representation types to keep (exact match)
 * @returns keep(c) for candidate index c of `cp`
 */
export function onlyTypes(cp: CompiledPackage, types: ReadonlySet<string>): (c: number) => boolean {
  return (c) => types.has(cp.rep[c]);
}

const noTombstonePools = new WeakMap<CompiledPackage, CompiledPackage>();

/**
 * The package without tombstones and compound updates (the artifact's
 * no-tombstone pool, ARTIFACT-SPEC §4.4), compiled once per package and cached.
 *
 * @param cp compiled package
 * @returns `restrictPackage(cp, noTombstone(cp))`, the same object on every call
 */
export function noTombstonePool(cp: CompiledPackage): CompiledPackage {
  let pool = noTombstonePools.get(cp);
  if (pool === undefined) noTombstonePools.set(cp, pool = restrictPackage(cp, noTombstone(cp)));
  return pool;
}
