/**
 * The house style of every figure: a colour-blind-safe palette (Okabe and Ito's eight colours),
 * series told apart by dash pattern and point shape as well as colour, and no truncated legend or
 * axis labels. {@linkcode styleSpec} applies it to a Vega-Lite spec before it is compiled.
 *
 * @module
 */
/** A Vega-Lite spec (kept loose: specs are plain JSON). */
// deno-lint-ignore no-explicit-any
export type VegaLiteSpec = Record<string, any>;

/**
 * Okabe and Ito's colour-blind-safe palette ("Color Universal Design", 2008), with grey in place
 * of its yellow (too faint on white for a line or a small point).
 */
export const PALETTE: readonly string[] = [
  "#0072B2", // blue
  "#E69F00", // orange
  "#009E73", // bluish green
  "#D55E00", // vermillion
  "#CC79A7", // reddish purple
  "#56B4E9", // sky blue
  "#000000", // black
  "#999999", // grey (in place of Okabe and Ito's yellow, too faint on white for a line)
];

/** Dash patterns (Vega `strokeDash`, in px), one per series, in palette order. */
export const DASHES: readonly number[][] = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [12, 4],
  [4, 2, 1, 2],
  [1, 4],
  [8, 2, 2, 2, 2, 2],
];

/** Point shapes (Vega symbol names), one per series, in palette order. */
export const SHAPES: readonly string[] = (
  "circle square triangle-up diamond triangle-down cross triangle-right triangle-left"
).split(" ");

/** The Vega-Lite `config` of every figure; a spec's own `config` entries win. */
export const FIGURE_CONFIG: VegaLiteSpec = {
  font: "sans-serif",
  padding: 8,
  range: { category: [...PALETTE] },
  mark: { color: PALETTE[0] },
  legend: { labelLimit: 0, titleLimit: 0, symbolStrokeWidth: 2, symbolSize: 90, symbolOpacity: 1 },
  axis: { labelLimit: 0, titleLimit: 0 },
  title: { anchor: "start", subtitleColor: "#444444" },
  line: { strokeWidth: 2 },
  point: { size: 45 },
};

type Channel = Record<string, unknown>;
type Encoding = Record<string, Channel | undefined>;

function markType(unit: VegaLiteSpec): string | undefined {
  const m = unit.mark;
  return typeof m === "string" ? m : m?.type;
}

/** The nominal colour field a unit shows (its own encoding first, else its parent's). */
function seriesColour(unit: VegaLiteSpec, inherited: Encoding): Channel | undefined {
  const c = (unit.encoding as Encoding | undefined)?.color ?? inherited.color;
  if (!c || typeof c.field !== "string") return undefined;
  return c.type === "nominal" || c.type === "ordinal" ? c : undefined;
}

/** A channel on the colour's field, with its domain, sort, title and legend, over `range`. */
function sameSeries(colour: Channel, range: readonly unknown[]): Channel {
  const scale = colour.scale as { domain?: unknown } | undefined;
  const ch: Channel = { field: colour.field, type: colour.type, scale: { range: [...range] } };
  if (scale?.domain !== undefined) (ch.scale as Channel).domain = scale.domain;
  for (const k of ["sort", "title", "legend"]) if (k in colour) ch[k] = colour[k];
  return ch;
}

function styleUnit(unit: VegaLiteSpec, inherited: Encoding): void {
  const own: Encoding = (unit.encoding as Encoding | undefined) ?? {};
  const all: Encoding = { ...inherited, ...own };
  const colour = seriesColour(unit, inherited);
  const type = markType(unit);
  const points = type === "point" ||
    (type === "line" && typeof unit.mark === "object" && unit.mark.point);
  if (colour && type === "line" && !all.strokeDash) own.strokeDash = sameSeries(colour, DASHES);
  if (colour && points && !all.shape) own.shape = sameSeries(colour, SHAPES);
  if (Object.keys(own).length > 0) unit.encoding = own;
  for (const key of ["layer", "hconcat", "vconcat", "concat"]) {
    for (const child of (unit[key] as VegaLiteSpec[] | undefined) ?? []) styleUnit(child, all);
  }
  // A facet's or repeat's inner spec.
  if (typeof unit.spec === "object" && unit.spec !== null) styleUnit(unit.spec, all);
}

/**
 * The spec in the house style (a new object; `spec` is left as it is): {@linkcode FIGURE_CONFIG}
 * under the spec's own `config`, and every line or point layer whose colour shows a nominal
 * field also gets a dash pattern ({@linkcode DASHES}) and, where it draws points, a shape
 * ({@linkcode SHAPES}) on that field, merged into the colour's legend; a layer that already
 * encodes `strokeDash` or `shape` keeps its own. A subtitle longer than
 * {@linkcode SUBTITLE_CHARS} is wrapped into lines ({@linkcode wrapLine}).
 *
 * @example Two series of a line chart differ by dash and shape too
 * ```ts
 * import assert from "node:assert/strict";
 * import { DASHES, styleSpec } from "./style.ts";
 *
 * const s = styleSpec({
 *   mark: { type: "line", point: true },
 *   encoding: { color: { field: "method", type: "nominal" } },
 * });
 * assert.deepEqual(s.encoding.strokeDash.scale.range, DASHES);
 * assert.equal(s.encoding.shape.field, "method");
 * ```
 *
 * @param spec a Vega-Lite spec (plain JSON)
 * @returns the styled copy
 */
export function styleSpec(spec: VegaLiteSpec): VegaLiteSpec {
  const out = structuredClone(spec);
  styleUnit(out, {});
  const title = out.title;
  if (typeof title === "object" && title !== null && typeof title.subtitle === "string") {
    title.subtitle = wrapLine(title.subtitle, SUBTITLE_CHARS);
  }
  out.config = mergeConfig(FIGURE_CONFIG, out.config ?? {});
  return out;
}

/** Most characters of a subtitle line: a longer subtitle is wrapped, so it cannot widen the figure. */
export const SUBTITLE_CHARS = 80;

/**
 * `text` cut at spaces into lines of at most `width` characters (a longer word stays whole on a
 * line of its own); one line is returned as the string itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapLine } from "./style.ts";
 * assert.deepEqual(wrapLine("one two three", 8), ["one two", "three"]);
 * assert.equal(wrapLine("short", 8), "short");
 * ```
 *
 * @param text one line of text
 * @param width most characters per line (>= 1)
 * @returns the text, or its lines
 */
export function wrapLine(text: string, width: number): string | string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.length === 1 ? lines[0] : lines;
}

function mergeConfig(base: VegaLiteSpec, over: VegaLiteSpec): VegaLiteSpec {
  const out: VegaLiteSpec = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    const plain = (x: unknown) => typeof x === "object" && x !== null && !Array.isArray(x);
    out[k] = plain(b) && plain(v) ? mergeConfig(b, v) : v;
  }
  return out;
}
