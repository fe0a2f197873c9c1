/**
 * Bookkeeping notebook 05 used to do inline (paper 000 §6, paper 001 §5):
 * tallies of a conversion (candidates per representation, coverage cells per
 * provenance), certification of every package at the budgets, one row of
 * coverage agreement with its confusion counts, lexical labels of a coverage
 * grid, and a cell labeler from an imported labeling.
 *
 * @module
 */
import type { CellLabeler } from "../adjudicate/relabel.ts";
import type { CoverageGridCell } from "../adjudicate/cells.ts";
import type { ImportedAdjudicator } from "../adjudicate/imported.ts";
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { coverageAgreement } from "../adjudicate/cells.ts";
import { solveBnb } from "../solve/bnb.ts";
import type { Certificate } from "../certificate/result.ts";
import type { LocomoSample } from "./load_locomo.ts";
import { locomoLexicalAdjudicator } from "./locomo.ts";

/**
 * Counts of each value, keys sorted (a deterministic tally).
 *
 * @param values the values
 * @returns value -> count, in sorted key order
 */
export function tally(values: Iterable<string>): Record<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Candidates per representation and coverage cells per provenance.
 *
 * @param packages the packages
 * @returns both tallies
 */
export function conversionTallies(packages: readonly Package[]): {
  /** Candidates per fine representation (`raw_span`, `atomic_fact`, ...; `none` when unset). */
  representations: Record<string, number>;
  /** Coverage cells per provenance (`source`, `lexical`, ...; `none` when unset). */
  provenance: Record<string, number>;
} {
  return {
    representations: tally(
      packages.flatMap((p) => p.candidates.map((c) => c.representation ?? "none")),
    ),
    provenance: tally(packages.flatMap((p) => p.coverage.map((c) => c.provenance ?? "none"))),
  };
}

/**
 * Formats a tally as `a 3, b 1`.
 *
 * @param t a tally
 * @returns the text
 */
export function tallyText(t: Record<string, number>): string {
  return Object.entries(t).map(([k, v]) => `${k} ${v}`).join(", ");
}

/**
 * Certifies every package at every budget with branch-and-bound.
 *
 * @param packages the packages
 * @param budgets the budgets
 * @returns certificates[package][budget index]
 */
export function certifyAll(
  packages: readonly Package[],
  budgets: readonly number[],
): Certificate[][] {
  return packages.map((p) => {
    const cp = compilePackage(p);
    return budgets.map((B) => solveBnb(cp, B));
  });
}

/**
 * Agreement of two labelings of the same cells as one table row: binary and
 * graded percent agreement, Cohen's kappa, Gwet's AC1, and the binary
 * confusion counts.
 *
 * @param name the row's label
 * @param a values under labeling A, in [0, 1]
 * @param b values under labeling B, same cells in the same order
 * @returns the row
 * @throws {RangeError} if the lengths differ
 */
export function agreementRow(name: string, a: readonly number[], b: readonly number[]): {
  /** The row's label. */
  labelings: string;
  /** Cells compared. */
  cells: number;
  /** Share of cells both labelings call covered or both call not (binary). */
  "% agreement": number | null;
  /** Cohen's kappa, covered / not. */
  "κ (binary)": number | null;
  /** Gwet's AC1, covered / not. */
  "AC1 (binary)": number | null;
  /** Cohen's kappa on none / partial / full. */
  "κ (graded)": number | null;
  /** Gwet's AC1 on none / partial / full. */
  "AC1 (graded)": number | null;
  /** Cells covered under both labelings. */
  "both covered": number;
  /** Cells covered under A only. */
  "A only": number;
  /** Cells covered under B only. */
  "B only": number;
  /** Cells covered under neither. */
  neither: number;
} {
  const g = coverageAgreement(a, b);
  const [[cc, cn], [nc, nn]] = g.binary.confusion.counts;
  return {
    labelings: name,
    cells: g.binary.n,
    "% agreement": g.binary.percent,
    "κ (binary)": g.binary.kappa,
    "AC1 (binary)": g.binary.ac1,
    "κ (graded)": g.graded.kappa,
    "AC1 (graded)": g.graded.ac1,
    "both covered": cc,
    "A only": cn,
    "B only": nc,
    neither: nn,
  };
}

/**
 * Lexical values of a LoCoMo coverage grid: each cell scored by its
 * conversation's lexical adjudicator (IDF over that conversation's turns).
 *
 * @param grid the cells (their `package` must be one of `packages`)
 * @param packages packages with `meta.sample_id`
 * @param samples the LoCoMo samples
 * @returns one value per cell, in grid order
 * @throws {RangeError} when a cell's package or sample is unknown
 */
export function lexicalGridLabels(
  grid: readonly CoverageGridCell[],
  packages: readonly Package[],
  samples: readonly LocomoSample[],
): number[] {
  const sampleOf = new Map(samples.map((s) => [s.sample_id, s]));
  const pkgSample = new Map(packages.map((p) => [p.id, String(p.meta?.sample_id)]));
  return grid.map((c) => {
    const sample = sampleOf.get(pkgSample.get(c.package) ?? "");
    if (!sample) {
      throw new RangeError(`Cannot label cell of '${c.package}': its sample is not given`);
    }
    return locomoLexicalAdjudicator(sample).score(c.memory, c.unit_text).value;
  });
}

/**
 * A cell labeler answering from an imported labeling (cells it lacks keep
 * the package's own value).
 *
 * @param imported the imported adjudicator
 * @returns the labeler, for `relabelPackage`
 */
export function importedLabeler(imported: ImportedAdjudicator): CellLabeler {
  return (c, u) => {
    const cell = imported.lookup(c.text ?? "", u.text ?? "");
    return cell && { value: cell.value, provenance: imported.name };
  };
}

/**
 * Whether two packages' coverage rows hold the same (candidate, unit, value)
 * cells, in any order.
 *
 * @param a coverage of one package
 * @param b coverage of another
 * @returns true when the cell sets are equal
 */
export function sameCoverage(
  a: readonly { candidate: string; unit: string; value: number }[],
  b: readonly { candidate: string; unit: string; value: number }[],
): boolean {
  const key = (cov: typeof a) =>
    JSON.stringify(cov.map((c) => `${c.candidate}|${c.unit}|${c.value}`).sort());
  return key(a) === key(b);
}
