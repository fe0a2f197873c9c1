/**
 * Aggregation of result rows per (distribution, budget, method), with the
 * artifact's bootstrap interval (ARTIFACT-SPEC §1.2 summary, §6.2).
 *
 * @module
 */
import { compareIds } from "../package/compile.ts";
import { DEFAULT_SUMMATION, pyMean, type Summation } from "./_py_sum.ts";
import { artifactBootstrap } from "./bootstrap.ts";

/** The fields of a result row that aggregation reads (ARTIFACT-SPEC §1.2). */
export interface AggregatableRow {
  /** Distribution name of the package (grouping key). */
  distribution: string;
  /** Seed of the package, or null (sorted after every seed). */
  seed: number | null;
  /** Package (instance) id; orders rows of equal seed. */
  instance_id: string;
  /** Budget B in cost units. */
  budget: number;
  /** Method id (an exact method or a writer; grouping key). */
  method: string;
  /** F(selected) in weight units. */
  objective_value: number;
  /** Safe ratio F/OPT (ARTIFACT-SPEC §6.1), or null when undefined (left out of the mean). */
  ratio_to_opt: number | null;
  /** Safe ratio F / upper bound, or null when undefined (left out of the mean). */
  ratio_to_upper_bound: number | null;
  /** Safe ratio F / F(greedy reference), or null when undefined (left out of the mean). */
  ratio_to_reference: number | null;
  /** Σ cost of the selected candidates, in cost units. */
  selected_cost: number;
  /** The row's update metrics; only `invalidation_units_covered` is read (absent counts 0). */
  update_metrics: { invalidation_units_covered?: number };
  /** Whether the selection's cost is <= B. */
  budget_feasible: boolean;
  /** Whether the selection holds at most k candidates per experience. */
  group_feasible: boolean;
}

/**
 * One aggregate row (ARTIFACT-SPEC §1.2). Means skip null ratios; the ratio to OPT and its interval
 * are null when no row of the group has one (the artifact wrote 0.0 there, which reads as a
 * measurement), and `n_defined` counts the rows that entered them. The other means are 0 when
 * nothing is left, as in the artifact.
 */
export interface AggregateRow {
  /** Distribution name of the group. */
  distribution: string;
  /** Budget B of the group, in cost units. */
  budget: number;
  /** Method id of the group. */
  method: string;
  /** Number of rows in the group (null ratios included). */
  n: number;
  /** Rows with a ratio to OPT (certified, non-degenerate): the denominator of `mean_ratio_to_opt`. */
  n_defined: number;
  /** Mean F(selected) over all n rows, in weight units (0 when n = 0). */
  mean_objective: number;
  /** Mean over the `n_defined` rows; null when n_defined = 0. */
  mean_ratio_to_opt: number | null;
  /** null when n_defined = 0. */
  bootstrap95_ratio_to_opt_low: number | null;
  /** null when n_defined = 0. */
  bootstrap95_ratio_to_opt_high: number | null;
  /**
   * Mean ratio F / upper bound over the rows where it is defined (0 when none, as in the artifact).
   */
  mean_ratio_to_upper_bound: number;
  /**
   * Mean ratio F / F(greedy reference) over the rows where it is defined (0 when none, as in the
   * artifact).
   */
  mean_ratio_to_reference: number;
  /** Mean Σ cost of the selected candidates over all n rows, in cost units. */
  mean_selected_cost: number;
  /**
   * Mean invalidation coverage (ARTIFACT-SPEC §6.3 `invalidation_units_covered`) over all n rows,
   * unweighted unit mass.
   */
  mean_invalidation_covered: number;
  /** True when every row of the group is budget-feasible (cost <= B). */
  all_budget_feasible: boolean;
  /** True when every row of the group holds at most k candidates per experience. */
  all_group_feasible: boolean;
}

