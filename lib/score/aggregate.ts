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
  distribution: string;
  seed: number | null;
  instance_id: string;
  /** Budget B in cost units. */
  budget: number;
  method: string;
  /** F(selected) in weight units. */
  objective_value: number;
  ratio_to_opt: number | null;
  ratio_to_upper_bound: number | null;
  ratio_to_reference: number | null;
  /** Σ cost of the selected candidates, in cost units. */
  selected_cost: number;
  update_metrics: { invalidation_units_covered?: number };
  budget_feasible: boolean;
  group_feasible: boolean;
}

/** One aggregate row (ARTIFACT-SPEC §1.2). Means skip null ratios and are 0 when nothing is left. */
export interface AggregateRow {
  distribution: string;
  budget: number;
  method: string;
  /** Number of rows in the group (null ratios included). */
  n: number;
  mean_objective: number;
  mean_ratio_to_opt: number;
  bootstrap95_ratio_to_opt_low: number;
  bootstrap95_ratio_to_opt_high: number;
  mean_ratio_to_upper_bound: number;
  mean_ratio_to_reference: number;
  mean_selected_cost: number;
  mean_invalidation_covered: number;
  all_budget_feasible: boolean;
  all_group_feasible: boolean;
}

/** The best method of one (distribution, budget) (ARTIFACT-SPEC §1.2 `best_by_budget`). */
export interface BestByBudget {
  distribution: string;
  budget: number;
  best_method_by_mean_ratio_to_opt: string;
  mean_ratio_to_opt: number;
}

/** Options of {@linkcode aggregateRows}. */
export interface AggregateOptions {
  /** How sums are accumulated in means and bootstrap resamples (default `naive`). */
  summation?: Summation;
}

/** Orders rows as the artifact produced them inside a group: by seed, then instance id. */
function bySeed(a: AggregatableRow, b: AggregatableRow): number {
  const sa = a.seed ?? Infinity, sb = b.seed ?? Infinity;
  return sa !== sb ? (sa < sb ? -1 : 1) : compareIds(a.instance_id, b.instance_id);
}

const nonNull = (xs: (number | null | undefined)[]): number[] =>
  xs.filter((x): x is number => x !== null && x !== undefined);

/**
 * Aggregates result rows per (distribution, budget, method), as the
 * artifact's summary does (ARTIFACT-SPEC §1.2, §6.2): n; the means of
 * objective, ratio to OPT (non-null only; 0.0 if none), ratio to the upper
 * bound and to the greedy reference, selected cost and invalidation
 * coverage; the bootstrap 95% interval of the ratio to OPT
 * ({@linkcode artifactBootstrap}); and whether every row was budget- and
 * group-feasible.
 *
 * Inside a group the rows are taken in seed order (the artifact's order,
 * which the bootstrap depends on), so the result does not depend on the
 * input order. Groups are sorted by (distribution, budget, method): names
 * in code-point order (Python's), budgets numerically.
 *
 * @param rows result rows
 * @param opts summation mode
 * @returns one aggregate row per group, sorted
 */
export function aggregateRows(
  rows: readonly AggregatableRow[],
  opts: AggregateOptions = {},
): AggregateRow[] {
  return aggregateGroups(aggregateRowGroups(rows), undefined, opts);
}

/** The rows of one (distribution, budget, method) group in seed order, and their non-null ratios to OPT. */
export interface AggregateGroup<R extends AggregatableRow = AggregatableRow> {
  rows: R[];
  /** The sample the bootstrap resamples, in seed order. */
  ratios: number[];
}

/**
 * The first half of {@linkcode aggregateRows}: the rows grouped by
 * (distribution, budget, method), each group in seed order, with its
 * non-null ratios to OPT (so that the bootstraps can run elsewhere, e.g.
 * on workers).
 *
 * @param rows result rows
 * @returns the groups, in first-seen order
 */
export function aggregateRowGroups<R extends AggregatableRow>(
  rows: readonly R[],
): AggregateGroup<R>[] {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.distribution, r.budget, r.method]);
    let g = groups.get(key);
    if (g === undefined) groups.set(key, g = []);
    g.push(r);
  }
  return [...groups.values()].map((g) => {
    g.sort(bySeed);
    return { rows: g, ratios: nonNull(g.map((r) => r.ratio_to_opt)) };
  });
}

/**
 * The second half of {@linkcode aggregateRows}: one aggregate row per group,
 * sorted by (distribution, budget, method).
 *
 * @param groups groups from {@linkcode aggregateRowGroups}
 * @param intervals the artifact bootstrap interval of each group's ratios
 *   (`artifactBootstrap(group.ratios, { summation })`), or undefined to compute them here
 * @param opts summation mode
 * @returns the aggregate rows
 * @throws {RangeError} if `intervals` does not have one entry per group
 */
export function aggregateGroups(
  groups: readonly AggregateGroup[],
  intervals: readonly (readonly [number, number])[] | undefined,
  opts: AggregateOptions = {},
): AggregateRow[] {
  const mode = opts.summation ?? DEFAULT_SUMMATION;
  if (intervals !== undefined && intervals.length !== groups.length) {
    throw new RangeError(
      `Cannot aggregate: ${intervals.length} bootstrap intervals for ${groups.length} groups`,
    );
  }
  const out = groups.map(({ rows: g, ratios }, i): AggregateRow => {
    const [low, high] = intervals?.[i] ?? artifactBootstrap(ratios, { summation: mode });
    return {
      distribution: g[0].distribution,
      budget: g[0].budget,
      method: g[0].method,
      n: g.length,
      mean_objective: pyMean(g.map((r) => r.objective_value), mode),
      mean_ratio_to_opt: pyMean(ratios, mode),
      bootstrap95_ratio_to_opt_low: low,
      bootstrap95_ratio_to_opt_high: high,
      mean_ratio_to_upper_bound: pyMean(nonNull(g.map((r) => r.ratio_to_upper_bound)), mode),
      mean_ratio_to_reference: pyMean(nonNull(g.map((r) => r.ratio_to_reference)), mode),
      mean_selected_cost: pyMean(g.map((r) => r.selected_cost), mode),
      mean_invalidation_covered: pyMean(
        g.map((r) => r.update_metrics.invalidation_units_covered ?? 0),
        mode,
      ),
      all_budget_feasible: g.every((r) => r.budget_feasible),
      all_group_feasible: g.every((r) => r.group_feasible),
    };
  });
  return out.sort((a, b) =>
    compareIds(a.distribution, b.distribution) || a.budget - b.budget ||
    compareIds(a.method, b.method)
  );
}

/**
 * For each (distribution, budget), the method with the largest
 * (mean_ratio_to_opt, mean_objective); on a full tie the first in aggregate
 * order wins (Python's `max`).
 *
 * @param aggregates rows from {@linkcode aggregateRows} (sorted)
 * @returns one row per (distribution, budget), in aggregate order
 */
export function bestByBudget(aggregates: readonly AggregateRow[]): BestByBudget[] {
  const best = new Map<string, AggregateRow>();
  for (const a of aggregates) {
    const key = JSON.stringify([a.distribution, a.budget]);
    const b = best.get(key);
    if (
      b === undefined || a.mean_ratio_to_opt > b.mean_ratio_to_opt ||
      (a.mean_ratio_to_opt === b.mean_ratio_to_opt && a.mean_objective > b.mean_objective)
    ) best.set(key, a);
  }
  return [...best.values()].map((a) => ({
    distribution: a.distribution,
    budget: a.budget,
    best_method_by_mean_ratio_to_opt: a.method,
    mean_ratio_to_opt: a.mean_ratio_to_opt,
  }));
}
