/**
 * Writers on a package where no candidate fits the budget return the empty store whatever the
 * weights' unit: with weights of 1e12 (a value tolerance above 1) the threshold-grid writers
 * threw "no pass was kept" where weights of 1 give the empty store.
 */
import assert from "node:assert/strict";
import { compilePackage, parsePackage, WRITERS } from "memaudit";

function oneCandidate(weight: number) {
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "w",
    weight_source: "explicit",
    experiences: [{ id: "e0", order: 0 }],
    candidates: [{ id: "a", experience: "e0", kind: "fact", cost: 2 }],
    units: [{ id: "u", family: "fact", weight }],
    coverage: [{ candidate: "a", unit: "u", value: 1 }],
  }));
}

Deno.test("every writer returns the empty store when nothing fits, for weights 1 .. 1e250", () => {
  for (const weight of [1, 1e12, 1e250]) {
    const cp = oneCandidate(weight);
    for (const [name, writer] of Object.entries(WRITERS)) {
      const r = writer(cp, 1);
      assert.deepEqual(r.store, [], `${name}, weight ${weight}`);
      assert.equal(r.value, 0, `${name}, weight ${weight}`);
    }
  }
});