/** The best method of one (distribution, budget) (ARTIFACT-SPEC §1.2 `best_by_budget`). */
export interface BestByBudget {
  /** Distribution name. */
  distribution: string;
  /** Budget B in cost units. */
  budget: number;
  /**
   * Method with the largest (mean_ratio_to_opt, mean_objective); on a full tie the first in
   * aggregate order.
   */
  best_method_by_mean_ratio_to_opt: string;
  /** null when no method of the (distribution, budget) has a defined mean ratio. */
  mean_ratio_to_opt: number | null;
}

/** Options of {@linkcode aggregateRows}. */
export interface AggregateOptions {
  /** How sums are accumulated in means and bootstrap resamples (default `naive`). */
  summation?: Summation;
}

/** Orders rows as the artifact produced them inside a group: by seed, then instance id. */
export function compareBySeed(a: AggregatableRow, b: AggregatableRow): number {
  const sa = a.seed ?? Infinity, sb = b.seed ?? Infinity;
  return sa !== sb ? (sa < sb ? -1 : 1) : compareIds(a.instance_id, b.instance_id);
}

/**
 * Aggregates result rows per (distribution, budget, method), as the artifact's summary does
 * (ARTIFACT-SPEC §1.2, §6.2): n; the means of objective, ratio to OPT (non-null only; 0.0 if none),
 * ratio to the upper bound and to the greedy reference, selected cost and invalidation coverage;
 * the bootstrap 95% interval of the ratio to OPT ({@linkcode artifactBootstrap}); and whether every
 * row was budget- and group-feasible.
 *
 * Inside a group the rows are taken in seed order (the artifact's order, which the bootstrap
 * depends on), so the result does not depend on the input order. Groups are sorted by
 * (distribution, budget, method): names in code-point order (Python's), budgets numerically.
 *
 * @param rows result rows
 * @param opts summation mode
 * @returns one aggregate row per group, sorted
 */
export function aggregateRows(
  rows: readonly AggregatableRow[],
  opts: AggregateOptions = {},
): AggregateRow[] {
  const mode = opts.summation ?? DEFAULT_SUMMATION;
  return sortAggregates(groupColumns(rows).map((g) => aggregateColumns(g, undefined, mode)));
}

/**
 * One (distribution, budget, method) group as columns, rows in seed order:
 * everything {@linkcode aggregateRows} reads. Null ratios are left out of
 * their columns (they do not count in the means).
 */
export interface AggregateColumns {
  distribution: string;
  budget: number;
  method: string;
  /** Rows in the group (null ratios included). */
  n: number;
  objective: number[];
  /** Non-null ratios to OPT: the sample the bootstrap resamples. */
  ratioToOpt: number[];
  ratioToUpperBound: number[];
  ratioToReference: number[];
  selectedCost: number[];
  invalidationCovered: number[];
  allBudgetFeasible: boolean;
  allGroupFeasible: boolean;
}

/** An empty group, to be filled with {@linkcode addToColumns}. */
export function emptyColumns(
  distribution: string,
  budget: number,
  method: string,
): AggregateColumns {
  return {
    distribution,
    budget,
    method,
    n: 0,
    objective: [],
    ratioToOpt: [],
    ratioToUpperBound: [],
    ratioToReference: [],
    selectedCost: [],
    invalidationCovered: [],
    allBudgetFeasible: true,
    allGroupFeasible: true,
  };
}

/** Appends one row's fields to its group's columns (rows must come in seed order). */
export function addToColumns(
  c: AggregateColumns,
  r: Omit<AggregatableRow, "distribution" | "budget" | "method" | "seed" | "instance_id">,
): void {
  c.n++;
  c.objective.push(r.objective_value);
  if (r.ratio_to_opt != null) c.ratioToOpt.push(r.ratio_to_opt);
  if (r.ratio_to_upper_bound != null) c.ratioToUpperBound.push(r.ratio_to_upper_bound);
  if (r.ratio_to_reference != null) c.ratioToReference.push(r.ratio_to_reference);
  c.selectedCost.push(r.selected_cost);
  c.invalidationCovered.push(r.update_metrics.invalidation_units_covered ?? 0);
  c.allBudgetFeasible &&= r.budget_feasible;
  c.allGroupFeasible &&= r.group_feasible;
}

