/**
 * The registry of synthetic distributions (ARTIFACT-SPEC §3, §4.3).
 *
 * Candidate, experience and instance ids, weights, weight order, costs,
 * coverage and draw order follow the spec exactly. Where the spec names a
 * unit only by role (density_trap, summary_tradeoff, redundancy_heavy and the
 * subject-dependent ids of scope_shift_v2), the unit id strings are ours;
 * unit ids never enter F, the tie rules or the budgets, so numbers are
 * unaffected. Unit families are our classification (DESIGN §2).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import type { Package } from "../package/schema.ts";
import { buildPackage } from "./build_package.ts";
import type { DistributionSpec } from "./distribution_spec.ts";
import { ABSTENTION_HARD } from "./distributions/abstention_hard.ts";
import { BASE } from "./distributions/base.ts";
import { DENSITY_TRAP } from "./distributions/density_trap.ts";
import { DENSITY_TRAP_V2 } from "./distributions/density_trap_v2.ts";
import { REDUNDANCY_HEAVY } from "./distributions/redundancy_heavy.ts";
import { SCOPE_SHIFT } from "./distributions/scope_shift.ts";
import { SCOPE_SHIFT_V2 } from "./distributions/scope_shift_v2.ts";
import { SUMMARY_TRADEOFF } from "./distributions/summary_tradeoff.ts";
import { TEMPORAL_INTERVAL } from "./distributions/temporal_interval.ts";
import { UPDATE_CHAIN } from "./distributions/update_chain.ts";

/** Every built-in distribution as data, by name. */
export const DISTRIBUTION_SPECS = {
  base: BASE,
  update_chain: UPDATE_CHAIN,
  temporal_interval: TEMPORAL_INTERVAL,
  density_trap: DENSITY_TRAP,
  scope_shift: SCOPE_SHIFT,
  summary_tradeoff: SUMMARY_TRADEOFF,
  redundancy_heavy: REDUNDANCY_HEAVY,
  abstention_hard: ABSTENTION_HARD,
  density_trap_v2: DENSITY_TRAP_V2,
  scope_shift_v2: SCOPE_SHIFT_V2,
} as const satisfies Record<string, DistributionSpec>;

/** Name of a built-in distribution (the keys of {@linkcode DISTRIBUTIONS}). */
export type DistributionName =
  | "base"
  | "update_chain"
  | "temporal_interval"
  | "density_trap"
  | "scope_shift"
  | "summary_tradeoff"
  | "redundancy_heavy"
  | "abstention_hard"
  | "density_trap_v2"
  | "scope_shift_v2";

// The list above is written out for readers; the compiler proves it is exactly the registry's keys.
const _sameNames: [DistributionName] extends [keyof typeof DISTRIBUTION_SPECS]
  ? [keyof typeof DISTRIBUTION_SPECS] extends [DistributionName] ? true : false
  : false = true;

/** A package generator: seed s -> package. */
export type Generator = (seed: number) => Package;

/** Every built-in distribution as a generator, by name. */
export const DISTRIBUTIONS: Readonly<Record<DistributionName, Generator>> = Object.fromEntries(
  Object.entries(DISTRIBUTION_SPECS).map(([name, spec]) => [
    name,
    (seed: number) => buildPackage(spec, seed),
  ]),
) as Record<DistributionName, Generator>;

/** The stress suite's 8 distributions in the artifact's order (ARTIFACT-SPEC §4.3). */
export const STRESS_DISTRIBUTIONS: readonly DistributionName[] = [
  "base",
  "update_chain",
  "temporal_interval",
  "density_trap",
  "scope_shift",
  "summary_tradeoff",
  "redundancy_heavy",
  "abstention_hard",
];

/**
 * Generates the package of a built-in distribution for one seed.
 *
 * @example Base, seed 0
 * ```ts
 * import assert from "node:assert/strict";
 * import { generate } from "./distributions.ts";
 * const pkg = generate("base", 0);
 * assert.ok(pkg.id === "synthetic_seed_0" && pkg.candidates.length === 25);
 * ```
 *
 * @param name a distribution name (see {@linkcode DISTRIBUTION_SPECS})
 * @param seed the seed s, a non-negative integer
 * @returns the package, bit-compatible with the artifact's instance
 * @throws {InputError} if the name is unknown
 * @throws {RangeError} if the seed is not a non-negative integer
 */
export function generate(name: string, seed: number): Package {
  checkDistributionName(name);
  return buildPackage(DISTRIBUTION_SPECS[name], seed);
}

/**
 * Checks that `name` is a built-in distribution (the check {@linkcode generate} makes).
 *
 * @param name a distribution name
 * @throws {InputError} naming the known distributions if it is not one of them
 */
export function checkDistributionName(name: string): asserts name is DistributionName {
  if (!Object.hasOwn(DISTRIBUTION_SPECS, name)) {
    throw new InputError(
      `distribution '${name}'`,
      { path: "" },
      `expected one of ${Object.keys(DISTRIBUTION_SPECS).join(", ")}`,
      [],
      "generate",
    );
  }
}
