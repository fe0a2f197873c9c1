/** lib/package/parse.ts: untrusted data into a Package, defaults applied, or an InputError. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { smallPackage } from "./_fixture.ts";

Deno.test("parsePackage() keeps a valid package and applies the defaults (importance 1, k 1, no budgets)", () => {
  const input = smallPackage();
  const pkg = parsePackage(input);
  assert.equal(pkg.id, "diet_update");
  assert.deepEqual(pkg.queries.map((q) => q.importance), [2, 1]);
  const { budgets: _b, group_cap: _k, queries: _q, ...bare } = input;
  const minimal = parsePackage({ ...bare, queries: [{ id: "q", required_units: ["diet:veg"] }] });
  assert.deepEqual(minimal.budgets, []);
  assert.equal(minimal.group_cap, 1);
  assert.equal(minimal.queries[0].importance, 1);
});

Deno.test("parsePackage() throws an InputError naming the file and the JSON path", () => {
  const bad = smallPackage();
  bad.candidates[2].cost = 0;
  assert.throws(
    () => parsePackage(bad, "pkg.json"),
    (e: unknown) =>
      e instanceof InputError && e.file === "pkg.json" &&
      "path" in e.where && e.where.path === "candidates[2].cost",
  );
  assert.throws(
    () => parsePackage(null),
    (e: unknown) =>
      e instanceof InputError && e.file === "<memory>" &&
      e.message.startsWith("Cannot read <memory>: (root): "),
  );
});
