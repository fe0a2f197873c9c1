/**
 * Writers run on a restricted candidate pool: no-tombstone GVT / greedy and generic-candidate GVT
 * (ARTIFACT-SPEC §4.4). The exact counterparts (`no_tombstone_opt`, `generic_candidate_opt`,
 * `summary_candidate_opt`) are the exact solver run on {@linkcode restrictPackage}.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { greedy } from "./greedy.ts";
import { gvtOnPool } from "./oracle_gvt.ts";
import { GENERIC_TYPES, noTombstone, noTombstonePool, onlyTypes } from "./restrict_package.ts";
import { restrictPackage } from "../package/restrict.ts";
import type { WriterResult } from "./types.ts";

/** The generic-candidate pool of a package, compiled once (it does not depend on the budget). */
const genericPools = new WeakMap<CompiledPackage, CompiledPackage>();

/**
 * No-tombstone GVT (`no_tombstone_gvt`): MemAudit-GVT on the pool without `tombstone` and
 * `compound_update` candidates, with the threshold grid built from that pool and the same weights.
 *
 * @param cp compiled package (full)
 * @param budget B in cost units
 * @returns the store in arrival order; value is F on the full package
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function noTombstoneGvt(cp: CompiledPackage, budget: number): WriterResult {
  return gvtOnPool(cp, budget, noTombstonePool(cp), "no_tombstone_gvt", "No-tombstone GVT");
}

/**
 * Generic-candidate GVT (`generic_candidate_gvt`): MemAudit-GVT on the pool
 * of types {raw, raw_span, atomic_fact, fact, summary}.
 *
 * @param cp compiled package (full)
 * @param budget B in cost units
 * @returns the store in arrival order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function genericCandidateGvt(cp: CompiledPackage, budget: number): WriterResult {
  let pool = genericPools.get(cp);
  if (pool === undefined) {
    genericPools.set(cp, pool = restrictPackage(cp, onlyTypes(cp, GENERIC_TYPES)));
  }
  return gvtOnPool(cp, budget, pool, "generic_candidate_gvt", "Generic-candidate GVT");
}

/**
 * No-tombstone greedy (`no_tombstone_greedy`): the global greedy with
 * `tombstone` and `compound_update` excluded.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function noTombstoneGreedy(cp: CompiledPackage, budget: number): WriterResult {
  return greedy(cp, budget, {
    allow: noTombstone(cp),
    writer: "no_tombstone_greedy",
    label: "No-tombstone greedy",
  });
}
