/**
 * Agreement between two labelings of the same items (paper 001 coverage audit, Table 3): percent
 * agreement, Cohen's kappa, Gwet's AC1, and Kendall's tau-b between two rankings.
 *
 * @module
 */

/** A label: a category name or a coverage value such as 0, 0.5, 1. */
export type Label = string | number;

/** A confusion matrix of two labelings. */
export interface Confusion {
  /** Categories in order (the given list, or the observed labels sorted). */
  categories: Label[];
  /** counts[i][j]: items labelled categories[i] by A and categories[j] by B. */
  counts: number[][];
  /** Number of items (the sum of `counts`). */
  n: number;
}

function sortLabels(xs: Label[]): Label[] {
  return xs.sort((a, b) =>
    typeof a === "number" && typeof b === "number"
      ? a - b
      : String(a) < String(b)
      ? -1
      : String(a) > String(b)
      ? 1
      : 0
  );
}

/**
 * Cross-tabulates two labelings.
 *
 * @param a labels of rater A
 * @param b labels of rater B, same length and item order
 * @param categories the category set (default: every observed label, sorted)
 * @returns the confusion matrix
 * @throws {RangeError} if the lengths differ or a label is not in `categories`
 */
export function confusionMatrix(
  a: readonly Label[],
  b: readonly Label[],
  categories?: readonly Label[],
): Confusion {
  if (a.length !== b.length) {
    throw new RangeError(`Cannot compare labelings: ${a.length} labels against ${b.length}`);
  }
  const cats = categories ? [...categories] : sortLabels([...new Set([...a, ...b])]);
  const index = new Map(cats.map((c, i) => [c, i]));
  const counts = cats.map(() => cats.map(() => 0));
  for (let t = 0; t < a.length; t++) {
    const i = index.get(a[t]), j = index.get(b[t]);
    if (i === undefined || j === undefined) {
      const label = i === undefined ? a[t] : b[t];
      const why = `label '${label}' at item ${t} is not a category (${cats.join(", ")})`;
      throw new RangeError(`Cannot compare labelings: ${why}`);
    }
    counts[i][j]++;
  }
  return { categories: cats, counts, n: a.length };
}

/** Observed agreement p_o of a confusion matrix (NaN for no items). */
function observed(c: Confusion): number {
  let d = 0;
  c.counts.forEach((row, i) => (d += row[i]));
  return d / c.n;
}

/** Marginal shares of A (rows) and B (columns). */
function marginals(c: Confusion): { pa: number[]; pb: number[] } {
  const pa = c.counts.map((row) => row.reduce((s, x) => s + x, 0) / c.n);
  const pb = c.categories.map((_, j) => c.counts.reduce((s, row) => s + row[j], 0) / c.n);
  return { pa, pb };
}

/**
 * A chance-corrected agreement (p_o − p_e) / (1 − p_e) with p_e from the marginals and the number
 * of categories; null for no items or where `chance` gives null (p_e undefined, or 1).
 */
function chanceCorrected(
  a: readonly Label[],
  b: readonly Label[],
  categories: readonly Label[] | undefined,
  chance: (m: { pa: number[]; pb: number[] }, q: number) => number | null,
): number | null {
  const c = confusionMatrix(a, b, categories);
  if (c.n === 0) return null;
  const pe = chance(marginals(c), c.categories.length);
  return pe === null ? null : (observed(c) - pe) / (1 - pe);
}

/**
 * Cohen's kappa (p_o − p_e) / (1 − p_e), p_e = Σ_k pA_k · pB_k.
 *
 * @example Wikipedia's 2 × 2 example (20, 5 / 10, 15) gives 0.4
 * ```ts
 * import assert from "node:assert/strict";
 * import { cohensKappa } from "./agreement.ts";
 * const a = [...Array(25).fill("y"), ...Array(25).fill("n")];
 * const b = [...Array(20).fill("y"), ...Array(5).fill("n"), ...Array(10).fill("y"), ...Array(15).fill("n")];
 * assert.ok(Math.abs(cohensKappa(a, b)! - 0.4) < 1e-12);
 * ```
 *
 * @param a labels of rater A
 * @param b labels of rater B
 * @param categories the category set (default: the observed labels)
 * @returns kappa in [−1, 1], or null when undefined (no items, or p_e = 1: one category only)
 * @throws {RangeError} if the lengths differ
 */
