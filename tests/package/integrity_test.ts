/**
 * compiledIntegrity (issue 18 point 1, issue 20): a compiled package changed after compilation is
 * refused by the solvers, whatever part changed: a number of the one buffer (a cost, a group
 * member, a coverage value), the buffer itself (detached), or an entry of its arrays (a coverage
 * row, an id, h), which are writable.
 */
import assert from "node:assert/strict";
import { compiledIntegrity, compilePackage } from "../../lib/package/compile.ts";
import { readPackageJson } from "../../lib/package/json_io.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";

const EXAMPLE = new URL("../../data/examples/vegetarian_pescatarian.json", import.meta.url);
const fresh = async () => compilePackage(await readPackageJson(EXAMPLE.pathname));

/** Each change, made on a fresh compiled package, and the sentence compiledIntegrity gives. */
const CHANGES: [string, (cp: Awaited<ReturnType<typeof fresh>>) => void, string][] = [
  ["a weight", (cp) => (cp.weights[0] += 1), "its unit weights were changed"],
  ["a cost", (cp) => (cp.cost[cp.cost.length - 1] = 0), "its candidate costs were changed"],
  [
    "a -0 for a 0 cost",
    (cp) => (cp.cost[0] = cp.cost[0] === 0 ? -0 : 0),
    "its candidate costs were changed",
  ],
  ["a group member", (cp) => cp.groups[0].reverse(), "its groups were changed"],
  ["a coverage value", (cp) => (cp.rowVals[0][0] /= 2), "its coverage values were changed"],
  ["a coverage unit", (cp) => (cp.rowUnits[0][0] += 1), "its coverage values were changed"],
  [
    "the buffer, detached",
    (cp) => void (cp.cost.buffer as ArrayBuffer).transfer(),
    "its unit weights were changed",
  ],
  [
    "a coverage row replaced",
    (cp) => ((cp.rowVals as Float64Array[])[0] = Float64Array.from(cp.rowVals[0], (v) => v / 2)),
    "its coverage values were changed",
  ],
  [
    "an h added",
    (cp) => (cp.segments as unknown[]).push(null),
    "its unit functions h were changed",
  ],
  [
    "a candidate id",
    (cp) => ((cp.candIds as string[])[0] = "other"),
    "its candidate ids were changed",
  ],
  ["a group id", (cp) => (cp.groupIds as string[]).reverse(), "its groups were changed"],
];

Deno.test("compiledIntegrity() is null on a compiled package as made, and solveBnb accepts it", async () => {
  const cp = await fresh();
  assert.equal(compiledIntegrity(cp), null);
  assert.equal(solveBnb(cp, 8).objective, 3);
  assert.equal(compiledIntegrity(cp), null);
});

for (const [what, change, sentence] of CHANGES) {
  Deno.test(`compiledIntegrity() names ${what} changed after compilation, and solveBnb refuses it`, async () => {
    const cp = await fresh();
    change(cp);
    assert.equal(compiledIntegrity(cp), sentence);
    // A detached buffer stops the search itself (reading it throws): no certificate either way.
    const detached = cp.cost.length === 0;
    assert.throws(
      () => solveBnb(cp, 8),
      (e) => e instanceof TypeError && (detached || e.message.includes(sentence)),
    );
  });
}

Deno.test("compiledIntegrity() refuses a copy of a compiled package", async () => {
  const cp = await fresh();
  assert.match(compiledIntegrity({ ...cp })!, /not made by compilePackage/);
});
