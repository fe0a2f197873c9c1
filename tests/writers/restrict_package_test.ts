import assert from "node:assert/strict";
import { noTombstone, onlyTypes } from "../../lib/writers/restrict_package.ts";
import { restrictPackage } from "../../lib/package/restrict.ts";
import { updateStress } from "./_fixtures.ts";

Deno.test("restrictPackage() with noTombstone() drops tombstone and compound_update only", () => {
  const cp = updateStress();
  const r = restrictPackage(cp, noTombstone(cp));
  assert.deepEqual(r.candIds, ["old_atomic", "old_raw", "new_atomic"]);
  assert.deepEqual(r.groupIds, ["old_pref", "meal_update"]);
  assert.deepEqual([...r.weights], [...cp.weights]);
  assert.deepEqual(r.unitIds, cp.unitIds);
  assert.equal(r.k, cp.k);
  assert.deepEqual(r.pkg.coverage.map((c) => c.candidate), ["old_atomic", "old_raw", "new_atomic"]);
});

Deno.test("restrictPackage() drops experiences left without candidates", () => {
  const cp = updateStress();
  const r = restrictPackage(cp, onlyTypes(cp, new Set(["raw_span"])));
  assert.deepEqual(r.candIds, ["old_raw"]);
  assert.deepEqual(r.groupIds, ["old_pref"]);
  const none = restrictPackage(cp, () => false);
  assert.deepEqual(none.candIds, []);
  assert.deepEqual(none.groups, []);
});
