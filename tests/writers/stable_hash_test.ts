import assert from "node:assert/strict";
import { stableHash } from "../../lib/writers/stable_hash.ts";

/** The definition: the polynomial over TextEncoder's UTF-8 bytes, reduced at every byte. */
function reference(text: string): number {
  let h = 0;
  for (const byte of new TextEncoder().encode(text)) h = (h * 131 + byte) % 1_000_000_007;
  return h;
}

Deno.test("stableHash() equals the byte-by-byte definition on ASCII, multi-byte and lone surrogates", () => {
  const pieces = ["a", "Z", ":", "é", "\u07ff", "\u0800", "中", "\uffff", "😀", "\ud800", "\udc00"];
  let state = 1;
  const next = () => (state = (state * 48271) % 2147483647);
  for (let i = 0; i < 3000; i++) {
    let s = "";
    for (let j = next() % 40; j > 0; j--) {
      s += next() % 2 ? pieces[next() % pieces.length] : String.fromCharCode(next() % 65536);
    }
    assert.equal(stableHash(s), reference(s), JSON.stringify(s));
  }
  assert.equal(stableHash("ÿ".repeat(5000)), reference("ÿ".repeat(5000)));
});
