/**
 * The coverage heatmap with a budget slider: candidates (grouped by experience) by evidence
 * unit, coloured by a_ur, beside a panel marking what each method keeps at the budget the
 * slider picks (paper 000 §2, eq. 1–2). The slider is a Vega-Lite parameter bound to a range
 * input; static renderings (SVG, PNG) show the default budget.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import type { VegaLiteSpec } from "./figure.ts";

/** The slider's parameter name (the budget B). */
export const BUDGET_PARAM = "B";

/**
 * One row per (candidate, unit) with the candidate's place in the experience order: the
 * heatmap's cells, zeros included so that the grid is complete.
 */
function cells(cp: CompiledPackage) {
  const order = cp.groups.flatMap((g) => [...g]);
  const out: Record<string, unknown>[] = [];
  const labels = new Map<string, string>();
  order.forEach((c, rank) => {
    const a = new Map<number, number>();
    cp.rowUnits[c].forEach((r, t) => a.set(r, cp.rowVals[c][t]));
    const exp = cp.groupIds[cp.groupOf[c]], id = cp.candIds[c];
    // The experience leads the label (unless the id already starts with it): rows group by it.
    const label = id.startsWith(exp) ? id : `${exp} · ${id}`;
    labels.set(id, label);
    cp.unitIds.forEach((unit, r) => {
      out.push({
        candidate: label,
        experience: exp,
        rank,
        cost: cp.cost[c],
        unit: `${unit} (w=${+cp.weights[r].toFixed(4)})`,
        a: a.get(r) ?? 0,
      });
    });
  });
  return { out, order: order.map((c) => cp.candIds[c]), labels };
}

/**
 * Builds the Vega-Lite spec of the coverage heatmap with a budget slider.
 *
 * @example Two methods on the paper's example package
 * ```ts
 * import assert from "node:assert/strict";
 * import { compilePackage, readPackageJson } from "../../mod.ts";
 * import { coverageHeatmapSpec } from "./coverage_heatmap.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const spec = coverageHeatmapSpec(cp, [
 *   { B: 8, method: "OPT", store: ["e2.compound"], value: 3 },
 *   { B: 9, method: "Density-only", store: ["e1.raw"], value: 0.25 },
 * ], { budget: 8 });
 * assert.equal(spec.params[0].bind.input, "range");
 * assert.equal(spec.params[0].value, 8);
 * ```
 *
 * @param cp compiled package (candidates, units, coverage a_ur, weights w_r)
 * @param kept what each method keeps at each budget
 * @param opts the budget shown first (the columns follow the methods' first appearance in `kept`)
 * @returns a Vega-Lite v5 spec (hconcat of the heatmap and the kept panel; `$schema` added by
 *   `makeFigure`)
 * @throws {RangeError} if `kept` is empty or names a candidate the package does not have
 */
export function coverageHeatmapSpec(
  cp: CompiledPackage,
  kept: readonly {
    /** Budget B, in cost units. */
    B: number;
    /** Method label, e.g. "OPT", "Greedy". */
    method: string;
    /** Candidate ids kept. */
    store: readonly string[];
    /** F of the store, in weight units. */
    value: number;
  }[],
  opts: {
    /** Budget shown first and in static renderings (default: the smallest budget in `kept`). */
    budget?: number;
  } = {},
): VegaLiteSpec {
  if (kept.length === 0) throw new RangeError("Cannot draw the heatmap: no kept stores given");
  for (const k of kept) {
    const id = k.store.find((x) => !cp.candIndex.has(x));
    if (id !== undefined) {
      throw new RangeError(
        `Cannot draw the heatmap: ${k.method} at B = ${k.B} keeps '${id}', not a candidate`,
      );
    }
  }
  const budgets = [...new Set(kept.map((k) => k.B))].sort((a, b) => a - b);
  const methods = [...new Set(kept.map((k) => k.method))];
  const budget = opts.budget ?? budgets[0];
  const { out, order, labels } = cells(cp);
  const keptRows = kept.flatMap((k) =>
    order.map((candidate) => ({
      B: k.B,
      method: k.method,
      candidate: labels.get(candidate),
      kept: k.store.includes(candidate) ? "kept" : "not kept",
    }))
  );
  const values = kept.map((k) => ({ B: k.B, method: k.method, F: +k.value.toFixed(4) }));
  const y = {
    field: "candidate",
    type: "nominal",
    sort: order.map((id) => labels.get(id)),
    title: "candidate (grouped by experience, in arrival order)",
  };
  const atB = { filter: `datum.B == ${BUDGET_PARAM}` };
  return {
    title: "Coverage a_ur and what each method keeps at budget B",
    params: [{
      name: BUDGET_PARAM,
      value: budget,
      bind: { input: "range", min: budgets[0], max: budgets.at(-1), step: 1, name: "budget B " },
    }],
    hconcat: [
      heatmapPanel(out, y),
      {
        title: { text: { expr: `'kept at B = ' + ${BUDGET_PARAM}` } },
        width: 30 * methods.length,
        height: 26 * order.length,
        data: { values: keptRows },
        transform: [atB],
        mark: { type: "square", size: 220 },
        encoding: {
          x: { field: "method", type: "nominal", sort: methods, title: null },
          y: { ...y, axis: null },
          color: {
            field: "kept",
            type: "nominal",
            scale: { domain: ["kept", "not kept"], range: ["#dc2626", "#e5e7eb"] },
            title: "store",
          },
        },
      },
      {
        title: { text: { expr: `'F at B = ' + ${BUDGET_PARAM}` } },
        width: 90,
        height: 20 * methods.length,
        data: { values },
        transform: [atB],
        mark: { type: "text", align: "left", fontSize: 12 },
        encoding: {
          y: { field: "method", type: "nominal", sort: methods, title: null },
          text: { field: "F", type: "quantitative" },
        },
      },
    ],
    resolve: { scale: { color: "independent" } },
  };
}

/** The left panel: a_ur per candidate and unit, each cell labelled with its value. */
function heatmapPanel(out: Record<string, unknown>[], y: Record<string, unknown>): VegaLiteSpec {
  const height = 26 * new Set(out.map((c) => c.candidate)).size;
  return {
    width: 36 * new Set(out.map((c) => c.unit)).size,
    height,
    data: { values: out },
    layer: [
      {
        mark: { type: "rect", stroke: "#cbd5e1" },
        encoding: {
          x: { field: "unit", type: "nominal", title: "evidence unit r (weight w_r)" },
          y,
          color: {
            field: "a",
            type: "quantitative",
            scale: { domain: [0, 1], range: ["#ffffff", "#1d4ed8"] },
            title: "a_ur",
          },
          tooltip: [
            { field: "candidate" },
            { field: "experience" },
            { field: "cost" },
            { field: "unit" },
            { field: "a" },
          ],
        },
      },
      {
        mark: { type: "text", fontSize: 10 },
        transform: [{ filter: "datum.a > 0" }],
        encoding: {
          x: { field: "unit", type: "nominal" },
          y,
          text: { field: "a", type: "quantitative" },
          color: { condition: { test: "datum.a > 0.6", value: "white" }, value: "black" },
        },
      },
    ],
  };
}
