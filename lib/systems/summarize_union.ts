/**
 * Means of union scores over many packages, in Table 4's shape (one row per selection and budget).
 *
 * @module
 */
import type { SelectionScore, UnionScore, UnionSelector } from "./union_score.ts";

/** One (selector, budget) summary over packages. */
export interface UnionSummaryRow {
  /** The selection of the store. */
  selector: UnionSelector;
  /** Budget B in cost units. */
  budget: number;
  /** Packages scored. */
  packages: number;
  /**
   * Packages whose selection has BOTH a union ratio and a package ratio (certified, non-zero OPTs,
   * within budget, a certified selection): the common denominator of the two means, so they can be
   * compared.
   */
  n: number;
  /** Mean union ratio over the `n` packages (null when n = 0). */
  unionRatio: number | null;
  /** Mean package ratio over the same `n` packages (null when n = 0). */
  packageRatio: number | null;
  /** Packages with a union ratio (whether or not the package ratio is defined). */
  nUnion: number;
  /** Packages with a package ratio (whether or not the union ratio is defined). */
  nPackage: number;
  /**
   * Mean F of the selection over the packages where it is within budget and certified (an
   * uncertified `upper_pruned` incumbent is left out); null when none.
   */
  value: number | null;
  /** Packages where the selection is within the budget. */
  feasible: number;
  /** Packages whose `upper_pruned` subset optimum has no certificate (left out of every mean). */
  uncertified: number;
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Averages union scores per (selector, budget), the way the artifact's external-system scripts do
 * (ARTIFACT-SPEC §6.1): a missing ratio (zero or uncertified OPT, over budget, an uncertified
 * upper-pruned bound) is left out of the mean, and counted. The union and package means are taken
 * over the same packages (those with both ratios), so per package union ratio <= package ratio
 * carries over to the means.
 *
 * @param scores results of `scoreUnion` on several packages (same selectors and budgets)
 * @returns rows in (selector, budget) order of the first score
 */
export function summarizeUnion(scores: readonly UnionScore[]): UnionSummaryRow[] {
  const acc = new Map<string, { selector: UnionSelector; budget: number; xs: SelectionScore[] }>();
  for (const s of scores) {
    for (const b of s.budgets) {
      for (const x of b.selections) {
        const key = `${x.selector}\u0000${b.budget}`;
        const a = acc.get(key) ?? { selector: x.selector, budget: b.budget, xs: [] };
        a.xs.push(x);
        acc.set(key, a);
      }
    }
  }
  return [...acc.values()].map(({ selector, budget, xs }) => {
    const both = xs.filter((x) => x.unionRatio.ratio !== null && x.packageRatio.ratio !== null);
    return {
      selector,
      budget,
      packages: xs.length,
      n: both.length,
      unionRatio: mean(both.map((x) => x.unionRatio.ratio!)),
      packageRatio: mean(both.map((x) => x.packageRatio.ratio!)),
      nUnion: xs.filter((x) => x.unionRatio.ratio !== null).length,
      nPackage: xs.filter((x) => x.packageRatio.ratio !== null).length,
      value: mean(xs.filter((x) => x.feasible && x.certified !== false).map((x) => x.value)),
      feasible: xs.filter((x) => x.feasible).length,
      uncertified: xs.filter((x) => x.certified === false).length,
    };
  });
}
