/** PNG rendering on awkward figures: arrows whose stand-ins hold "<", glyphs Roboto lacks, no data. */
import assert from "node:assert/strict";
import { makeFigure } from "../../lib/plot/figure.ts";
import { GLYPH_STAND_INS, PNG_ZOOM, renderPng } from "../../lib/plot/png.ts";

const textSvg = (t: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><text x="5" y="20" ` +
  `font-family="sans-serif" font-size="16">${t}</text></svg>`;
const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
/** PNG width and height from the IHDR chunk. */
const size = (png: Uint8Array) => {
  const v = new DataView(png.buffer, png.byteOffset);
  return [v.getUint32(16), v.getUint32(20)];
};

Deno.test("renderPng(): a title with ← or ↔ renders (the stand-in '<-' was written into the SVG unescaped)", async () => {
  const fig = await makeFigure("arrows", {
    title: "B ← 2, s ↔ t, |X ∩ G| ≤ 1 ✓",
    data: { values: [{ B: 1, r: 0.5 }, { B: 2, r: 1 }] },
    mark: "line",
    encoding: { x: { field: "B", type: "quantitative" }, y: { field: "r", type: "quantitative" } },
  });
  assert.ok(fig.svg.includes("B ← 2, s ↔ t"));
  assert.equal(fig.png[1], 0x50);
  // Each stand-in is drawn as its text: the same pixels as writing the stand-in itself.
  for (const [c, s] of Object.entries(GLYPH_STAND_INS)) {
    const esc = s.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
    assert.ok(same(await renderPng(textSvg(c)), await renderPng(textSvg(esc))), c);
  }
});

Deno.test("renderPng(): every stand-in is drawn with glyphs (none as the font's empty box)", async () => {
  const box = await renderPng(textSvg("\u{E000}"));
  for (const c of [..."∩∧∋⊂⌈⌉⌊⌋✓✗←↔"]) {
    assert.ok(!same(await renderPng(textSvg(c)), box), c);
  }
});

Deno.test("makeFigure(): an empty dataset gives axes only, a PNG at PNG_ZOOM times the SVG's size", async () => {
  const fig = await makeFigure("empty", {
    data: { values: [] },
    mark: "line",
    encoding: { x: { field: "B", type: "quantitative" }, y: { field: "r", type: "quantitative" } },
  });
  const w = Number(/^<svg[^>]* width="(\d+)"/.exec(fig.svg)![1]);
  const h = Number(/^<svg[^>]* height="(\d+)"/.exec(fig.svg)![1]);
  assert.deepEqual(size(fig.png), [w * PNG_ZOOM, h * PNG_ZOOM]);
  assert.doesNotMatch(fig.svg, /<path[^>]*aria-roledescription="line mark"[^>]* d="M/);
});
