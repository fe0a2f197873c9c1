/**
 * Figures: a Vega-Lite spec plus its SVG rendered locally with vega, shown in
 * Jupyter as a Vega-Lite bundle with an SVG fallback (so static viewers and
 * nbconvert HTML show it too), saved as `<name>.svg` and `<name>.vl.json`.
 *
 * @module
 */
import { vega, vegaLite as vl } from "../deps_plot.ts";
import { writeTextAtomic } from "../fs.ts";
import { outPath } from "../report/out.ts";

/**
 * The Vega-Lite major version every spec is written for, declared once: the `$schema` and the
 * display MIME type derive from it. JupyterLab and VS Code render
 * `application/vnd.vegalite.v5+json`, so specs keep to v5 features (../shared/STYLE.md) even
 * though they are compiled to SVG here with the `vega-lite` package of a later major version,
 * which reads v5 specs unchanged.
 */
export const VEGALITE_VERSION = 5;
/** The Vega-Lite MIME type used for display: `application/vnd.vegalite.v5+json`. */
export const VEGALITE_MIME = `application/vnd.vegalite.v${VEGALITE_VERSION}+json` as const;
/** The Vega-Lite `$schema` written into every spec (the v5 schema's URL). */
export const VEGALITE_SCHEMA =
  `https://vega.github.io/schema/vega-lite/v${VEGALITE_VERSION}.json` as const;

/** A Vega-Lite spec (kept loose: specs are plain JSON). */
// deno-lint-ignore no-explicit-any
export type VegaLiteSpec = Record<string, any>;

/** A rendered figure. Display it as the last expression of a notebook cell. */
export class Figure {
  /**
   * A figure from a spec and its rendered SVG (use {@linkcode makeFigure} to render one).
   *
   * @param name file stem for saving (e.g. `fig2_exact_budget_sweep`)
   * @param spec the Vega-Lite spec, with its `$schema`
   * @param svg the SVG rendered from the spec
   */
  constructor(readonly name: string, readonly spec: VegaLiteSpec, readonly svg: string) {}

  /** Jupyter MIME bundle: Vega-Lite, SVG and a text line. */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    return {
      [VEGALITE_MIME]: this.spec,
      "image/svg+xml": this.svg,
      "text/plain": `Figure ${this.name}`,
    };
  }

  /** Paths of the SVG and spec files {@linkcode save} writes. */
  get paths(): { svg: string; spec: string } {
    return {
      svg: outPath("figures", `${this.name}.svg`),
      spec: outPath("figures", `${this.name}.vl.json`),
    };
  }

  /**
   * Writes `figures/<name>.svg` and `figures/<name>.vl.json` under the output root.
   *
   * @returns the figure (to display it)
   */
  async save(): Promise<this> {
    await writeTextAtomic(this.paths.svg, this.svg);
    await writeTextAtomic(this.paths.spec, JSON.stringify(this.spec, null, 2) + "\n");
    return this;
  }
}

/**
 * Renders a Vega-Lite spec to SVG (locally, with vega) and wraps it as a {@linkcode Figure}.
 * The spec is compiled from a copy, so the caller's objects are left as they are.
 *
 * @example A line of ratios against budgets
 * ```ts
 * import assert from "node:assert/strict";
 * import { makeFigure, VEGALITE_MIME } from "./figure.ts";
 *
 * const fig = await makeFigure("ratio_by_budget", {
 *   data: { values: [{ B: 2, ratio: 0.5 }, { B: 4, ratio: 0.8 }, { B: 8, ratio: 1 }] },
 *   mark: "line",
 *   encoding: {
 *     x: { field: "B", type: "quantitative" },
 *     y: { field: "ratio", type: "quantitative" },
 *   },
 * });
 * assert.ok(fig.svg.startsWith("<svg"));
 * assert.equal(fig.spec.$schema, "https://vega.github.io/schema/vega-lite/v5.json");
 * assert.equal(VEGALITE_MIME, "application/vnd.vegalite.v5+json");
 * // In a notebook, end a cell with `fig` (or `await fig.save()`) to show it.
 * ```
 *
 * @param name file stem for saving (e.g. `fig2_exact_budget_sweep`)
 * @param spec Vega-Lite spec; `$schema` defaults to {@linkcode VEGALITE_SCHEMA}
 * @returns the figure with its SVG
 * @throws {Error} if Vega-Lite cannot compile the spec
 */
export async function makeFigure(name: string, spec: VegaLiteSpec): Promise<Figure> {
  const full = { $schema: VEGALITE_SCHEMA, ...spec };
  // A copy: vega tags the data objects it ingests, and the caller's spec must stay as given.
  const compiled = vl.compile(structuredClone(full) as vl.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return new Figure(name, full, svg);
}
