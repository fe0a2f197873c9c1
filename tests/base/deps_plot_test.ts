/**
 * lib/base/deps_plot.ts: the pinned plotting packages work together: vega-lite compiles, vega
 * renders SVG headless, resvg draws it to PNG with pdfmake's Roboto.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { Resvg, robotoFontFiles, vega, vegaLite } from "../../lib/base/deps_plot.ts";

Deno.test("vegaLite.compile() and vega.View.toSVG() render a 40 x 30 bar chart headless", async () => {
  const spec = {
    width: 40,
    height: 30,
    padding: 0,
    autosize: { type: "none" as const },
    data: { values: [{ a: "x", b: 1 }, { a: "y", b: 2 }] },
    mark: "bar" as const,
    encoding: {
      x: { field: "a", type: "nominal" as const, axis: null },
      y: { field: "b", type: "quantitative" as const, axis: null },
    },
  };
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  assert.match(svg, /^<svg [^>]*width="40" height="30"/);
  // Two bars: the heights are 15 and 30 pixels (b = 1 and 2 on a 0..2 scale over 30 pixels).
  assert.match(svg, /<path [^>]*d="M\S*h\S*v15h/);
  assert.match(svg, /<path [^>]*d="M\S*h\S*v30h/);
});

Deno.test("Resvg draws an SVG to a PNG of its size; pdfmake ships the Roboto faces", async () => {
  const files = robotoFontFiles as unknown as Record<string, string>;
  for (const f of ["Roboto-Regular.ttf", "Roboto-Medium.ttf", "Roboto-Italic.ttf"]) {
    const ttf = Buffer.from(files[f], "base64");
    assert.deepEqual([...ttf.subarray(0, 4)], [0, 1, 0, 0], `${f} is a TrueType file`);
  }
  const R = Resvg as unknown as {
    async(
      svg: string,
      o: Record<string, unknown>,
    ): Promise<{ render(): { asPng(): Uint8Array; width: number; height: number } }>;
  };
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"><rect width="12" height="8" fill="red"/></svg>';
  const img = (await R.async(svg, {})).render();
  assert.deepEqual([img.width, img.height], [12, 8]);
  // The PNG signature: 0x89 'P' 'N' 'G' CR LF SUB LF.
  assert.deepEqual([...img.asPng().subarray(0, 8)], [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
  ]);
});
