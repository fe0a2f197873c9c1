/**
 * The package sets compared between our B&B and the pure-Python reference
 * (bench/reference/bnb.py): base packages, small random packages of 11
 * experiences and the LoCoMo support slices, each with its budgets.
 *
 * @module
 */
import { generate } from "../lib/generate/distributions.ts";
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { locomoSlices } from "../lib/natural/locomo_slices.ts";
import { type CompiledPackage, compilePackage } from "../lib/package/compile.ts";
import { randomPackage } from "./_random_package.ts";

/** A named list of packages, each solved at every one of its budgets. */
export interface PackageSet {
  name: string;
  description: string;
  packages: { cp: CompiledPackage; budgets: number[] }[];
}

/** Names of the sets, in output order. */
export const SET_NAMES = ["base", "random11", "locomo"] as const;

/**
 * Builds the sets.
 *
 * - `base`: generate("base", s), s = 0..99, B = 1, 2, 4, 8, 16 (7 experiences, 25 candidates).
 * - `random11`: randomPackage(`ref<i>`, 11, 44), i = 0..49, B = 10 and 20
 *   (11 experiences, 3-6 candidates each, 44 units).
 * - `locomo`: the locomo8 support slices, B = 30, 60, 100 (skipped if the data is missing).
 *
 * @param names which sets to build (default all)
 * @returns the sets in {@linkcode SET_NAMES} order
 */
export async function packageSets(
  names: readonly string[] = SET_NAMES,
): Promise<PackageSet[]> {
  const sets: PackageSet[] = [];
  if (names.includes("base")) {
    sets.push({
      name: "base",
      description: "generate('base', s), s = 0..99; B = 1, 2, 4, 8, 16",
      packages: Array.from({ length: 100 }, (_, s) => ({
        cp: compilePackage(generate("base", s)),
        budgets: [1, 2, 4, 8, 16],
      })),
    });
  }
  if (names.includes("random11")) {
    sets.push({
      name: "random11",
      description: "randomPackage('ref<i>', 11, 44), i = 0..49; B = 10, 20",
      packages: Array.from({ length: 50 }, (_, i) => ({
        cp: randomPackage(`ref${i}`, 11, 44),
        budgets: [10, 20],
      })),
    });
  }
  if (names.includes("locomo")) {
    const file = new URL("../../shared/data/locomo/locomo8.json", import.meta.url).pathname;
    try {
      const slices = locomoSlices(await loadLocomo(file));
      sets.push({
        name: "locomo",
        description: "locomo8 support slices; B = 30, 60, 100",
        packages: slices.packages.map((p) => ({ cp: compilePackage(p), budgets: [30, 60, 100] })),
      });
    } catch (e) {
      console.error(`locomo set skipped: ${(e as Error).message}`);
    }
  }
  return sets;
}

/**
 * One compiled package in the reference's JSON form: weights in unit order,
 * candidates with experience, time index, cost, representation and sparse coverage.
 *
 * @param cp a compiled package with k = 1 and the default h = min(1, z)
 * @param budgets its budgets
 * @returns a plain JSON object
 * @throws {RangeError} if the package uses k > 1 or a piecewise h (the reference has neither)
 */
export function referenceJson(cp: CompiledPackage, budgets: number[]): Record<string, unknown> {
  if (cp.k !== 1 || cp.segments.some((s) => s !== null)) {
    throw new RangeError(
      `Cannot export ${cp.pkg.id}: the reference supports only k = 1 and min(1, z)`,
    );
  }
  return {
    id: cp.pkg.id,
    budgets,
    weights: cp.unitIds.map((u, r) => [u, cp.weights[r]]),
    candidates: cp.candIds.map((id, c) => ({
      id,
      experience: cp.groupIds[cp.groupOf[c]],
      time: cp.time[c],
      cost: cp.cost[c],
      rep: cp.rep[c],
      coverage: Array.from(cp.rowUnits[c], (r, t) => [cp.unitIds[r], cp.rowVals[c][t]]),
    })),
  };
}
