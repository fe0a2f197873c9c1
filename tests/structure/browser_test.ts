/**
 * Figures that show outside Jupyter, checked in headless Chromium (Debian's `chromium`):
 * an executed notebook converted to HTML by nbconvert paints every figure, and the report page
 * (out/index.html) loads from disk without errors and paints its figures. Ignored without
 * Chromium, Jupyter's nbclient and nbconvert (`./run test` installs them when root).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { makeFigure } from "../../lib/plot/figure.ts";
import { checksSummariesOf } from "../../lib/report/checks.ts";
import { figuresOf } from "../../lib/report/executed.ts";
import { reportHtml } from "../../lib/repro/page.ts";
import { referencePanels } from "../../lib/repro/reference.ts";
import { tally } from "../../lib/report/tally.ts";
import {
  executeNotebooks,
  findPython,
  listNotebooks,
  notebookToHtml,
} from "../../scripts/repro.ts";
import { findChromium, probePage } from "../report/_chromium.ts";

const chromium = await findChromium();
const python = await findPython(["nbclient", "nbformat", "nbconvert"]);
/** A figure paints at least this many non-white pixels (a blank or stripped one: about none). */
const PAINTED = 2000;

Deno.test({
  name: "an executed notebook converted to HTML by nbconvert paints every figure in Chromium",
  ignore: chromium === null || python === null,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const out = await Deno.makeTempDir({ prefix: "memaudit-html-" });
    try {
      const [nb] = listNotebooks(["01"]);
      const [run] = await executeNotebooks([nb], out);
      assert.ok(run.ok, run.log.split("\n").slice(-20).join("\n"));
      const executed = JSON.parse(await Deno.readTextFile(run.output));
      const pngs = figuresOf(executed);
      assert.ok(pngs.length >= 1, "notebook 01 displays a figure");
      const { html, log } = await notebookToHtml(python!, run.output);
      assert.ok(html, log);
      const page = await probePage(chromium!, html);
      assert.deepEqual(page.errors, []);
      assert.equal(page.figures.length, pngs.length, JSON.stringify(page.figures));
      for (const f of page.figures) assert.ok(f.painted >= PAINTED, JSON.stringify(f));
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name: "the report page loads from disk without errors and paints ours and the paper's figures",
  ignore: chromium === null,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-index-" });
    try {
      const fig = await makeFigure("ours", {
        data: { values: [{ B: 1, r: 0.2 }, { B: 2, r: 0.7 }, { B: 4, r: 1 }] },
        mark: { type: "line", point: true },
        encoding: {
          x: { field: "B", type: "quantitative" },
          y: { field: "r", type: "quantitative" },
        },
      });
      const bundle = (fig as unknown as Record<symbol, () => Record<string, string>>)[
        Symbol.for("Jupyter.display")
      ]();
      // A check's detail as notebook 07 prints it: long JSON without a space to break at.
      const detail = JSON.stringify(
        Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`cell_${i}`, i / 7])),
      );
      const line = `memaudit-checks ${
        JSON.stringify({
          passed: 1,
          failed: 0,
          skipped: [],
          checks: [{ claim: "every cell matches", status: "passed", detail }],
        })
      }\n`;
      const executed = {
        cells: [{
          outputs: [{ output_type: "display_data", data: bundle }, {
            output_type: "stream",
            text: line,
          }],
        }],
      };
      const section = {
        notebook: "03_exact_budget_sweep.ipynb",
        title: "03 · Sweep",
        claim: "ratios rise with the budget",
        ok: true,
        figures: figuresOf(executed),
        reference: await referencePanels("03_exact_budget_sweep.ipynb"),
        summaries: checksSummariesOf(executed),
        links: { html: "notebooks/03.html", ipynb: "notebooks/03.ipynb" },
      };
      const index = join(dir, "index.html");
      await Deno.writeTextFile(index, reportHtml([section], tally([section]), "test page"));
      const page = await probePage(chromium!, index);
      assert.deepEqual(page.errors, []);
      assert.equal(page.figures.length, 2, JSON.stringify(page.figures)); // ours + paper's Figure 2
      assert.equal(page.sideways, false, "a long check detail widens the page");
      for (const f of page.figures) assert.ok(f.painted >= PAINTED, JSON.stringify(f));
      // The probe can fail: a page with a missing image reports it and paints nothing there.
      const broken = join(dir, "broken.html");
      await Deno.writeTextFile(
        broken,
        '<!DOCTYPE html><html><head></head><body><img src="nope.png" width="100" height="100"></body></html>',
      );
      const bad = await probePage(chromium!, broken);
      assert.ok(bad.errors.some((e) => e.includes("nope.png")), JSON.stringify(bad));
      assert.ok(bad.figures.every((f) => f.painted < PAINTED), JSON.stringify(bad));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
