import assert from "node:assert/strict";
import { compileOwnedPackage, compilePackage } from "../../lib/package/compile.ts";
import { restrictPackage } from "../../lib/package/restrict.ts";
import { readPackageJson } from "../../lib/package/json_io.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { scoreStore } from "../../lib/score/ratio.ts";

const EXAMPLE = new URL("../../data/examples/vegetarian_pescatarian.json", import.meta.url);

Deno.test("compileOwnedPackage() compiles as compilePackage() does and freezes the package in place", async () => {
  const copied = compilePackage(await readPackageJson(EXAMPLE.pathname));
  const pkg = await readPackageJson(EXAMPLE.pathname);
  const owned = compileOwnedPackage(pkg);
  assert.equal(owned.pkg, pkg);
  assert.ok(Object.isFrozen(pkg) && Object.isFrozen(pkg.candidates[0]));
  assert.deepEqual([...owned.weights], [...copied.weights]);
  assert.deepEqual([...owned.cost], [...copied.cost]);
  const opt = solveBnb(owned, 8);
  assert.equal(opt.objective, 3);
  assert.equal(opt.package, solveBnb(copied, 8).package);
  assert.equal(scoreStore(owned, ["e2.compound"], opt).ratio, 1);
});

Deno.test("compilePackage() leaves the caller's package unfrozen; a restricted package shares the frozen parts", async () => {
  const pkg = await readPackageJson(EXAMPLE.pathname);
  const cp = compilePackage(pkg);
  assert.ok(!Object.isFrozen(pkg) && Object.isFrozen(cp.pkg) && cp.pkg !== pkg);
  const rp = restrictPackage(cp, (c) => cp.candIds[c] !== "e2.tombstone");
  assert.ok(
    Object.isFrozen(rp.pkg) && rp.pkg.candidates.every((c) => cp.pkg.candidates.includes(c)),
  );
  // The certificate of the source package does not serve the restricted one.
  assert.throws(() => scoreStore(rp, ["e2.compound"], solveBnb(cp, 8)), RangeError);
});
