/**
 * The paper's reported numbers (data/expected/paper_000.json, decoded from
 * the paper's figures in ARTIFACT-SPEC §7) and comparisons of a sweep's
 * aggregates against them. Shared by the tests and the notebooks, so both
 * assert the same cells with the same tolerances.
 *
 * @module
 */
import raw from "../../data/expected/paper_000.json" with { type: "json" };
import type { AggregateRow } from "../score/aggregate.ts";

/** One exact-sweep cell: mean ratio to OPT and its bootstrap band (ARTIFACT-SPEC §7.1). */
export interface SweepCell {
  /** Method id (e.g. `oracle_gvt`). */
  method: string;
  /** Absolute budget B. */
  budget: number;
  /** Mean ratio to OPT over the seeds. */
  mean: number;
  /** Lower end of the 95 % bootstrap band. */
  low: number;
  /** Upper end of the 95 % bootstrap band. */
  high: number;
}

/** One stress-heatmap cell at B = 6 (ARTIFACT-SPEC §7.2). */
export interface StressCell {
  /** Method id. */
  method: string;
  /** Distribution name. */
  distribution: string;
  /** Mean ratio to OPT over the seeds. */
  mean: number;
}

/** The expected-values file. */
export interface PaperExpected {
  /** Where the numbers were read from (paper and figures). */
  source: string;
  /** Figure 2: the exact budget sweep (ARTIFACT-SPEC §7.1). */
  exact_sweep: {
    section: string;
    distribution: string;
    seeds: number;
    budget_tokens: string[];
    budgets: number[];
    basis: number;
    tolerance: number;
    cells: SweepCell[];
    gvt_invalidation_covered: { budgets: number[]; value: number; tolerance: number };
  };
  /** Figure 3: the stress heatmap at B = 6 and the frontier gaps (ARTIFACT-SPEC §7.2). */
  stress_b6: {
    section: string;
    budget: number;
    basis: number;
    budget_tokens: string[];
    budgets: number[];
    tolerance: number;
    cells: StressCell[];
    frontier_gap: { distribution: string; gap: number }[];
    frontier_gap_tolerance: number;
  };
  /** Table 1: the branch-and-bound versus MILP audit (ARTIFACT-SPEC §7.3). */
  milp_audit: {
    section: string;
    distributions: string[];
    seeds: number;
    budget_tokens: string[];
    budgets: number[];
    basis: number;
    rows: number;
    matches: number;
    max_diff: number;
  };
}

/** Reads data/expected/paper_000.json (a fresh copy each call). */
export function paperExpected(): Promise<PaperExpected> {
  return Promise.resolve(structuredClone(raw) as PaperExpected);
}

/** One compared number: ours, the paper's, and whether they agree within the tolerance. */
export interface Comparison {
  /** Which cell (e.g. `oracle_gvt B=4 mean`). */
  cell: string;
  /** Our value, or null when our run lacks the cell. */
  ours: number | null;
  /** The paper's value. */
  paper: number;
  /** Ours minus the paper's, or null. */
  diff: number | null;
  /** True when |diff| is within the tolerance. */
  ok: boolean;
}

function compare(cell: string, ours: number | undefined, paper: number, tol: number): Comparison {
  if (ours === undefined) return { cell, ours: null, paper, diff: null, ok: false };
  const diff = ours - paper;
  return { cell, ours, paper, diff, ok: Math.abs(diff) <= tol };
}

function find(
  aggregates: readonly AggregateRow[],
  method: string,
  budget: number,
  distribution?: string,
) {
  return aggregates.find((a) =>
    a.method === method && a.budget === budget &&
    (distribution === undefined || a.distribution === distribution)
  );
}

/**
 * Compares exact-sweep aggregates with ARTIFACT-SPEC §7.1: every mean and
 * band within the file's tolerance (5e-5), and GVT's invalidation coverage.
 *
 * @param aggregates the sweep's `by_distribution_budget_method`
 * @param expected the expected-values file
 * @returns one comparison per number
 */
export function compareExactSweep(
  aggregates: readonly AggregateRow[],
  expected: PaperExpected,
): Comparison[] {
  const e = expected.exact_sweep;
  const out: Comparison[] = [];
  for (const c of e.cells) {
    const a = find(aggregates, c.method, c.budget, e.distribution);
    const name = `${c.method} B=${c.budget}`;
    out.push(compare(`${name} mean`, a?.mean_ratio_to_opt ?? undefined, c.mean, e.tolerance));
    out.push(
      compare(`${name} low`, a?.bootstrap95_ratio_to_opt_low ?? undefined, c.low, e.tolerance),
    );
    out.push(
      compare(`${name} high`, a?.bootstrap95_ratio_to_opt_high ?? undefined, c.high, e.tolerance),
    );
  }
  const inv = e.gvt_invalidation_covered;
  for (const b of inv.budgets) {
    const a = find(aggregates, "oracle_gvt", b, e.distribution);
    out.push(
      compare(
        `oracle_gvt B=${b} invalidation covered`,
        a?.mean_invalidation_covered,
        inv.value,
        inv.tolerance,
      ),
    );
  }
  return out;
}

/**
 * Compares stress aggregates at B = 6 with ARTIFACT-SPEC §7.2: the heatmap
 * cells (5e-4) and the frontier gap 1 − no-tombstone OPT (5e-5).
 *
 * @param aggregates the stress sweep's `by_distribution_budget_method`
 * @param expected the expected-values file
 * @returns one comparison per number
 */
export function compareStress(
  aggregates: readonly AggregateRow[],
  expected: PaperExpected,
): Comparison[] {
  const e = expected.stress_b6;
  const out = e.cells.map((c) =>
    compare(
      `${c.method} ${c.distribution}`,
      find(aggregates, c.method, e.budget, c.distribution)?.mean_ratio_to_opt ?? undefined,
      c.mean,
      e.tolerance,
    )
  );
  for (const g of e.frontier_gap) {
    const a = find(aggregates, "no_tombstone_opt", e.budget, g.distribution);
    out.push(
      compare(
        `frontier gap ${g.distribution}`,
        a?.mean_ratio_to_opt == null ? undefined : 1 - a.mean_ratio_to_opt,
        g.gap,
        e.frontier_gap_tolerance,
      ),
    );
  }
  return out;
}
