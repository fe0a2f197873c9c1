import assert from "node:assert/strict";
import { compilePackage, readPackageJson } from "../../mod.ts";
import { BUDGET_PARAM, coverageHeatmapSpec } from "../../lib/plot/coverage_heatmap.ts";
import { makeFigure } from "../../lib/plot/figure.ts";
import { budgetSteps, integerBudgets } from "../../lib/teach/budget_steps.ts";

const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
const steps = budgetSteps(cp, integerBudgets(0, 24), ["density_only"]);
const kept = steps.flatMap((s) => [
  { B: s.B, method: "OPT", store: s.store, value: s.OPT },
  { B: s.B, method: "Density-only", store: s.stores.density_only, value: s.writers.density_only },
]);

Deno.test("coverageHeatmapSpec() binds the budget to a range input over the given budgets", () => {
  const spec = coverageHeatmapSpec(cp, kept, { budget: 9 });
  assert.deepEqual(spec.params, [{
    name: BUDGET_PARAM,
    value: 9,
    bind: { input: "range", min: 0, max: 24, step: 1, name: "budget B " },
  }]);
  assert.equal(coverageHeatmapSpec(cp, kept).params[0].value, 0); // default: the smallest budget
});

Deno.test("coverageHeatmapSpec() has one cell per candidate and unit, grouped by experience", () => {
  const spec = coverageHeatmapSpec(cp, kept);
  const cells = spec.hconcat[0].data.values as { candidate: string; a: number }[];
  assert.equal(cells.length, cp.candIds.length * cp.unitIds.length);
  const order = spec.hconcat[0].layer[0].encoding.y.sort as string[];
  assert.deepEqual(order.slice(0, 2).map((c) => c.split(".")[0]), ["e1", "e1"]);
  assert.equal(cells.filter((c) => c.a > 0).length, cp.pkg.coverage.length);
});

Deno.test("coverageHeatmapSpec() marks what each method keeps at each budget", () => {
  const rows = coverageHeatmapSpec(cp, kept).hconcat[1].data.values as {
    B: number;
    method: string;
    candidate: string;
    kept: string;
  }[];
  const at = (B: number, method: string) =>
    rows.filter((r) => r.B === B && r.method === method && r.kept === "kept").map((r) =>
      r.candidate
    );
  assert.deepEqual(at(9, "OPT"), ["e2.compound"]);
  assert.deepEqual(at(9, "Density-only"), ["e1.raw"]);
});

Deno.test("coverageHeatmapSpec() renders the default budget to SVG", async () => {
  const fig = await makeFigure("heat", coverageHeatmapSpec(cp, kept, { budget: 9 }));
  assert.match(fig.svg, /kept at B = 9/);
  assert.match(fig.svg, /F at B = 9/);
  assert.match(fig.svg, /0\.45/); // e2.raw's partial coverage of the invalidation
});

Deno.test("coverageHeatmapSpec() rejects no stores and unknown candidates", () => {
  assert.throws(() => coverageHeatmapSpec(cp, []), RangeError);
  assert.throws(
    () => coverageHeatmapSpec(cp, [{ B: 1, method: "X", store: ["nope"], value: 0 }]),
    /keeps 'nope'/,
  );
});

Deno.test("coverageHeatmapSpec() orders the method columns by their first appearance in the kept stores", () => {
  const sorts = (k: typeof kept) =>
    [...JSON.stringify(coverageHeatmapSpec(cp, k)).matchAll(/"sort":(\["[^\]]*\])/g)]
      .map((m) => JSON.parse(m[1]) as string[]).filter((s) => s.includes("OPT"));
  assert.deepEqual(sorts(kept), [["OPT", "Density-only"], ["OPT", "Density-only"]]);
  assert.deepEqual(sorts([...kept].reverse()), [["Density-only", "OPT"], ["Density-only", "OPT"]]);
  assert.equal(
    coverageHeatmapSpec(cp, kept).title,
    "Coverage a_ur and what each method keeps at budget B",
  );
});