export function cohensKappa(
  a: readonly Label[],
  b: readonly Label[],
  categories?: readonly Label[],
): number | null {
  return chanceCorrected(a, b, categories, ({ pa, pb }) => {
    const pe = pa.reduce((s, x, k) => s + x * pb[k], 0);
    return Math.abs(1 - pe) <= 1e-15 ? null : pe;
  });
}

/**
 * Gwet's AC1 for two raters: (p_o − p_e) / (1 − p_e) with p_e = 1/(q − 1) · Σ_k π_k (1 − π_k), π_k
 * = (pA_k + pB_k) / 2 and q the number of categories (Gwet 2008). Less sensitive than kappa to
 * skewed prevalence (most coverage cells are 0).
 *
 * @param a labels of rater A
 * @param b labels of rater B
 * @param categories the category set (default: the observed labels; q is its size)
 * @returns AC1, or null when undefined (no items, or fewer than 2 categories)
 * @throws {RangeError} if the lengths differ
 */
export function gwetAc1(
  a: readonly Label[],
  b: readonly Label[],
  categories?: readonly Label[],
): number | null {
  return chanceCorrected(a, b, categories, ({ pa, pb }, q) => {
    if (q < 2) return null;
    return pa.reduce((s, x, k) => {
      const pi = (x + pb[k]) / 2;
      return s + pi * (1 - pi);
    }, 0) / (q - 1);
  });
}

/** All agreement numbers of two labelings. */
export interface AgreementStats {
  /** Number of items compared. */
  n: number;
  /** Percent agreement p_o in [0, 1]; null for no items. */
  percent: number | null;
  /** Cohen's kappa in [−1, 1]; null for no items or when p_e = 1 (one category only). */
  kappa: number | null;
  /** Gwet's AC1; null for no items or fewer than 2 categories. */
  ac1: number | null;
  /** The confusion matrix the three numbers come from. */
  confusion: Confusion;
}

/**
 * Percent agreement, Cohen's kappa and Gwet's AC1 with the confusion matrix.
 *
 * @param a labels of rater A
 * @param b labels of rater B
 * @param categories the category set (default: the observed labels)
 * @returns the statistics (nulls where undefined)
 * @throws {RangeError} if the lengths differ or a label is not a category
 */
export function agreementStats(
  a: readonly Label[],
  b: readonly Label[],
  categories?: readonly Label[],
): AgreementStats {
  const confusion = confusionMatrix(a, b, categories);
  return {
    n: confusion.n,
    percent: confusion.n === 0 ? null : observed(confusion),
    kappa: cohensKappa(a, b, confusion.categories),
    ac1: gwetAc1(a, b, confusion.categories),
    confusion,
  };
}

/**
 * Kendall's tau-b between two paired score lists (ties corrected):
 * (C − D) / sqrt((n0 − n1)(n0 − n2)), n0 = n(n − 1)/2, n1 and n2 the tied
 * pairs in x and in y. O(n²), meant for rankings of a few methods.
 *
 * @param x scores of the items under A
 * @param y scores of the same items under B
 * @returns tau-b in [−1, 1], or null when undefined (n < 2 or all tied in x or y)
 * @throws {RangeError} if the lengths differ
 */
export function kendallTau(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) {
    throw new RangeError(`Cannot rank-correlate: ${x.length} scores against ${y.length}`);
  }
  const n = x.length;
  let con = 0, dis = 0, tx = 0, ty = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i] - x[j]), dy = Math.sign(y[i] - y[j]);
      if (dx === 0) tx++;
      if (dy === 0) ty++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) con++;
        else dis++;
      }
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const den = Math.sqrt((n0 - tx) * (n0 - ty));
  return den === 0 ? null : (con - dis) / den;
}
