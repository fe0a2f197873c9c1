/** lib/adjudicate/cells.ts: the coverage grid, its files for annotators, and label agreement. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";
import { coverageAgreement, coverageGrid, writeCoverageCells } from "../../lib/adjudicate/cells.ts";
import { ImportedAdjudicator, loadImportedCoverage } from "../../lib/adjudicate/imported.ts";
import { relabelPackage } from "../../lib/adjudicate/relabel.ts";
import { withTempDir } from "../_tmp.ts";
import { tinyPackage } from "./_pkg.ts";

const K1 = coverageCellKey("Ann adopted a cat named Tom.", "Ann: I adopted a cat named Tom.");

Deno.test("coverageGrid() lists every cell once, zeros included; writeCoverageCells() round-trips", async () => {
  const pkg = tinyPackage();
  const twin = { ...tinyPackage(), id: "twin" };
  const grid = coverageGrid([pkg, twin], (c) => c.kind === "fact");
  assert.deepEqual(grid.map((c) => [c.package, c.candidate, c.unit, c.value, c.provenance]), [
    ["tiny", "c1", "u1", 1, "source"],
    ["tiny", "c1", "u2", 0, "none"],
    ["tiny", "c3", "u1", 0, "none"],
    ["tiny", "c3", "u2", 0, "none"],
  ]);
  assert.equal(grid[0].key, K1);
  const dir = await Deno.makeTempDir();
  try {
    for (const ext of ["csv", "jsonl"]) {
      await writeCoverageCells(`${dir}/cells.${ext}`, grid);
      const labels = await loadImportedCoverage(`${dir}/cells.${ext}`);
      assert.equal(labels.size, 4);
      const imp = new ImportedAdjudicator("roundtrip", labels);
      const back = relabelPackage(pkg, (c, u) => {
        const cell = imp.lookup(c.text!, u.text!);
        return cell && { value: cell.value, provenance: imp.name };
      }, (c) => c.kind === "fact");
      assert.deepEqual(back.coverage, [
        { candidate: "c1", unit: "u1", value: 1, provenance: "imported:roundtrip" },
      ]);
    }
    await assert.rejects(() => writeCoverageCells(`${dir}/cells.txt`, grid), RangeError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeCoverageCells() writes the key and value columns first, CSV-quoted", async () => {
  await withTempDir(async (dir) => {
    const pkg = tinyPackage();
    pkg.candidates[0].text = 'Ann, "Tom"';
    const [cell] = coverageGrid([pkg], (c) => c.id === "c1");
    await writeCoverageCells(join(dir, "c.csv"), [cell]);
    const [header, row] = (await Deno.readTextFile(join(dir, "c.csv"))).split("\n");
    assert.equal(
      header,
      "key,value,provenance,package,candidate,unit,representation,memory,unit_text",
    );
    assert.equal(
      row,
      `${cell.key},1,source,tiny,c1,u1,fact,"Ann, ""Tom""",Ann: I adopted a cat named Tom.`,
    );
    await writeCoverageCells(join(dir, "c.jsonl"), [cell]);
    const line = JSON.parse((await Deno.readTextFile(join(dir, "c.jsonl"))).trim());
    assert.deepEqual(Object.keys(line).slice(0, 2), ["key", "value"]);
    assert.equal(line.memory, 'Ann, "Tom"');
  });
});

Deno.test("coverageAgreement() compares two labelings on covered/not and on three grades", () => {
  const a = [1, 1, 0, 0, 0.5, 0];
  const b = [1, 0.5, 0, 1, 0, 0];
  const r = coverageAgreement(a, b);
  assert.deepEqual(r.binary.confusion.counts, [[2, 1], [1, 2]]);
  assert.equal(r.binary.percent, 4 / 6);
  assert.equal(r.binary.kappa, (4 / 6 - 0.5) / 0.5);
  assert.deepEqual(r.graded.confusion.categories, [0, 0.5, 1]);
  assert.equal(r.graded.percent, 3 / 6);
});

Deno.test("coverageAgreement() grades 0.3 as partial and 0.8 as full; different lengths are a RangeError", () => {
  const r = coverageAgreement([0.3, 0.8, 0.2], [0.5, 1, 0]);
  assert.equal(r.graded.percent, 1);
  assert.equal(r.binary.percent, 2 / 3);
  assert.throws(() => coverageAgreement([1], [1, 0]), RangeError);
});
