/**
 * Budget tokens: fractions of the run's mean total candidate cost, or
 * absolute budgets (ARTIFACT-SPEC §4.1).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import type { Package } from "../package/schema.ts";

/** A parsed budget token. */
export type BudgetToken =
  | { readonly kind: "fraction"; readonly value: number }
  | { readonly kind: "absolute"; readonly value: number };

const FLOAT =
  /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const INTEGER = /^[+-]?\d+(?:_\d+)*$/;

/**
 * Parses one budget token as the artifact's runner does: a fraction if it
 * parses as a number in (0, 1] and contains "." or "e" (either case here;
 * the artifact checks lowercase only and errors on "E"), else an absolute
 * integer budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBudgetToken } from "./budgets.ts";
 * assert.ok(parseBudgetToken("0.10").kind === "fraction");
 * assert.ok(parseBudgetToken("6").kind === "absolute");
 * ```
 *
 * @param token e.g. "0.05", "1e-1", "1.0" (fractions) or "6" (absolute)
 * @returns the fraction, or the absolute budget in cost units
 * @throws {InputError} if the token is neither a fraction nor a positive integer
 */
export function parseBudgetToken(token: string): BudgetToken {
  const t = token.trim();
  if (FLOAT.test(t) && (t.includes(".") || /e/i.test(t))) {
    const v = Number(t.replaceAll("_", ""));
    if (v > 0 && v <= 1) return { kind: "fraction", value: v };
  }
  if (INTEGER.test(t)) {
    const v = Number(t.replaceAll("_", ""));
    if (Number.isSafeInteger(v) && v > 0) return { kind: "absolute", value: v };
  }
  throw new InputError(
    `budget ${JSON.stringify(token)}`,
    { path: "" },
    "expected a fraction in (0, 1] written with '.' or 'e', or a positive integer budget",
    [],
    "use",
  );
}

/**
 * Python's round() of a double to an integer: ties go to the even neighbour.
 *
 * @param x a finite number
 * @returns the nearest integer, ties to even
 */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f; // exact for doubles of this size
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * The total candidate cost of one package, summed in candidate order.
 *
 * @param pkg a package
 * @returns Σ cost in cost units
 */
export function packageCostTotal(pkg: Package): number {
  let total = 0;
  for (const c of pkg.candidates) total += c.cost;
  return total;
}

/**
 * The budget basis of a run: the mean over its packages of the total
 * candidate cost, summed in run order, then divided by the count.
 *
 * @param packages every (distribution, seed) package of the run, in run order
 * @returns the basis in cost units
 * @throws {InputError} if there are no packages
 */
export function budgetBasis(packages: readonly Package[]): number {
  return budgetBasisFromTotals(packages.map(packageCostTotal));
}

/**
 * {@linkcode budgetBasis} from the packages' total costs
 * ({@linkcode packageCostTotal}), e.g. computed on workers.
 *
 * @param totals the total cost of every package of the run, in run order
 * @returns the basis in cost units
 * @throws {InputError} if there are no totals
 */
export function budgetBasisFromTotals(totals: ArrayLike<number>): number {
  if (totals.length === 0) {
    throw new InputError(
      "the budget basis",
      { path: "" },
      "expected at least one package to take the mean cost of",
      [],
      "compute",
    );
  }
  let sum = 0;
  for (let i = 0; i < totals.length; i++) sum += totals[i];
  return sum / totals.length;
}

/**
 * Maps budget tokens to absolute budgets given a basis: each fraction f
 * becomes max(1, round_half_even(f · basis)); the result is the sorted,
 * de-duplicated union with the absolute budgets.
 *
 * @param tokens budget tokens (see {@linkcode parseBudgetToken})
 * @param basis mean total candidate cost (see {@linkcode budgetBasis})
 * @returns ascending absolute budgets
 * @throws {InputError} on a bad token
 */
export function budgetsFromBasis(tokens: readonly string[], basis: number): number[] {
  const out = new Set<number>();
  for (const token of tokens) {
    const t = parseBudgetToken(token);
    out.add(t.kind === "absolute" ? t.value : Math.max(1, roundHalfEven(t.value * basis)));
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Maps budget tokens to absolute budgets for a run (ARTIFACT-SPEC §4.1): the
 * basis is the mean total candidate cost over all packages of the run, so
 * the same fraction gives different budgets in different runs (e.g. 0.10 ->
 * 8 for base alone, 6 for the stress suite).
 *
 * @example The exact sweep's fractions
 * ```ts
 * import assert from "node:assert/strict";
 * import { budgetsFromTokens } from "./budgets.ts";
 * import { generate } from "./distributions.ts";
 * const run = Array.from({ length: 500 }, (_, s) => generate("base", s));
 * const budgets = budgetsFromTokens(["0.01", "0.02", "0.05", "0.10", "0.20"], run);
 * assert.ok(budgets.join() === "1,2,4,8,16");
 * ```
 *
 * @param tokens budget tokens, e.g. ["0.02", "0.05", "0.10", "0.20"]
 * @param packages every package of the run, in run order (needed only for fractions)
 * @returns ascending absolute budgets
 * @throws {InputError} on a bad token, or fractions with no packages
 */
export function budgetsFromTokens(
  tokens: readonly string[],
  packages: readonly Package[],
): number[] {
  const needsBasis = tokens.some((t) => parseBudgetToken(t).kind === "fraction");
  return budgetsFromBasis(tokens, needsBasis ? budgetBasis(packages) : 0);
}
