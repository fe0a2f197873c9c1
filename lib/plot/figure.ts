/**
 * Figures: a Vega-Lite spec in the house style (lib/plot/style.ts), its SVG rendered locally
 * with vega and a PNG rendered from that SVG with resvg, shown in Jupyter as a Vega-Lite bundle
 * with a PNG fallback (what nbconvert's HTML, GitHub and viewers without Vega-Lite draw), saved
 * as `<name>.svg`, `<name>.png` and `<name>.vl.json`.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { vega, vegaLite as vl } from "../base/deps_plot.ts";
import { writeBytesAtomic, writeTextAtomic } from "../base/fs.ts";
import { join } from "node:path";
import { outRoot } from "../report/out.ts";
import { renderPng } from "./png.ts";
import { styleSpec, type VegaLiteSpec } from "./style.ts";

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

export type { VegaLiteSpec } from "./style.ts";

/** A rendered figure. Display it as the last expression of a notebook cell. */
export class Figure {
  /**
   * A figure from a spec and its renderings (use {@linkcode makeFigure} to render one).
   *
   * @param name file stem for saving (e.g. `fig2_exact_budget_sweep`)
   * @param spec the Vega-Lite spec, with its `$schema`
   * @param svg the SVG rendered from the spec
   * @param png the PNG rendered from the SVG (bytes of the file)
   */
  constructor(
    readonly name: string,
    readonly spec: VegaLiteSpec,
    readonly svg: string,
    readonly png: Uint8Array,
  ) {}

  /**
   * Jupyter MIME bundle: Vega-Lite, PNG (base64) and a text line. No `image/svg+xml`: nbconvert
   * 6.5 prefers SVG to PNG and then strips the SVG's elements (its HTML cleaning), leaving an
   * empty figure; the SVG is in `figures/<name>.svg` and in {@linkcode Figure.svg}.
   */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    return {
      [VEGALITE_MIME]: this.spec,
      "image/png": Buffer.from(this.png).toString("base64"),
      "text/plain": `Figure ${this.name}`,
    };
  }

  /**
   * Writes `figures/<name>.svg`, `figures/<name>.png` and `figures/<name>.vl.json` under the
   * output root (each atomically).
   *
   * @param root the output root (default {@linkcode outRoot}: `$MEMAUDIT_OUT`, else `out/`)
   * @returns the figure (to display it)
   */
  async save(root: string = outRoot()): Promise<this> {
    const at = (ext: string) => join(root, "figures", `${this.name}.${ext}`);
    await writeTextAtomic(at("svg"), this.svg);
    await writeBytesAtomic(at("png"), this.png);
    await writeTextAtomic(at("vl.json"), JSON.stringify(this.spec, null, 2) + "\n");
    return this;
  }
}

/**
 * Renders a Vega-Lite spec to SVG (locally, with vega) and PNG (from that SVG, with resvg) and
 * wraps them as a {@linkcode Figure}. The spec is first put in the house style
 * ({@linkcode styleSpec}: colour-blind-safe palette, series told apart by dash and shape too),
 * on a copy, so the caller's objects are left as they are; the figure keeps the styled spec.
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
 * assert.equal(fig.png[1], 0x50); // a PNG file: "\x89PNG"
 * assert.equal(fig.spec.$schema, "https://vega.github.io/schema/vega-lite/v5.json");
 * assert.equal(VEGALITE_MIME, "application/vnd.vegalite.v5+json");
 * // In a notebook, end a cell with `fig` (or `await fig.save()`) to show it.
 * ```
 *
 * @param name file stem for saving (e.g. `fig2_exact_budget_sweep`)
 * @param spec Vega-Lite spec; `$schema` defaults to {@linkcode VEGALITE_SCHEMA}
 * @returns the figure with its SVG and PNG
 * @throws {Error} if Vega-Lite cannot compile the spec
 */
export async function makeFigure(name: string, spec: VegaLiteSpec): Promise<Figure> {
  // A copy: vega tags the data objects it ingests, and the caller's spec must stay as given.
  const styled = styleSpec({ $schema: VEGALITE_SCHEMA, ...spec });
  const compiled = vl.compile(structuredClone(styled) as vl.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return new Figure(name, styled, svg, await renderPng(svg));
}
