/**
 * Re-labelling the coverage rows of a package: with a synchronous cell
 * labeler (lexical, imported) or with any {@linkcode Adjudicator}
 * (asynchronous, e.g. an LLM). Costs, units, weights and budgets stay; only
 * the coverage of the selected candidates changes, each new cell carrying
 * its provenance.
 *
 * @module
 */
import type { Candidate, CoverageCell, Package, Unit } from "../package/schema.ts";
import type { Adjudicator } from "./types.ts";

/** Labels a cell; `undefined` keeps the package's own cell (if any) unchanged. */
export type CellLabeler = (candidate: Candidate, unit: Unit) => {
  /** a_ur in [0, 1]; 0 removes the cell. */
  value: number;
  /** Where the label comes from (e.g. `lexical`, `imported:human_a`). */
  provenance: string;
} | undefined;

/** Which candidates to relabel (default: all). */
export type CandidateFilter = (candidate: Candidate) => boolean;

function check(pkg: Package, who: string, c: Candidate, unit: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw new RangeError(
      `Cannot relabel package '${pkg.id}': ${who} gave value ${value} for (${c.id}, ${unit}), expected a number in [0, 1]`,
    );
  }
}

/**
 * Relabels the selected candidates' coverage with a synchronous labeler,
 * cell by cell over every unit of the package.
 *
 * @param pkg the package
 * @param labeler the cell labeler (`undefined` = keep the existing cell)
 * @param select which candidates to relabel (default all)
 * @returns a new package (same id) with the new coverage rows, in candidate then unit order
 * @throws {RangeError} if a label value is not in [0, 1]
 */
export function relabelPackage(
  pkg: Package,
  labeler: CellLabeler,
  select: CandidateFilter = () => true,
): Package {
  const existing = new Map<string, CoverageCell[]>();
  for (const cell of pkg.coverage) {
    existing.set(cell.candidate, [...(existing.get(cell.candidate) ?? []), cell]);
  }
  const coverage: CoverageCell[] = [];
  for (const c of pkg.candidates) {
    const own = existing.get(c.id) ?? [];
    if (!select(c)) {
      coverage.push(...own);
      continue;
    }
    const byUnit = new Map(own.map((cell) => [cell.unit, cell]));
    for (const u of pkg.units) {
      const label = labeler(c, u);
      if (label === undefined) {
        const keep = byUnit.get(u.id);
        if (keep) coverage.push(keep);
        continue;
      }
      check(pkg, "the labeler", c, u.id, label.value);
      if (label.value > 0) {
        coverage.push({
          candidate: c.id,
          unit: u.id,
          value: label.value,
          provenance: label.provenance,
        });
      }
    }
  }
  return { ...pkg, coverage };
}

/** Options of {@linkcode adjudicatePackage}. */
export interface AdjudicatePackageOptions {
  /** Which candidates to adjudicate (default all; the others keep their rows). */
  select?: CandidateFilter;
  /** Show the package's first query to the adjudicator (default false). */
  showQuestion?: boolean;
}

/**
 * Replaces the selected candidates' coverage rows with an adjudicator's
 * edges (one request per candidate, in candidate order, awaited one at a
 * time so a rate-limited adjudicator is never flooded).
 *
 * @param pkg the package
 * @param adjudicator any adjudicator
 * @param opts candidate filter, whether the question is shown
 * @returns a new package (same id)
 * @throws {RangeError} if an edge names a unit not in the package or a value outside [0, 1]
 */
export async function adjudicatePackage(
  pkg: Package,
  adjudicator: Adjudicator,
  opts: AdjudicatePackageOptions = {},
): Promise<Package> {
  const select = opts.select ?? (() => true);
  const units = pkg.units.map((u) => ({ id: u.id, text: u.text ?? "", family: u.family }));
  const unitIds = new Set(units.map((u) => u.id));
  const coverage: CoverageCell[] = [];
  for (const c of pkg.candidates) {
    if (!select(c)) {
      coverage.push(...pkg.coverage.filter((cell) => cell.candidate === c.id));
      continue;
    }
    const edges = await adjudicator.adjudicate({
      packageId: pkg.id,
      memory: { id: c.id, text: c.text ?? "" },
      units,
      question: opts.showQuestion ? pkg.queries[0]?.text : undefined,
    });
    const cells = new Map<string, CoverageCell>();
    for (const e of edges) {
      if (!unitIds.has(e.unit)) {
        throw new RangeError(
          `Cannot adjudicate package '${pkg.id}': ${adjudicator.name} returned unknown unit '${e.unit}' for ${c.id}`,
        );
      }
      check(pkg, adjudicator.name, c, e.unit, e.value);
      if (e.value > 0) {
        cells.set(e.unit, {
          candidate: c.id,
          unit: e.unit,
          value: e.value,
          provenance: e.provenance,
        });
      }
    }
    coverage.push(...pkg.units.flatMap((u) => cells.get(u.id) ?? []));
  }
  return { ...pkg, coverage };
}
