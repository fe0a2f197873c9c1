/** The teaching notebooks' structure: no outputs, exercises with an edit and an answer cell, the
 * paper checks in the last cell only, and 02's lab-mode parameters cell. */
import assert from "node:assert/strict";

interface Cell {
  cell_type: string;
  id: string;
  source: string[];
  outputs?: unknown[];
  execution_count?: number | null;
  metadata: { tags?: string[] };
}
const read = (name: string): Cell[] =>
  JSON.parse(Deno.readTextFileSync(`notebooks/${name}.ipynb`)).cells;
const text = (c: Cell) => c.source.join("");

for (const name of ["00_quickstart", "01_package_formulation", "02_exact_optima"]) {
  Deno.test(`${name}: committed without outputs, checks only in its last cell`, () => {
    const cells = read(name);
    for (const c of cells.filter((c) => c.cell_type === "code")) {
      assert.deepEqual(c.outputs, [], c.id);
      assert.equal(c.execution_count, null, c.id);
    }
    const asserting = cells.filter((c) => text(c).includes("assertAll()"));
    assert.deepEqual(asserting.map((c) => c.id), [cells[cells.length - 1].id]);
  });
}

for (const name of ["01_package_formulation", "02_exact_optima"]) {
  Deno.test(`${name}: every exercise has an edit cell, then an answer cell that answers`, () => {
    const cells = read(name);
    const edits = cells.map((c, i) => [c, i] as const).filter(([c]) => c.id.endsWith("-edit"));
    assert.ok(edits.length >= 2, name);
    for (const [c, i] of edits) {
      assert.match(text(c), /^const \w+ = [^;]+; \/\/ edit: /, c.id);
      const answer = cells[i + 1];
      assert.equal(answer.id, c.id.replace(/-edit$/, "-answer"));
      assert.match(text(answer), /new Answer\(/);
      assert.doesNotMatch(text(answer), /throw |assertAll/);
    }
  });
}

Deno.test("01: the closing checks skip the paper's numbers when the package was edited", () => {
  const last = read("01_package_formulation").at(-1)!;
  assert.match(text(last), /editedReason\(packageHash\(pkg\), packageHash\(paperPkg\)\)/);
  assert.match(text(last), /checks\.skip\(claim, edited\)/);
});

Deno.test("02: a parameters cell turns the lab mode on from MEMAUDIT_QUICK", () => {
  const params = read("02_exact_optima").filter((c) => c.metadata.tags?.includes("parameters"));
  assert.equal(params.length, 1);
  assert.match(text(params[0]), /const QUICK = quickMode\(\);/);
});