/**
 * Groups rows by (distribution, budget, method), each group's rows in seed
 * order (then instance id), as columns: the first half of
 * {@linkcode aggregateRows} (so that the bootstraps can run elsewhere).
 *
 * @param rows result rows, any order
 * @returns the groups, in first-seen order
 */
export function groupColumns(rows: readonly AggregatableRow[]): AggregateColumns[] {
  const groups = new Map<string, AggregateColumns>();
  for (const r of [...rows].sort(compareBySeed)) {
    const key = JSON.stringify([r.distribution, r.budget, r.method]);
    let g = groups.get(key);
    if (g === undefined) groups.set(key, g = emptyColumns(r.distribution, r.budget, r.method));
    addToColumns(g, r);
  }
  return [...groups.values()];
}

/**
 * The aggregate row of one group (ARTIFACT-SPEC §1.2, §6.2).
 *
 * @param c the group's columns, rows in seed order
 * @param interval the artifact bootstrap interval of `c.ratioToOpt` if computed elsewhere
 *   (`artifactBootstrap(c.ratioToOpt, { summation })`); computed here when undefined
 * @param summation how sums are accumulated (default `neumaier`)
 * @returns the aggregate row
 */
export function aggregateColumns(
  c: AggregateColumns,
  interval?: readonly [number, number],
  summation: Summation = DEFAULT_SUMMATION,
): AggregateRow {
  const defined = c.ratioToOpt.length > 0;
  const [low, high] = !defined
    ? [null, null]
    : interval ?? artifactBootstrap(c.ratioToOpt, { summation });
  return {
    distribution: c.distribution,
    budget: c.budget,
    method: c.method,
    n: c.n,
    n_defined: c.ratioToOpt.length,
    mean_objective: pyMean(c.objective, summation),
    mean_ratio_to_opt: defined ? pyMean(c.ratioToOpt, summation) : null,
    bootstrap95_ratio_to_opt_low: low,
    bootstrap95_ratio_to_opt_high: high,
    mean_ratio_to_upper_bound: pyMean(c.ratioToUpperBound, summation),
    mean_ratio_to_reference: pyMean(c.ratioToReference, summation),
    mean_selected_cost: pyMean(c.selectedCost, summation),
    mean_invalidation_covered: pyMean(c.invalidationCovered, summation),
    all_budget_feasible: c.allBudgetFeasible,
    all_group_feasible: c.allGroupFeasible,
  };
}

/**
 * Sorts aggregate rows by (distribution, budget, method): names in
 * code-point order (Python's), budgets numerically.
 *
 * @param rows aggregate rows (sorted in place)
 * @returns `rows`
 */
export function sortAggregates<T extends AggregateRow>(rows: T[]): T[] {
  return rows.sort((a, b) =>
    compareIds(a.distribution, b.distribution) || a.budget - b.budget ||
    compareIds(a.method, b.method)
  );
}

/**
 * For each (distribution, budget), the method with the largest (mean_ratio_to_opt, mean_objective);
 * on a full tie the first in aggregate order wins (Python's `max`).
 *
 * @param aggregates rows from {@linkcode aggregateRows} (sorted)
 * @returns one row per (distribution, budget), in aggregate order
 */
export function bestByBudget(aggregates: readonly AggregateRow[]): BestByBudget[] {
  const best = new Map<string, AggregateRow>();
  for (const a of aggregates) {
    const key = JSON.stringify([a.distribution, a.budget]);
    const b = best.get(key);
    // A group without a defined ratio never beats one with a ratio.
    const ra = a.mean_ratio_to_opt ?? -Infinity, rb = b?.mean_ratio_to_opt ?? -Infinity;
    if (b === undefined || ra > rb || (ra === rb && a.mean_objective > b.mean_objective)) {
      best.set(key, a);
    }
  }
  return [...best.values()].map((a) => ({
    distribution: a.distribution,
    budget: a.budget,
    best_method_by_mean_ratio_to_opt: a.method,
    mean_ratio_to_opt: a.mean_ratio_to_opt,
  }));
}
