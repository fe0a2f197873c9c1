import assert from "node:assert/strict";
import fc from "fast-check";
import { compareIds } from "../../lib/package/compile.ts";

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
