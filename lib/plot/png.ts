/**
 * PNG from SVG with resvg (its WebAssembly build, through @cf-wasm/resvg, which ships the
 * module inline so no file needs locating) and the Roboto font that pdfmake ships as data
 * (resvg draws text only with fonts it is given; SVG's `sans-serif` maps to Roboto). Same SVG,
 * same bytes: no system font is read.
 *
 * @module
 */
import { Buffer } from "node:buffer";

/** Pixels per SVG pixel in the PNG (2: sharp on high-density screens and in print). */
export const PNG_ZOOM = 2;

type ResvgClass = {
  async(svg: string, options: Record<string, unknown>): Promise<{
    render(): { asPng(): Uint8Array; width: number; height: number };
  }>;
};

let loaded: Promise<{ Resvg: ResvgClass; fonts: Uint8Array[] }> | undefined;

function load(): Promise<{ Resvg: ResvgClass; fonts: Uint8Array[] }> {
  loaded ??= (async () => {
    const deps = await import("../base/deps_plot.ts");
    const files = deps.robotoFontFiles as unknown as Record<string, string>;
    const fonts = ["Roboto-Regular.ttf", "Roboto-Medium.ttf", "Roboto-Italic.ttf"]
      .map((f) => new Uint8Array(Buffer.from(files[f], "base64")));
    return { Resvg: deps.Resvg as unknown as ResvgClass, fonts };
  })();
  return loaded;
}

/**
 * Stand-ins for characters the Roboto font lacks (resvg would draw an empty box): arrows, set
 * and logic symbols, ceiling and floor brackets and check marks that figure text may use,
 * spelled with characters Roboto has (written into the SVG escaped). Other characters Roboto
 * lacks (CJK, emoji, ⟦ ⟧) still draw as boxes in the PNG; the SVG keeps every character.
 */
export const GLYPH_STAND_INS: Readonly<Record<string, string>> = {
  "→": "->",
  "←": "<-",
  "↔": "<->",
  "⇒": "=>",
  "∅": "{}",
  "∈": " in ",
  "∉": " not in ",
  "⊆": " subset of ",
  "∪": " U ",
  "∩": " cap ",
  "∧": " and ",
  "∋": " contains ",
  "⊂": " subset of ",
  "⌈": "ceil(",
  "⌉": ")",
  "⌊": "floor(",
  "⌋": ")",
  "✓": "yes",
  "✗": "no",
};

/** A stand-in as SVG text: `<-` would end the text node and make the SVG unreadable. */
const svgText = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

const MISSING_GLYPHS = new RegExp(`[${Object.keys(GLYPH_STAND_INS).join("")}]`, "gu");

/**
 * Renders an SVG document to PNG on a white background at {@linkcode PNG_ZOOM} times its size,
 * with {@linkcode GLYPH_STAND_INS} for the characters the font lacks.
 *
 * @example A red square
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPng } from "./png.ts";
 *
 * const png = await renderPng(
 *   '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>',
 * );
 * assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
 * ```
 *
 * @param svg the SVG text (with `width` and `height`)
 * @returns the PNG file's bytes
 * @throws {Error} if resvg cannot parse the SVG
 */
export async function renderPng(svg: string): Promise<Uint8Array> {
  const { Resvg, fonts } = await load();
  const r = await Resvg.async(svg.replace(MISSING_GLYPHS, (c) => svgText(GLYPH_STAND_INS[c])), {
    background: "white",
    fitTo: { mode: "zoom", value: PNG_ZOOM },
    font: {
      fontBuffers: fonts,
      defaultFontFamily: "Roboto",
      sansSerifFamily: "Roboto",
      serifFamily: "Roboto",
      monospaceFamily: "Roboto",
    },
  });
  return r.render().asPng();
}
