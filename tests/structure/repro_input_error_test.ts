/** scripts/repro.ts: a notebook that stopped on the user's bad input is reported in one line (exit 2), not by its traceback. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { inputErrorOf } from "../../scripts/repro.ts";
import { withTempDir } from "../_tmp.ts";

const executed = (outputs: unknown[]) => ({
  cells: [
    { cell_type: "markdown", source: ["# 10 · Your own package\n"], outputs: [] },
    {
      cell_type: "code",
      source: ["const x = 1;\n"],
      outputs: [{ output_type: "stream", text: "ok" }],
    },
    { cell_type: "code", source: [], outputs },
  ],
});

Deno.test("inputErrorOf() gives the first line of the InputError a notebook stopped on", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "10_your_own_package.ipynb");
    await Deno.writeTextFile(
      file,
      JSON.stringify(executed([{
        output_type: "error",
        ename: "InputError",
        evalue: "Cannot read /tmp/nosuch.json: (root): expected an existing file\nmore",
        traceback: ["InputError: ...", "    at readTextInput (file:///lib/fs.ts:158:33)"],
      }])),
    );
    assert.equal(
      await inputErrorOf(file),
      "Cannot read /tmp/nosuch.json: (root): expected an existing file",
    );
  });
});

Deno.test("inputErrorOf() is null for another error, no error, or a file that is not an executed notebook", async () => {
  await withTempDir(async (dir) => {
    const other = join(dir, "a.ipynb"), clean = join(dir, "b.ipynb"), junk = join(dir, "c.ipynb");
    await Deno.writeTextFile(
      other,
      JSON.stringify(executed([{ output_type: "error", ename: "ClaimError", evalue: "ratio 3" }])),
    );
    await Deno.writeTextFile(clean, JSON.stringify(executed([])));
    await Deno.writeTextFile(junk, "{ not json");
    assert.equal(await inputErrorOf(other), null);
    assert.equal(await inputErrorOf(clean), null);
    assert.equal(await inputErrorOf(junk), null);
    assert.equal(await inputErrorOf(join(dir, "missing.ipynb")), null);
  });
});
