import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG_ZOOM, renderPng } from "../../lib/plot/png.ts";
import { DASHES, PALETTE, SHAPES, styleSpec } from "../../lib/plot/style.ts";
import {
  Figure,
  makeFigure,
  VEGALITE_MIME,
  VEGALITE_SCHEMA,
  VEGALITE_VERSION,
} from "../../lib/plot/figure.ts";

Deno.test("VEGALITE_MIME and VEGALITE_SCHEMA derive from the one VEGALITE_VERSION (v5)", () => {
  assert.equal(VEGALITE_VERSION, 5);
  assert.equal(VEGALITE_MIME, "application/vnd.vegalite.v5+json");
  assert.equal(VEGALITE_SCHEMA, "https://vega.github.io/schema/vega-lite/v5.json");
});

Deno.test("makeFigure() renders SVG and PNG and shows Vega-Lite, PNG and a text line", async () => {
  const fig = await makeFigure("figure_test", {
    data: { values: [{ b: 1, r: 0.25 }, { b: 2, r: 0.5 }, { b: 4, r: 1 }] },
    mark: "point",
    encoding: {
      x: { field: "b", type: "quantitative" },
      y: { field: "r", type: "quantitative" },
    },
  });
  assert.ok(fig instanceof Figure);
  assert.equal(fig.spec.$schema, VEGALITE_SCHEMA);
  assert.equal(fig.spec.mark, "point");
  assert.ok(fig.svg.startsWith("<svg"), fig.svg.slice(0, 60));
  // one symbol mark holding the three data points, each labelled with its values
  assert.equal(fig.svg.match(/class="mark-symbol role-mark/g)?.length, 1);
  assert.deepEqual(fig.svg.match(/aria-label="b: [^"]*" role="graphics-symbol"/g), [
    'aria-label="b: 1; r: 0.25" role="graphics-symbol"',
    'aria-label="b: 2; r: 0.5" role="graphics-symbol"',
    'aria-label="b: 4; r: 1" role="graphics-symbol"',
  ]);
  const display = fig as unknown as Record<symbol, () => Record<string, unknown>>;
  const bundle = display[Symbol.for("Jupyter.display")]();
  // No image/svg+xml: nbconvert 6.5 would pick it over the PNG and strip it to nothing.
  assert.deepEqual(Object.keys(bundle).sort(), [VEGALITE_MIME, "image/png", "text/plain"]);
  assert.equal(bundle[VEGALITE_MIME], fig.spec);
  assert.deepEqual(new Uint8Array(Buffer.from(bundle["image/png"] as string, "base64")), fig.png);
  assert.equal(bundle["text/plain"], "Figure figure_test");
  // The PNG is the SVG at twice its size: "\x89PNG", then the IHDR width and height.
  const view = new DataView(fig.png.buffer, fig.png.byteOffset);
  assert.deepEqual([...fig.png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  const svgW = Number(fig.svg.match(/^<svg[^>]* width="(\d+)"/)![1]);
  const svgH = Number(fig.svg.match(/^<svg[^>]* height="(\d+)"/)![1]);
  assert.deepEqual([view.getUint32(16), view.getUint32(20)], [svgW * PNG_ZOOM, svgH * PNG_ZOOM]);
});

Deno.test("makeFigure() leaves the caller's spec and data objects as they were", async () => {
  const values = [{ a: 1 }, { a: 2 }];
  const spec = {
    mark: "bar",
    data: { values },
    encoding: { y: { field: "a", type: "quantitative" } },
  };
  const before = structuredClone(spec);
  const fig = await makeFigure("t", spec);
  assert.deepEqual(spec, before); // vega tags ingested objects; makeFigure compiles a copy
  assert.deepEqual(Object.getOwnPropertySymbols(values[0]), []);
  assert.deepEqual(fig.spec.data.values, values);
});

Deno.test("Figure.save(root) writes the SVG, the PNG and the spec under root/figures", async () => {
  // The root is given, not set through $MEMAUDIT_OUT: test files run side by side in one process.
  const dir = await Deno.makeTempDir();
  try {
    const fig = await makeFigure("saved", { mark: "bar", data: { values: [{ a: 1 }] } });
    await fig.save(dir);
    assert.equal(await Deno.readTextFile(`${dir}/figures/saved.svg`), fig.svg);
    assert.deepEqual(await Deno.readFile(`${dir}/figures/saved.png`), fig.png);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/figures/saved.vl.json`)), fig.spec);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("renderPng() draws the SVG's pixels: the same SVG gives the same bytes, another SVG others", async () => {
  const square = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${fill}"/></svg>`;
  const red = await renderPng(square("red"));
  assert.deepEqual(await renderPng(square("red")), red);
  assert.notDeepEqual(await renderPng(square("blue")), red);
  const view = new DataView(red.buffer, red.byteOffset);
  assert.deepEqual([view.getUint32(16), view.getUint32(20)], [10 * PNG_ZOOM, 10 * PNG_ZOOM]);
});

Deno.test("styleSpec() tells series apart by dash and shape, keeps a layer's own, and merges config", () => {
  const s = styleSpec({
    encoding: {
      color: { field: "m", type: "nominal", scale: { domain: ["a", "b"] }, title: null },
    },
    layer: [
      { mark: { type: "area", opacity: 0.2 } },
      { mark: { type: "line", point: true } },
      { mark: "line", encoding: { strokeDash: { value: [4, 4] } } },
    ],
    config: { legend: { orient: "bottom" } },
  });
  assert.equal(s.layer[0].encoding, undefined); // bands get no dash or shape
  assert.deepEqual(s.layer[1].encoding.strokeDash, {
    field: "m",
    type: "nominal",
    scale: { range: DASHES, domain: ["a", "b"] },
    title: null,
  });
  assert.deepEqual(s.layer[1].encoding.shape.scale.range, SHAPES);
  assert.deepEqual(s.layer[2].encoding.strokeDash, { value: [4, 4] });
  assert.deepEqual(s.config.range.category, PALETTE);
  assert.equal(s.config.legend.orient, "bottom");
  assert.equal(s.config.legend.labelLimit, 0); // no truncated legend labels
  // inside a facet too
  const f = styleSpec({
    facet: { field: "s" },
    spec: { mark: "line", encoding: { color: { field: "m", type: "nominal" } } },
  });
  assert.equal(f.spec.encoding.strokeDash.field, "m");
  // a quantitative colour (a heatmap) gets neither
  const h = styleSpec({ mark: "rect", encoding: { color: { field: "r", type: "quantitative" } } });
  assert.deepEqual(Object.keys(h.encoding), ["color"]);
});

Deno.test("a two-series line figure draws its two dash patterns and two point shapes", async () => {
  const fig = await makeFigure("two", {
    data: {
      values: [{ m: "a", x: 1, y: 1 }, { m: "a", x: 2, y: 2 }, { m: "b", x: 1, y: 2 }, {
        m: "b",
        x: 2,
        y: 1,
      }],
    },
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "x", type: "quantitative" },
      y: { field: "y", type: "quantitative" },
      color: { field: "m", type: "nominal" },
    },
  });
  assert.ok(
    fig.svg.includes(`stroke="${PALETTE[0]}"`) && fig.svg.includes(`stroke="${PALETTE[1]}"`),
  );
  assert.ok(fig.svg.includes(`stroke-dasharray="${DASHES[1].join(",")}"`), "second series dashed");
  assert.equal(fig.svg.match(/class="mark-group role-legend"/g)?.length, 1, "one merged legend");
});
