import assert from "node:assert/strict";
import { coverageGrid } from "../../lib/adjudicate/cells.ts";
import { ImportedAdjudicator } from "../../lib/adjudicate/imported.ts";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";
import { relabelPackage } from "../../lib/adjudicate/relabel.ts";
import { locomoSlices } from "../../lib/natural/locomo_slices.ts";
import {
  agreementRow,
  certifyAll,
  conversionTallies,
  importedLabeler,
  lexicalGridLabels,
  sameCoverage,
  tally,
  tallyText,
} from "../../lib/natural/notebook_tallies.ts";
import { qaItem, smallSample } from "./_sample.ts";

const sample = smallSample([qaItem(["D1:1"]), qaItem(["D2:1"])]);
const packages = locomoSlices([sample]).packages;

Deno.test("tally() counts values with keys sorted; tallyText() prints them", () => {
  const t = tally(["b", "a", "b", "c", "b"]);
  assert.deepEqual(Object.entries(t), [["a", 1], ["b", 3], ["c", 1]]);
  assert.equal(tallyText(t), "a 1, b 3, c 1");
});

Deno.test("conversionTallies() counts candidates per representation and cells per provenance", () => {
  const t = conversionTallies(packages);
  const reps = packages.flatMap((p) => p.candidates).length;
  assert.equal(Object.values(t.representations).reduce((a, b) => a + b, 0), reps);
  assert.deepEqual(Object.keys(t.representations), ["atomic_fact", "raw_span"]);
  assert.equal(
    Object.values(t.provenance).reduce((a, b) => a + b, 0),
    packages.flatMap((p) => p.coverage).length,
  );
});

Deno.test("certifyAll() certifies each package at each budget", () => {
  const certs = certifyAll(packages, [5, 30]);
  assert.equal(certs.length, packages.length);
  assert.ok(certs.flat().every((c) => c.status === "optimal" && c.gap === 0));
  assert.deepEqual(certs.map((r) => r.length), packages.map(() => 2));
});

Deno.test("agreementRow() gives agreement statistics and confusion counts", () => {
  const r = agreementRow("x", [1, 1, 0, 0, 0.5], [1, 0, 0, 1, 0.5]);
  assert.equal(r.labelings, "x");
  assert.equal(r.cells, 5);
  assert.deepEqual([r["both covered"], r["A only"], r["B only"], r.neither], [2, 1, 1, 1]);
  assert.equal(r["% agreement"], 3 / 5);
  const same = agreementRow("y", [1, 0, 0.5], [1, 0, 0.5]);
  assert.equal(same["κ (binary)"], 1);
  assert.equal(same["κ (graded)"], 1);
});

Deno.test("lexicalGridLabels() scores grid cells with their conversation's lexical adjudicator", () => {
  const grid = coverageGrid(packages);
  const labels = lexicalGridLabels(grid, packages, [sample]);
  assert.equal(labels.length, grid.length);
  assert.ok(labels.every((v) => v === 0 || v === 0.5 || v === 1));
  // The observation "Ann adopted a cat named Tom." covers the turn it cites.
  const i = grid.findIndex((c) =>
    c.memory === "Ann adopted a cat named Tom." && c.unit_text.includes("adopted a cat")
  );
  assert.ok(i >= 0);
  assert.equal(labels[i], 1);
  assert.throws(() => lexicalGridLabels(grid, packages, []), RangeError);
});

Deno.test("importedLabeler() relabels from an imported labeling; sameCoverage() compares rows", () => {
  const pkg = packages[0];
  const cells = coverageGrid([pkg]);
  const labels = new Map(
    cells.map((c) => [coverageCellKey(c.memory, c.unit_text), { value: c.value }]),
  );
  const imp = new ImportedAdjudicator("rt", labels);
  const back = relabelPackage(pkg, importedLabeler(imp));
  assert.ok(sameCoverage(back.coverage, pkg.coverage));
  assert.equal(imp.misses, 0);
  assert.ok(imp.hits > 0);
  assert.ok(!sameCoverage(back.coverage.slice(1), pkg.coverage));
});
