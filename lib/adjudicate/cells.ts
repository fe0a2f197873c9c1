/**
 * The coverage grid of a set of packages: every (candidate, unit) cell of
 * the selected candidates, zeros included, de-duplicated by content key —
 * the unit of the coverage-agreement audit and the rows handed to external
 * annotators (CSV or JSONL) for import later.
 *
 * @module
 */
import { stringifyCsv } from "../base/deps/csv_stringify.ts";
import type { Candidate, Package } from "../package/schema.ts";
import { writeTextAtomic } from "../base/fs.ts";
import { coverageCellKey } from "./content_key.ts";
import { type AgreementStats, agreementStats } from "../score/agreement.ts";
import type { CandidateFilter } from "./relabel.ts";

/** One cell of the grid. */
export interface CoverageGridCell {
  /** Content key of (memory text, unit text). */
  key: string;
  /** First package, candidate and unit holding these texts. */
  package: string;
  /** Candidate id. */
  candidate: string;
  /** Unit id. */
  unit: string;
  /** Fine representation type of the candidate. */
  representation: string;
  /** The candidate's text. */
  memory: string;
  /** The unit's text. */
  unit_text: string;
  /** The package's value (0 when it has no cell). */
  value: number;
  /** The package cell's provenance (`none` when it has no cell). */
  provenance: string;
}

/**
 * Collects the coverage grid: for each package in order, each selected
 * candidate in order, each unit in order; a cell whose (memory, unit) texts
 * were seen before is skipped (first occurrence wins).
 *
 * @param packages the packages
 * @param select which candidates (default all)
 * @returns the unique cells
 */
export function coverageGrid(
  packages: readonly Package[],
  select: CandidateFilter = () => true,
): CoverageGridCell[] {
  const seen = new Set<string>();
  const out: CoverageGridCell[] = [];
  for (const p of packages) {
    const cells = new Map(p.coverage.map((c) => [`${c.candidate}\u0000${c.unit}`, c]));
    for (const c of p.candidates as Candidate[]) {
      if (!select(c)) continue;
      const memory = c.text ?? "";
      for (const u of p.units) {
        const text = u.text ?? "";
        const raw = `${memory}\u0000${text}`;
        if (seen.has(raw)) continue;
        seen.add(raw);
        const cell = cells.get(`${c.id}\u0000${u.id}`);
        out.push({
          key: coverageCellKey(memory, text),
          package: p.id,
          candidate: c.id,
          unit: u.id,
          representation: c.representation ?? c.kind,
          memory,
          unit_text: text,
          value: cell?.value ?? 0,
          provenance: cell?.provenance ?? "none",
        });
      }
    }
  }
  return out;
}

const COLUMNS: (keyof CoverageGridCell)[] = [
  "key",
  "value",
  "provenance",
  "package",
  "candidate",
  "unit",
  "representation",
  "memory",
  "unit_text",
];

/**
 * Writes grid cells for annotators (atomically): CSV with a header, or JSONL
 * (one object per line), chosen by the file extension (`.csv`, `.jsonl`).
 * Annotators keep `key` and fill `value` (and may add `rationale`); the file
 * then imports with `loadImportedCoverage`.
 *
 * @param path destination ending in `.csv` or `.jsonl`
 * @param cells grid cells
 * @throws {RangeError} for another extension
 */
export async function writeCoverageCells(
  path: string,
  cells: readonly CoverageGridCell[],
): Promise<void> {
  if (path.endsWith(".csv")) {
    await writeTextAtomic(
      path,
      stringifyCsv([COLUMNS, ...cells.map((c) => COLUMNS.map((k) => c[k]))]),
    );
  } else if (path.endsWith(".jsonl")) {
    const line = (c: CoverageGridCell) =>
      JSON.stringify(Object.fromEntries(COLUMNS.map((k) => [k, c[k]])));
    await writeTextAtomic(path, cells.map(line).join("\n") + "\n");
  } else {
    throw new RangeError(
      `Cannot write coverage cells to '${path}': expected a .csv or .jsonl file`,
    );
  }
}

/** Agreement of two coverage labelings on the same cells, binary and graded. */
export interface CoverageAgreement {
  /** Labels "covered" (a > 0) vs "not". */
  binary: AgreementStats;
  /** Labels 0, 0.5, 1 (values rounded to the nearest of the three). */
  graded: AgreementStats;
}

/**
 * Percent agreement, Cohen's kappa and Gwet's AC1 of two coverage labelings
 * of the same cells (paper 001 coverage audit), on covered/not and on the
 * three grades none/partial/full.
 *
 * @param a values under labeling A, in [0, 1]
 * @param b values under labeling B, same cells in the same order
 * @returns binary and graded statistics
 * @throws {RangeError} if the lengths differ
 */
export function coverageAgreement(a: readonly number[], b: readonly number[]): CoverageAgreement {
  const bin = (x: number) => (x > 0 ? "covered" : "not");
  const grade = (x: number) => (x >= 0.75 ? 1 : x >= 0.25 ? 0.5 : 0);
  return {
    binary: agreementStats(a.map(bin), b.map(bin), ["covered", "not"]),
    graded: agreementStats(a.map(grade), b.map(grade), [0, 0.5, 1]),
  };
}
