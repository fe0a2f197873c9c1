import assert from "node:assert/strict";
import fc from "fast-check";
import { compareIds, compileOwnedPackage, compilePackage } from "../../lib/package/compile.ts";
import { restrictPackage } from "../../lib/package/restrict.ts";
import { readPackageJson } from "../../lib/package/json_io.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { scoreStore } from "../../lib/score/ratio.ts";

/** Python's str order: code point by code point, then length. */
function codePointOrder(a: string, b: string): number {
  const ia = [...a].map((ch) => ch.codePointAt(0)!), ib = [...b].map((ch) => ch.codePointAt(0)!);
  for (let i = 0; i < Math.min(ia.length, ib.length); i++) {
    if (ia[i] !== ib[i]) return ia[i] - ib[i];
  }
  return ia.length - ib.length;
}

Deno.test("compareIds() orders by code point, as Python compares str", () => {
  assert.equal(compareIds("a", "a"), 0);
  assert.ok(compareIds("s0_fact_0_raw_span", "s0_fact_0_atomic_fact") > 0);
  assert.ok(compareIds("ab", "abc") < 0);
  assert.ok(compareIds("B", "a") < 0);
  // U+1F600 (a surrogate pair in UTF-16) sorts after U+FF5E, unlike in UTF-16 order.
  assert.ok("\u{1F600}" < "\uFF5E");
  assert.ok(compareIds("x\u{1F600}", "x\uFF5E") > 0);
  assert.ok(compareIds("\u{1F600}a", "\u{1F600}b") < 0);
  assert.ok(compareIds("\u{1F601}", "\u{1F600}") > 0);
});

Deno.test("compareIds() agrees in sign with code-point order on random strings (property)", () => {
  // Small alphabets make long shared prefixes; astral and high-BMP characters test the order.
  const ch = fc.constantFrom("a", "b", "_", "0", "é", "\uFF5E", "\uE000", "\u{1F600}", "\u{1F601}");
  const str = fc.array(ch, { maxLength: 6 }).map((xs) => xs.join(""));
  fc.assert(
    fc.property(str, str, (a, b) => {
      assert.equal(Math.sign(compareIds(a, b)), Math.sign(codePointOrder(a, b)));
    }),
    { numRuns: 3000 },
  );
});

// --- Cases from tests/package/compile_owned_test.ts (owned) ---
const EXAMPLE = new URL("../../data/examples/vegetarian_pescatarian.json", import.meta.url);

Deno.test("compileOwnedPackage() compiles as compilePackage() does and freezes the package in place (owned)", async () => {
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

Deno.test("compilePackage() leaves the caller's package unfrozen; a restricted package shares the frozen parts (owned)", async () => {
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
