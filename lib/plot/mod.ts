/**
 * Figures: a Vega-Lite spec with its SVG rendered locally with vega, shown in Jupyter as a
 * Vega-Lite bundle with a PNG fallback (rendered from the SVG), saved as `.vl.json`, `.svg` and
 * `.png`, in the house style (Okabe-Ito palette, series told apart by dash and point shape).
 *
 * Entry point `memaudit/plot` (deno.json `exports["./plot"]`): this list is what the part
 * offers; anything under `lib/plot/` it does not name is internal and may change.
 *
 * @example The MIME type Jupyter renders figures under
 * ```ts
 * import assert from "node:assert/strict";
 * import { VEGALITE_MIME } from "./figure.ts";
 * assert.ok(VEGALITE_MIME.startsWith("application/vnd.vegalite."));
 * ```
 *
 * @module
 */
export { Figure, makeFigure } from "./figure.ts";
export type { VegaLiteSpec } from "./style.ts";
export { coverageHeatmapSpec } from "./coverage_heatmap.ts";
