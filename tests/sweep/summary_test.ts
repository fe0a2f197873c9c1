import assert from "node:assert/strict";
import { runUnit } from "../../lib/sweep/run_unit.ts";
import { liteBlock, SummaryBuilder } from "../../lib/sweep/summary.ts";
import { resolveGrid, summarizeRows } from "./_helpers.ts";
import { unitText } from "../../lib/sweep/row.ts";

const opts = {
  distributions: ["base"],
  seeds: [0, 1, 2],
  budgets: ["2", "6"],
  methods: ["opt", "density_only", "summary_candidate_opt"],
  outDir: "unused",
};

Deno.test("SummaryBuilder.addBlock() gives the summary of summarizeRows(), null ratios and degenerate OPT included", () => {
  const grid = resolveGrid(opts);
  const units = opts.seeds.map((s) =>
    unitText(runUnit("base", s, { budgets: [0.5, 2, 6], methods: opts.methods }))
  );
  const rows = units.flatMap((u) => u.rows);
  // B = 0.5 fits nothing: OPT = 0, degenerate rows with ratio 1.0.
  assert.ok(rows.some((r) => r.opt_degenerate));
  const b = new SummaryBuilder();
  for (const u of units) b.addBlock(liteBlock(u.rows));
  const built = b.summary(grid);
  // Rows in reverse order: summarizeRows() restores seed order inside each group.
  assert.deepEqual(built, summarizeRows([...rows].reverse(), grid));
  assert.equal(built.num_rows, 3 * 3 * 3);
  const degenerate = built.by_distribution_budget_method.filter((a) => a.n_degenerate_opt > 0);
  assert.deepEqual(degenerate.map((a) => [a.budget, a.method, a.n_degenerate_opt]), [
    [0.5, "density_only", 3],
    [0.5, "opt", 3],
    [0.5, "summary_candidate_opt", 3],
  ]);
  // A row with null ratios (seed 99, last in seed order) is counted in n but not in the means.
  const odd = { ...units[0].rows[5], seed: 99, ratio_to_opt: null, ratio_to_reference: null };
  b.addBlock(liteBlock([odd]));
  const withNull = b.summary(grid);
  assert.deepEqual(withNull, summarizeRows([odd, ...rows], grid));
  const g = withNull.by_distribution_budget_method.find((a) =>
    a.budget === odd.budget && a.method === odd.method
  )!;
  assert.equal(g.n, 4);
  assert.equal(
    g.mean_ratio_to_opt,
    built.by_distribution_budget_method.find((a) =>
      a.budget === odd.budget && a.method === odd.method
    )!
      .mean_ratio_to_opt,
  );
  assert.throws(() => b.summary(grid, [[0, 1]]), /1 bootstrap intervals for 9 groups/);
  assert.throws(() => liteBlock([...units[0].rows, ...units[1].rows]), /more than one unit/);
});
