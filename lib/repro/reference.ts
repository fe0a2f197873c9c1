/**
 * The paper's reported numbers drawn as the report's "paper" column (reference data, never
 * ours): Figure 2's sweep, Figure 3's heatmap and frontier gaps, Table 1's solver audit, the
 * Natural-87 writer ratios and Table 4, each keyed by the notebook that checks it.
 *
 * @module
 */
import { makeFigure } from "../plot/figure.ts";
import { PAPER_NATURAL87 } from "../paper/natural87.ts";
import { paperExpected } from "../paper/expected.ts";
import { methodLabel } from "../sweep/methods.ts";
import { PAPER_TABLE4 } from "../paper/table4.ts";
import { Table } from "../report/table.ts";

/** One panel of the paper column: a figure (PNG) or a table (HTML), with its caption. */
export interface ReferencePanel {
  /** Says what it is and where it comes from, and that it is reference data. */
  caption: string;
  /** The figure's PNG, for a figure. */
  png?: Uint8Array;
  /** The table's HTML, for a table. */
  html?: string;
}

const REF = "REFERENCE data (the paper's reported numbers, not ours)";

async function figure2(): Promise<ReferencePanel[]> {
  const e = (await paperExpected()).exact_sweep;
  const cells = e.cells.filter((c) => c.budget >= 2).map((c) => ({
    method: methodLabel(c.method),
    B: c.budget,
    ratio: c.mean,
    low: c.low,
    high: c.high,
  }));
  const domain = [...new Set(cells.map((c) => c.method))];
  const fig = await makeFigure("paper_fig2", {
    title: { text: "Paper Figure 2: exact budget sweep", subtitle: REF },
    width: 360,
    height: 240,
    data: { values: cells },
    encoding: {
      x: {
        field: "B",
        type: "quantitative",
        scale: { type: "log", base: 2 },
        axis: { values: [...new Set(cells.map((c) => c.B))] },
        title: "budget B",
      },
      // The file's method order, as notebook 03 plots them: a method keeps its colour and dash.
      color: { field: "method", type: "nominal", scale: { domain }, title: null },
    },
    layer: [
      {
        mark: { type: "area", opacity: 0.2 },
        encoding: { y: { field: "low", type: "quantitative" }, y2: { field: "high" } },
      },
      {
        mark: { type: "line", point: true },
        encoding: {
          y: { field: "ratio", type: "quantitative", title: "ratio to exact OPT" },
        },
      },
    ],
  });
  return [{ caption: `${e.section}. ${REF}.`, png: fig.png }];
}

async function figure3(): Promise<ReferencePanel[]> {
  const s = (await paperExpected()).stress_b6;
  const cells = s.cells.map((c) => ({
    method: methodLabel(c.method),
    distribution: c.distribution,
    ratio: c.mean,
    label: c.mean.toFixed(3),
  }));
  const fig = await makeFigure("paper_fig3", {
    title: { text: `Paper Figure 3: mean ratio to OPT at B = ${s.budget}`, subtitle: REF },
    width: 260,
    height: 130,
    data: { values: cells },
    encoding: {
      x: {
        field: "distribution",
        type: "nominal",
        sort: [...new Set(cells.map((c) => c.distribution))],
        title: null,
        axis: { labelAngle: 0 },
      },
      y: {
        field: "method",
        type: "nominal",
        sort: [...new Set(cells.map((c) => c.method))],
        title: null,
      },
    },
    layer: [
      {
        mark: "rect",
        encoding: {
          color: {
            field: "ratio",
            type: "quantitative",
            scale: { domain: [0, 1], scheme: "blues" },
          },
        },
      },
      {
        mark: { type: "text", fontSize: 12 },
        encoding: {
          text: { field: "label" },
          color: { condition: { test: "datum.ratio > 0.6", value: "white" }, value: "black" },
        },
      },
    ],
  });
  const gaps = new Table("paper_frontier_gap", s.frontier_gap, ["distribution", "gap"]);
  return [
    { caption: `${s.section}. ${REF}.`, png: fig.png },
    { caption: `Paper Figure 3, frontier gap per distribution. ${REF}.`, html: gaps.toHtml() },
  ];
}

async function table1(): Promise<ReferencePanel[]> {
  const a = (await paperExpected()).milp_audit;
  const t = new Table("paper_table1", [{
    distributions: a.distributions.join(", "),
    seeds: a.seeds,
    budgets: a.budgets.join(", "),
    rows: a.rows,
    "B&B = MILP": a.matches,
    "max |difference|": a.max_diff,
  }]);
  return [{ caption: `Paper Table 1 (${a.section}). ${REF}.`, html: t.toHtml() }];
}

function natural87(): ReferencePanel[] {
  const p = PAPER_NATURAL87;
  const rows = Object.values(p.writers).map((w) =>
    Object.fromEntries([["writer", w.label], ...p.budgets.map((b, i) => [`B = ${b}`, w.ratio[i]])])
  );
  const t = new Table("paper_natural87", rows);
  return [{ caption: `${p.source} ${REF}.`, html: t.toHtml() }];
}

function table4(): ReferencePanel[] {
  const t = new Table(
    "paper_table4",
    PAPER_TABLE4.map((r) => ({
      row: r.row,
      denominator: r.denominator,
      "B = 30": r.b30,
      "B = 60": r.b60,
      "B = 100": r.b100,
    })),
  );
  return [{ caption: `Paper 000 Table 4 (ARTIFACT-SPEC §7.4). ${REF}.`, html: t.toHtml() }];
}

const PANELS: Record<string, () => ReferencePanel[] | Promise<ReferencePanel[]>> = {
  "02": table1,
  "03": figure2,
  "04": figure3,
  "05": natural87,
  "06": table4,
};

/**
 * The paper's panels for a notebook, by its two-digit prefix (`03_exact_budget_sweep.ipynb`
 * → Figure 2); none for a notebook whose section has no reported numbers here.
 *
 * @param notebook the notebook's file name
 * @returns the panels, possibly none
 */
export async function referencePanels(notebook: string): Promise<ReferencePanel[]> {
  return (await PANELS[notebook.slice(0, 2)]?.()) ?? [];
}
