/**
 * The sweep summary (ARTIFACT-SPEC §1.2 `summary.json`): aggregates per
 * (distribution, budget, method) with the artifact's bootstrap (§6.2), built
 * incrementally from compact per-unit blocks so that a parallel sweep's main
 * thread never holds one object per row.
 *
 * @module
 */
import { sortedPrettyJson } from "../base/canonical_json.ts";
import { compareIds } from "../package/compile.ts";
import {
  addToColumns,
  type AggregateColumns,
  aggregateColumns,
  type AggregateRow,
  bestByBudget,
  emptyColumns,
  sortAggregates,
} from "../score/aggregate.ts";
import { RESULT_SCHEMA_VERSION, type ResultRow, VERSIONS } from "./row.ts";
import type { SweepGrid } from "./grid.ts";

/**
 * One aggregate row of the summary: the artifact's aggregate (ARTIFACT-SPEC
 * §1.2) plus `n_degenerate_opt`, the number of rows of the group whose OPT is
 * degenerate (|OPT| <= 1e-12; their ratio 1.0 or null is a convention, not a
 * measurement). The means are the artifact's, unchanged.
 */
export type SweepAggregateRow = AggregateRow & { n_degenerate_opt: number };

/** The aggregate summary written to `summary.json` (ARTIFACT-SPEC §1.2). */
export interface SweepSummary {
  /** Version of the result format ({@linkcode RESULT_SCHEMA_VERSION}). */
  schema_version: number;
  /** What each label and column means, in words. */
  label_definitions: Record<string, string>;
  /** Distributions of the rows, sorted. */
  distributions: string[];
  /** Budgets B of the rows, ascending. */
  budgets: number[];
  /** Methods of the rows, sorted. */
  methods: string[];
  /** Rows summarized. */
  num_rows: number;
  /** One aggregate per (distribution, budget, method), sorted. */
  by_distribution_budget_method: SweepAggregateRow[];
  /** The same list as `by_distribution_budget_method` (as in the artifact). */
  by_budget_method: SweepAggregateRow[];
  /** The method with the best mean ratio to OPT at each budget. */
  best_by_budget: ReturnType<typeof bestByBudget>;
  /** The grid the rows came from. */
  grid: SweepGrid;
  /** Versions of memaudit and of the package schema. */
  versions: { memaudit: string; schema: number };
}

/**
 * The summary fields of one unit's rows, packed for passing between threads
 * (one typed array instead of an object per row).
 */
export interface LiteBlock {
  /** Distribution of the unit. */
  distribution: string;
  /** Seed of the unit. */
  seed: number;
  /** Id of the unit's package. */
  instance_id: string;
  /** Method of each row. */
  methods: string[];
  /**
   * Per row, {@linkcode LITE_FIELDS} numbers: budget, objective value, ratio to OPT,
   * to the upper bound, to the reference, selected cost, invalidation coverage
   * (0 where null or absent; see `flags`).
   */
  numbers: Float64Array;
  /** Per row: bits of {@linkcode LITE_FLAGS}. */
  flags: Uint8Array;
}

/** Numbers per row in a {@linkcode LiteBlock}. */
const LITE_FIELDS = 7;

/** Flag bits of a {@linkcode LiteBlock} row. */
const LITE_FLAGS = {
  budgetFeasible: 1,
  groupFeasible: 2,
  optDegenerate: 4,
  noRatioToOpt: 8,
  noRatioToUpperBound: 16,
  noRatioToReference: 32,
  noInvalidation: 64,
} as const;

/**
 * Packs the rows of one unit.
 *
 * @param rows rows sharing one (distribution, seed, instance)
 * @returns the block
 * @throws {RangeError} if the rows are empty or come from several units
 */
export function liteBlock(rows: readonly ResultRow[]): LiteBlock {
  if (rows.length === 0) throw new RangeError("Cannot pack rows: no rows");
  const { distribution, seed, instance_id } = rows[0];
  const numbers = new Float64Array(rows.length * LITE_FIELDS);
  const flags = new Uint8Array(rows.length);
  const F = LITE_FLAGS;
  rows.forEach((r, i) => {
    if (r.distribution !== distribution || r.seed !== seed || r.instance_id !== instance_id) {
      throw new RangeError("Cannot pack rows: they come from more than one unit");
    }
    const inv = r.update_metrics.invalidation_units_covered;
    numbers.set([
      r.budget,
      r.objective_value,
      r.ratio_to_opt ?? 0,
      r.ratio_to_upper_bound ?? 0,
      r.ratio_to_reference ?? 0,
      r.selected_cost,
      inv ?? 0,
    ], i * LITE_FIELDS);
    flags[i] = (r.budget_feasible ? F.budgetFeasible : 0) |
      (r.group_feasible ? F.groupFeasible : 0) | (r.opt_degenerate ? F.optDegenerate : 0) |
      (r.ratio_to_opt === null ? F.noRatioToOpt : 0) |
      (r.ratio_to_upper_bound === null ? F.noRatioToUpperBound : 0) |
      (r.ratio_to_reference === null ? F.noRatioToReference : 0) |
      (inv === undefined ? F.noInvalidation : 0);
  });
  return { distribution, seed, instance_id, methods: rows.map((r) => r.method), numbers, flags };
}

