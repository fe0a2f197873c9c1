import assert from "node:assert/strict";
import { compilePackage, readPackageJson, scoreStore, solveBnb } from "memaudit";

const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));

Deno.test("scoreStore() gives the package ratio of a feasible store", () => {
  const opt = solveBnb(cp, 8);
  const s = scoreStore(cp, ["e2.current_fact"], opt);
  assert.deepEqual(s, { value: 1, cost: 4, feasible: true, reasons: [], ratio: 1 / 3, flag: "ok" });
});

Deno.test("scoreStore() gives no ratio to an infeasible store and says why", () => {
  const opt = solveBnb(cp, 8);
  const s = scoreStore(cp, ["e2.current_fact", "e2.tombstone", "nope"], opt);
  assert.equal(s.feasible, false);
  assert.equal(s.ratio, null);
  assert.equal(s.flag, "infeasible");
  assert.deepEqual(s.reasons, [
    "unknown candidate 'nope'",
    "group 'e2' holds 2 candidates, more than k = 1",
  ]);
  assert.equal(s.value, 2);
});
