/**
 * Candidate-pool restriction for the representation ablations
 * (ARTIFACT-SPEC §4.4 `no_tombstone_*`, `generic_candidate_*`,
 * `summary_candidate_opt`; §8 item 16).
 *
 * @module
 */
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";

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

/**
 * A package with only the kept candidates: same units, weights, h, group
 * cap, queries and budgets; coverage cells of dropped candidates and
 * experiences left without candidates are removed. Group order is unchanged
 * (it depends only on the experiences' (order, id)); candidate ids are
 * shared with `cp`, indices are not.
 *
 * @param cp compiled package
 * @param keep predicate over candidate indices of `cp`
 * @returns the compiled restricted package (its `pkg.id` gets a "#restricted" suffix)
 */
export function restrictPackage(
  cp: CompiledPackage,
  keep: (c: number) => boolean,
): CompiledPackage {
  const pkg = cp.pkg;
  const candidates = pkg.candidates.filter((_, c) => keep(c));
  const kept = new Set(candidates.map((c) => c.id));
  const used = new Set(candidates.map((c) => c.experience));
  const restricted: Package = {
    ...pkg,
    id: `${pkg.id}#restricted`,
    experiences: pkg.experiences.filter((e) => used.has(e.id)),
    candidates,
    coverage: pkg.coverage.filter((cell) => kept.has(cell.candidate)),
  };
  return compilePackage(restricted, { k: cp.k });
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
