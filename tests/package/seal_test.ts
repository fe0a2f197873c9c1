/**
 * compiledIntegrity (issue 18 point 1, issue 20): a compiled package changed after compilation is
 * refused by the solvers, whatever part changed: a number of the one buffer (a cost, a group
 * member, a coverage value), the buffer itself (detached), or an entry of its arrays (a coverage
 * row, an id, h), which are writable.
 */
import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { compiledIntegrity } from "../../lib/package/seal.ts";
import { readPackageJson } from "../../lib/package/json_io.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { scoreStore } from "../../lib/score/ratio.ts";

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

/**
 * Changes compiledIntegrity cannot see in the numbers or the entries (an own `length` or another
 * prototype on a typed array, an edited id index): each must be impossible, or leave scoreStore's
 * answer as it was before the change.
 */
const HIDDEN: [
  string,
  (cp: Awaited<ReturnType<typeof fresh>>, store: readonly string[]) => void,
][] = [
  [
    "an own length 0 on every coverage row",
    (cp) => cp.rowUnits.forEach((r) => Object.defineProperty(r, "length", { value: 0 })),
  ],
  [
    "an own length 0 on the weights",
    (cp) => Object.defineProperty(cp.weights, "length", { value: 0 }),
  ],
  [
    "a prototype whose length is 0 on every coverage row",
    (cp) =>
      cp.rowUnits.forEach((r) =>
        Object.setPrototypeOf(r, {
          __proto__: Int32Array.prototype,
          get length() {
            return 0;
          },
        })
      ),
  ],
  [
    "the id index pointing a stored id at another candidate",
    (cp, store) =>
      (cp.candIndex as Map<string, number>).set(
        store[0],
        (cp.candIndex.get(store[0])! + 1) % cp.candIds.length,
      ),
  ],
  [
    "the id index pointing a stored id at another candidate (through Map.prototype.set)",
    (cp, store) =>
      Map.prototype.set.call(cp.candIndex, store[0], (cp.candIndex.get(store[0])! + 1) % 4),
  ],
];

for (const [what, change] of HIDDEN) {
  Deno.test(`scoreStore() never scores a certificate's store differently after ${what}`, async () => {
    const cp = await fresh();
    const cert = solveBnb(cp, 8);
    const before = scoreStore(cp, cert.store, cert);
    assert.deepEqual([before.value, before.ratio, before.flag], [3, 1, "ok"]);
    try {
      change(cp, cert.store);
    } catch (e) {
      assert.ok(e instanceof TypeError, String(e)); // the change cannot be made
    }
    let after: unknown;
    try {
      after = scoreStore(cp, cert.store, cert);
    } catch (e) {
      after = e instanceof TypeError ? before : e; // refused: as good as unchanged
    }
    assert.deepEqual(after, before);
  });
}

Deno.test("compiledIntegrity() names a candidate's time changed after compilation", async () => {
  const cp = await fresh();
  cp.time[0] += 1;
  assert.equal(compiledIntegrity(cp), "its candidate times were changed");
});
