/**
 * The size grid of the solver benchmarks (issue 2, "Must show"): random
 * packages of 10 to 400 experiences with 3-6 candidates each and up to 1,000
 * units, each at a small (5 %) and a larger (20 %) budget, as fractions of the
 * package's total candidate cost.
 *
 * @module
 */
import { type CompiledPackage } from "../lib/package/compile.ts";
import { randomPackage } from "./_random_package.ts";

/** Experience counts of the size grid. */
export const SIZES = [10, 25, 50, 100, 200, 400] as const;

/** Budget fractions of the total candidate cost: small and larger. */
export const BUDGET_FRACTIONS = [0.05, 0.2] as const;

/** One package of the size grid and its two budgets. */
export interface SizeCase {
  experiences: number;
  cp: CompiledPackage;
  totalCost: number;
  /** Budgets in cost units, in {@linkcode BUDGET_FRACTIONS} order. */
  budgets: number[];
}

/**
 * The package with `experiences` groups: seed `size<E>`, min(1,000, 5·E) units.
 *
 * @param experiences number of experiences (groups)
 * @returns the package, its total cost and its budgets (rounded, at least 1)
 */
export function sizeCase(experiences: number): SizeCase {
  const cp = randomPackage(`size${experiences}`, experiences, Math.min(1000, 5 * experiences));
  let totalCost = 0;
  for (const c of cp.cost) totalCost += c;
  const budgets = BUDGET_FRACTIONS.map((f) => Math.max(1, Math.round(f * totalCost)));
  return { experiences, cp, totalCost, budgets };
}
