/** lib/report/executed.ts: the heading, claim and figures of an executed notebook. */
import assert from "node:assert/strict";
import { figuresOf, headingOf } from "../../lib/report/executed.ts";

Deno.test("headingOf() takes the first Markdown cell's # heading and its first paragraph as plain text", () => {
  const nb = {
    cells: [
      { cell_type: "code", source: "# not a heading" },
      {
        cell_type: "markdown",
        source: [
          "## Section\n",
          "# 03 · Sweep\n",
          "\n",
          "**Claim:** see [the `ratio`](x.md)\n",
          "  rises.\n",
          "\n",
          "More.",
        ],
      },
      { cell_type: "markdown", source: "# Later" },
    ],
  };
  assert.deepEqual(headingOf(nb, "03.ipynb"), {
    title: "03 · Sweep",
    claim: "Claim: see the ratio rises.",
  });
});

Deno.test("headingOf() falls back to the given title and an empty claim", () => {
  assert.deepEqual(headingOf({ cells: [] }, "x.ipynb"), { title: "x.ipynb", claim: "" });
  assert.deepEqual(headingOf(null, "x.ipynb"), { title: "x.ipynb", claim: "" });
  assert.deepEqual(headingOf({ cells: [{ cell_type: "markdown", source: "Just text." }] }, "f"), {
    title: "f",
    claim: "Just text.",
  });
});

Deno.test("figuresOf() returns every PNG output in cell order, whitespace removed, with its text line", () => {
  const nb = {
    cells: [
      { cell_type: "markdown", source: "# T" },
      {
        cell_type: "code",
        outputs: [
          { data: { "text/plain": "no figure" } },
          { data: { "image/png": ["iVBO\n", "Rw0K\n"], "text/plain": ["Figure ", "1"] } },
        ],
      },
      { cell_type: "code", outputs: [{ data: { "image/png": "AAAA" } }] },
    ],
  };
  assert.deepEqual(figuresOf(nb), [{ png: "iVBORw0K", label: "Figure 1" }, {
    png: "AAAA",
    label: "",
  }]);
  assert.deepEqual(figuresOf({}), []);
});
