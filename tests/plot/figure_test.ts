import assert from "node:assert/strict";
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

Deno.test("makeFigure() renders SVG and shows Vega-Lite, SVG and a text line", async () => {
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
  assert.deepEqual(Object.keys(bundle).sort(), [VEGALITE_MIME, "image/svg+xml", "text/plain"]);
  assert.equal(bundle[VEGALITE_MIME], fig.spec);
  assert.equal(bundle["image/svg+xml"], fig.svg);
  assert.equal(bundle["text/plain"], "Figure figure_test");
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
  assert.equal(fig.spec.data.values, values);
});

Deno.test("Figure.save() writes the SVG and the spec under MEMAUDIT_OUT/figures", async () => {
  const dir = await Deno.makeTempDir();
  const prev = Deno.env.get("MEMAUDIT_OUT");
  Deno.env.set("MEMAUDIT_OUT", dir);
  try {
    const fig = await makeFigure("saved", { mark: "bar", data: { values: [{ a: 1 }] } });
    await fig.save();
    assert.equal(await Deno.readTextFile(`${dir}/figures/saved.svg`), fig.svg);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/figures/saved.vl.json`)), fig.spec);
  } finally {
    if (prev === undefined) Deno.env.delete("MEMAUDIT_OUT");
    else Deno.env.set("MEMAUDIT_OUT", prev);
    await Deno.remove(dir, { recursive: true });
  }
});
