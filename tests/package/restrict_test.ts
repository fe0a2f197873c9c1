/** lib/package/restrict.ts: a package restricted to some candidates. */
import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { restrictPackage } from "../../lib/package/restrict.ts";
import { smallPackage } from "./_fixture.ts";

Deno.test("restrictPackage() keeps the chosen candidates, their cells and experiences; the rest is unchanged", () => {
  const cp = compilePackage(parsePackage(smallPackage()));
  const rp = restrictPackage(cp, (c) => cp.candIds[c].startsWith("e2."));
  assert.equal(rp.pkg.id, "diet_update#restricted");
  assert.deepEqual(rp.pkg.experiences.map((e) => e.id), ["e2"]);
  assert.deepEqual(rp.pkg.candidates.map((c) => c.id), ["e2.raw", "e2.update", "e2.tomb"]);
  assert.deepEqual(rp.pkg.coverage.map((c) => `${c.candidate}>${c.unit}`), [
    "e2.raw>diet:pesc",
    "e2.raw>diet:inv",
    "e2.update>diet:pesc",
    "e2.update>diet:inv",
    "e2.tomb>diet:inv",
  ]);
  assert.deepEqual(rp.unitIds, cp.unitIds);
  assert.deepEqual([...rp.weights], [...cp.weights]);
  assert.deepEqual(rp.pkg.budgets, [3, 7.5, 20]);
  assert.equal(rp.k, 1);
  assert.equal(rp.groupIds.length, 1);
});

Deno.test("restrictPackage() keeping nothing leaves no experiences, candidates or cells", () => {
  const cp = compilePackage(parsePackage(smallPackage()));
  const rp = restrictPackage(cp, () => false);
  assert.deepEqual([rp.pkg.experiences.length, rp.pkg.candidates.length, rp.pkg.coverage.length], [
    0,
    0,
    0,
  ]);
  assert.equal(rp.unitIds.length, 3);
});
