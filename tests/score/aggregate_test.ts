import assert from "node:assert/strict";
import { type AggregatableRow, aggregateRows, bestByBudget } from "../../lib/score/aggregate.ts";

function row(
  distribution: string,
  seed: number,
  budget: number,
  method: string,
  ratio: number | null,
  extra: Partial<AggregatableRow> = {},
): AggregatableRow {
  return {
    distribution,
    seed,
    instance_id: `${distribution}_s${seed}`,
    budget,
    method,
    objective_value: ratio === null ? 0 : 2 * ratio,
    ratio_to_opt: ratio,
    ratio_to_upper_bound: ratio,
    ratio_to_reference: ratio === null ? null : ratio / 2,
    selected_cost: budget - 1,
    update_metrics: { invalidation_units_covered: 0.45 },
    budget_feasible: true,
    group_feasible: true,
    ...extra,
  };
}

const ROWS: AggregatableRow[] = [
  row("base", 1, 10, "opt", 1),
  row("base", 0, 10, "opt", 1),
  row("base", 0, 2, "gvt", 0.5),
  row("base", 1, 2, "gvt", null),
  row("base", 2, 2, "gvt", 0.25, { budget_feasible: false }),
  row("Zeta", 0, 2, "opt", null),
  row("base", 0, 2, "opt", 1),
];

Deno.test("aggregateRows() sorts groups by (distribution, budget, method)", () => {
  const keys = aggregateRows(ROWS).map((a) => `${a.distribution}/${a.budget}/${a.method}`);
  // Code-point order puts "Zeta" before "base"; budgets compare as numbers.
  assert.deepEqual(keys, ["Zeta/2/opt", "base/2/gvt", "base/2/opt", "base/10/opt"]);
});

Deno.test("aggregateRows() means skip null ratios and give null (not 0.0) when none is left", () => {
  const [zeta, gvt, , opt10] = aggregateRows(ROWS);
  assert.deepEqual([zeta.n, zeta.n_defined], [1, 0]);
  assert.equal(zeta.mean_ratio_to_opt, null);
  assert.deepEqual([zeta.bootstrap95_ratio_to_opt_low, zeta.bootstrap95_ratio_to_opt_high], [
    null,
    null,
  ]);
  assert.deepEqual([gvt.n, gvt.n_defined], [3, 2]);
  assert.equal(gvt.mean_ratio_to_opt, 0.375);
  assert.equal(gvt.mean_ratio_to_reference, 0.1875);
  assert.equal(gvt.mean_objective, 0.5); // (1 + 0 + 0.5) / 3
  assert.equal(gvt.mean_selected_cost, 1);
  assert.equal(gvt.mean_invalidation_covered, 0.45);
  assert.equal(gvt.all_budget_feasible, false);
  assert.equal(gvt.all_group_feasible, true);
  assert.deepEqual([opt10.bootstrap95_ratio_to_opt_low, opt10.bootstrap95_ratio_to_opt_high], [
    1,
    1,
  ]);
});

Deno.test("aggregateRows() takes rows in seed order whatever the input order", () => {
  const rows = [0.1, 0.25, 0.5, 0.75, 1.0].map((r, s) => row("base", s, 4, "gvt", r));
  const [a] = aggregateRows([...rows].reverse(), { summation: "naive" });
  // Same as artifactBootstrap([0.1, 0.25, 0.5, 0.75, 1.0]) (pinned against CPython 3.11).
  assert.deepEqual([a.bootstrap95_ratio_to_opt_low, a.bootstrap95_ratio_to_opt_high], [
    0.25999999999999995,
    0.8,
  ]);
  assert.deepEqual(aggregateRows(rows), aggregateRows([...rows].reverse()));
});

Deno.test("bestByBudget() picks the largest (mean ratio, mean objective), first on ties", () => {
  const rows = [
    row("base", 0, 2, "b_method", 1),
    row("base", 0, 2, "a_method", 1),
    row("base", 0, 2, "c_method", 0.5),
    row("base", 0, 4, "x", 0.5),
    row("base", 0, 4, "y", 0.5, { objective_value: 3 }),
  ];
  assert.deepEqual(bestByBudget(aggregateRows(rows)), [
    {
      distribution: "base",
      budget: 2,
      best_method_by_mean_ratio_to_opt: "a_method",
      mean_ratio_to_opt: 1,
    },
    {
      distribution: "base",
      budget: 4,
      best_method_by_mean_ratio_to_opt: "y",
      mean_ratio_to_opt: 0.5,
    },
  ]);
});

Deno.test("bestByBudget() never prefers a group without a defined ratio", () => {
  const rows = [row("d", 0, 2, "a_none", null), row("d", 0, 2, "b_some", 0.25)];
  const [best] = bestByBudget(aggregateRows(rows));
  assert.deepEqual([best.best_method_by_mean_ratio_to_opt, best.mean_ratio_to_opt], [
    "b_some",
    0.25,
  ]);
  const [none] = bestByBudget(aggregateRows([row("d", 0, 2, "only", null)]));
  assert.equal(none.mean_ratio_to_opt, null);
});
