/**
 * Means of union scores over many packages, in Table 4's shape (one row per
 * selection and budget).
 *
 * @module
 */
import type { UnionScore, UnionSelector } from "./union_score.ts";

/** One (selector, budget) summary over packages. */
export interface UnionSummaryRow {
  selector: UnionSelector;
  budget: number;
  /** Packages scored. */
  packages: number;
  /** Packages whose selection has a union ratio (certified, non-zero OPT, within budget). */
  n: number;
  /** Mean union ratio over those (null when n = 0). */
  unionRatio: number | null;
  /** Mean package ratio over the packages that have one (null when none). */
  packageRatio: number | null;
  /** Mean F of the selection over the packages where it is within budget (null when none). */
  value: number | null;
  /** Packages where the selection is within the budget. */
  feasible: number;
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Averages union scores per (selector, budget), the way the artifact's
 * external-system scripts do (ARTIFACT-SPEC §6.1): a missing ratio (zero or
 * uncertified OPT, over budget) is left out of the mean, and counted.
 *
 * @param scores results of `scoreUnion` on several packages (same selectors and budgets)
 * @returns rows in (selector, budget) order of the first score
 */
export function summarizeUnion(scores: readonly UnionScore[]): UnionSummaryRow[] {
  const acc = new Map<string, { u: number[]; p: number[]; v: number[]; row: UnionSummaryRow }>();
  for (const s of scores) {
    for (const b of s.budgets) {
      for (const x of b.selections) {
        const key = `${x.selector}\u0000${b.budget}`;
        let a = acc.get(key);
        if (!a) {
          a = {
            u: [],
            p: [],
            v: [],
            row: {
              selector: x.selector,
              budget: b.budget,
              packages: 0,
              n: 0,
              unionRatio: null,
              packageRatio: null,
              value: null,
              feasible: 0,
            },
          };
          acc.set(key, a);
        }
        a.row.packages++;
        if (x.feasible) {
          a.row.feasible++;
          a.v.push(x.value);
        }
        if (x.unionRatio.ratio !== null) a.u.push(x.unionRatio.ratio);
        if (x.packageRatio.ratio !== null) a.p.push(x.packageRatio.ratio);
      }
    }
  }
  return [...acc.values()].map(({ u, p, v, row }) => ({
    ...row,
    n: u.length,
    unionRatio: mean(u),
    packageRatio: mean(p),
    value: mean(v),
  }));
}