/**
 * Collects rows group by group and builds the sweep summary. Its one input
 * is a unit's {@linkcode LiteBlock} (packed where the unit ran, so the same
 * form serves a worker's reply, a resumed journal and a merge of shards).
 * Blocks must be added in seed order within each (distribution, budget,
 * method) group (a sweep adds units in output order), as the bootstrap
 * depends on it.
 */
export class SummaryBuilder {
  readonly #groups = new Map<string, { columns: AggregateColumns; degenerate: number }>();
  readonly #distributions = new Set<string>();
  readonly #budgets = new Set<number>();
  readonly #methods = new Set<string>();
  #rows = 0;

  /**
   * Adds the rows of one unit's block.
   *
   * @param b the block ({@linkcode liteBlock})
   */
  addBlock(b: LiteBlock): void {
    const F = LITE_FLAGS;
    for (let i = 0; i < b.methods.length; i++) {
      const x = i * LITE_FIELDS, f = b.flags[i];
      const budget = b.numbers[x], method = b.methods[i];
      const key = `${b.distribution}\u0000${budget}\u0000${method}`;
      let g = this.#groups.get(key);
      if (g === undefined) {
        const columns = emptyColumns(b.distribution, budget, method);
        this.#groups.set(key, g = { columns, degenerate: 0 });
        this.#distributions.add(b.distribution);
        this.#budgets.add(budget);
        this.#methods.add(method);
      }
      addToColumns(g.columns, {
        objective_value: b.numbers[x + 1],
        ratio_to_opt: f & F.noRatioToOpt ? null : b.numbers[x + 2],
        ratio_to_upper_bound: f & F.noRatioToUpperBound ? null : b.numbers[x + 3],
        ratio_to_reference: f & F.noRatioToReference ? null : b.numbers[x + 4],
        selected_cost: b.numbers[x + 5],
        update_metrics: {
          invalidation_units_covered: f & F.noInvalidation ? undefined : b.numbers[x + 6],
        },
        budget_feasible: (f & F.budgetFeasible) !== 0,
        group_feasible: (f & F.groupFeasible) !== 0,
      });
      if (f & F.optDegenerate) g.degenerate++;
      this.#rows++;
    }
  }

  /** The groups so far, in first-seen order (their `ratioToOpt` are the bootstrap samples). */
  get groups(): AggregateColumns[] {
    return [...this.#groups.values()].map((g) => g.columns);
  }

  /**
   * The summary of the rows added.
   *
   * @param grid the grid they came from
   * @param intervals the bootstrap interval of each group of {@linkcode SummaryBuilder.groups},
   *   in that order, if computed elsewhere (e.g. on workers)
   * @returns the summary
   * @throws {RangeError} if `intervals` does not have one entry per group
   */
  summary(grid: SweepGrid, intervals?: readonly (readonly [number, number])[]): SweepSummary {
    const groups = [...this.#groups.values()];
    if (intervals !== undefined && intervals.length !== groups.length) {
      throw new RangeError(
        `Cannot summarize: ${intervals.length} bootstrap intervals for ${groups.length} groups`,
      );
    }
    const aggregates: SweepAggregateRow[] = sortAggregates(groups.map((g, i) => ({
      ...aggregateColumns(g.columns, intervals?.[i], grid.summation),
      n_degenerate_opt: g.degenerate,
    })));
    return {
      schema_version: RESULT_SCHEMA_VERSION,
      label_definitions: {
        ratio_to_opt:
          "F(store) / OPT, OPT certified by exact branch-and-bound; 1.0 when OPT and F are both 0, null when only OPT is 0",
        ratio_to_upper_bound:
          "F(store) / upper bound; on exact-small packages the bound is OPT itself",
        ratio_to_reference: "F(store) / F(greedy store); a reference, never an OPT",
        bootstrap95_ratio_to_opt:
          "percentile bootstrap of the mean ratio: Random(0) per group, 1,000 resamples, sorted means 24 and 975",
        mean_invalidation_covered: "mean of sum over invalidation units of min(1, z_r), unweighted",
        denominator_label: "source of the OPT denominator",
        opt_degenerate:
          "true when the certified OPT is 0 (|OPT| <= 1e-12): ratio_to_opt is then 1.0 by convention (F = 0) or null, not a measurement",
        n_degenerate_opt:
          "rows of the group with opt_degenerate; their 1.0 ratios are included in the means, as in the artifact",
      },
      distributions: [...this.#distributions].sort(compareIds),
      budgets: [...this.#budgets].sort((a, b) => a - b),
      methods: [...this.#methods].sort(compareIds),
      num_rows: this.#rows,
      by_distribution_budget_method: aggregates,
      by_budget_method: aggregates,
      best_by_budget: bestByBudget(aggregates),
      grid,
      versions: { ...VERSIONS },
    };
  }
}

/**
 * The text of `summary.json`: keys sorted at every level, two-space
 * indentation, a final newline (what a sweep and a merge of its shards write).
 *
 * @param summary the summary
 * @returns its file text
 */
export function summaryText(summary: SweepSummary): string {
  return sortedPrettyJson(summary);
}
