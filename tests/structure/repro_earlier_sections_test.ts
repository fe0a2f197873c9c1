/** scripts/repro.ts: a partial `./run repro` keeps the notebooks an earlier run left in its folder on the page. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { earlierSections } from "../../scripts/repro.ts";
import { withTempDir } from "../_tmp.ts";

const executed = (outputs: unknown[]) => ({
  cells: [
    { cell_type: "markdown", source: ["# 00 · Quickstart\n", "\n", "The claim."], outputs: [] },
    { cell_type: "code", source: [], outputs },
  ],
});

Deno.test("earlierSections() marks the notebooks an earlier run executed into the folder, failed when a cell errored", async () => {
  await withTempDir(async (out) => {
    await Deno.mkdir(join(out, "notebooks"));
    await Deno.writeTextFile(
      join(out, "notebooks", "00_quickstart.ipynb"),
      JSON.stringify(executed([])),
    );
    await Deno.writeTextFile(
      join(out, "notebooks", "01_package_formulation.ipynb"),
      JSON.stringify(executed([{ output_type: "error", ename: "Error", evalue: "x" }])),
    );
    await Deno.writeTextFile(join(out, "notebooks", "00_quickstart.html"), "<html></html>");
    const got = await earlierSections(out, new Set(["02_exact_optima.ipynb"]));
    assert.deepEqual(
      got.map((s) => [s.notebook, s.ok, s.title.endsWith("(earlier run)"), s.links.html ?? null]),
      [
        ["00_quickstart.ipynb", true, true, "notebooks/00_quickstart.html"],
        ["01_package_formulation.ipynb", false, true, null],
      ],
    );
    // What this run executed is not repeated as an earlier section.
    const ran = await earlierSections(out, new Set(["00_quickstart.ipynb"]));
    assert.deepEqual(ran.map((s) => s.notebook), ["01_package_formulation.ipynb"]);
  });
});

Deno.test("earlierSections() leaves out a file in out/notebooks that is not an executed notebook, whatever its JSON", async () => {
  const bodies = [
    JSON.stringify({ cells: 5 }),
    JSON.stringify({ cells: [null] }),
    JSON.stringify({ cells: [{ outputs: "x" }] }),
    JSON.stringify({ cells: [{ outputs: [null] }] }),
    JSON.stringify({ cells: [{ cell_type: "markdown", source: 5, outputs: [] }] }),
    "[1, 2]",
    '"abc"',
    "null",
    "not JSON {",
    JSON.stringify({
      cells: [{
        outputs: [{ output_type: "stream", name: "stdout", text: "memaudit-checks {bad\n" }],
      }],
    }),
  ];
  for (const body of bodies) {
    await withTempDir(async (out) => {
      await Deno.mkdir(join(out, "notebooks"));
      await Deno.writeTextFile(join(out, "notebooks", "00_quickstart.ipynb"), body);
      await Deno.writeTextFile(
        join(out, "notebooks", "01_package_formulation.ipynb"),
        JSON.stringify(executed([])),
      );
      const got = await earlierSections(out, new Set());
      assert.deepEqual(
        got.map((s) => [s.notebook, s.ok]),
        [["01_package_formulation.ipynb", true]],
        body,
      );
    });
  }
});
