/**
 * The OPT(B) step figure: the certified optimum at every budget of a range as a step line,
 * writers overlaid, and each jump of OPT marked with its budget and new store (paper 000
 * definition 1; notebook 01).
 *
 * @module
 */
import type { VegaLiteSpec } from "../plot/figure.ts";
import type { BudgetStep, OptJump } from "./budget_steps.ts";

/**
 * The Vega-Lite spec of OPT(B) and the writers against B.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { optStepsSpec } from "./budget_figure.ts";
 *
 * const steps = [
 *   { B: 2, OPT: 0, store: [], writers: { greedy: 0 }, stores: {} },
 *   { B: 3, OPT: 1, store: ["t"], writers: { greedy: 1 }, stores: {} },
 * ];
 * const spec = optStepsSpec(steps, [{ B: 3, from: 0, to: 1, store: ["t"] }], { greedy: "Greedy" });
 * assert.equal(spec.layer.length, 4);
 * ```
 *
 * @param steps OPT and writer values per budget (from `budgetSteps`)
 * @param jumps the budgets where OPT rises (from `optJumps`)
 * @param labels display name per writer id (writers not named here are not drawn)
 * @param title figure title
 * @returns a Vega-Lite v5 layered spec (`$schema` added by `makeFigure`)
 */
export function optStepsSpec(
  steps: readonly BudgetStep[],
  jumps: readonly OptJump[],
  labels: Readonly<Record<string, string>>,
  title = "OPT_P(B) at every integer budget, writers overlaid",
): VegaLiteSpec {
  const series = ["OPT (certified)", ...Object.values(labels)];
  const rows = steps.flatMap((s) => [
    { B: s.B, method: "OPT (certified)", F: s.OPT },
    ...Object.entries(labels).map(([id, label]) => ({ B: s.B, method: label, F: s.writers[id] })),
  ]);
  const top = Math.ceil(Math.max(...steps.map((s) => s.OPT), 0) + 0.5);
  const marks = jumps.map((j) => ({
    B: j.B,
    F: top,
    note: `B=${j.B}: →${+j.to.toFixed(4)}`,
    store: j.store.join(" + "),
  }));
  // Writers that equal OPT would hide under its line: each series gets its own point shape
  // and size, so coinciding series stay visible.
  const shapes = ["square", "circle", "triangle-up", "cross", "diamond", "triangle-down"];
  const byMethod = { field: "method", type: "nominal", sort: series, title: null };
  return {
    title,
    width: 460,
    height: 260,
    layer: [
      {
        data: { values: rows },
        mark: { type: "line", interpolate: "step-after" },
        encoding: {
          x: { field: "B", type: "quantitative", title: "budget B (cost units)" },
          y: {
            field: "F",
            type: "quantitative",
            title: "F of the store kept at B",
            scale: { domain: [0, top] },
          },
          color: { ...byMethod },
          strokeDash: { ...byMethod },
          strokeWidth: {
            condition: { test: "datum.method === 'OPT (certified)'", value: 4 },
            value: 1.5,
          },
        },
      },
      {
        data: { values: rows },
        mark: { type: "point", filled: false, strokeWidth: 1.5 },
        encoding: {
          x: { field: "B", type: "quantitative" },
          y: { field: "F", type: "quantitative" },
          color: { ...byMethod },
          shape: { ...byMethod, scale: { domain: series, range: shapes.slice(0, series.length) } },
          size: {
            ...byMethod,
            scale: { domain: series, range: series.map((_, i) => 120 - 28 * Math.min(i, 3)) },
          },
          tooltip: [{ field: "method" }, { field: "B" }, { field: "F" }],
        },
      },
      {
        data: { values: marks },
        mark: { type: "rule", color: "#9ca3af", strokeDash: [2, 2] },
        encoding: { x: { field: "B", type: "quantitative" } },
      },
      {
        data: { values: marks },
        mark: { type: "text", align: "left", dx: 3, dy: 8, fontSize: 10 },
        encoding: {
          x: { field: "B", type: "quantitative" },
          y: { field: "F", type: "quantitative" },
          text: { field: "note" },
          tooltip: [{ field: "B" }, { field: "store", title: "optimal store" }],
        },
      },
    ],
  };
}
