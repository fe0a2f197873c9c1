/** lib/adjudicate/content_key.ts: coverage labels keyed by (memory text, unit text), not ids. */
import assert from "node:assert/strict";
import { coverageCellKey, normalizeCellText } from "../../lib/adjudicate/content_key.ts";
import { sha256Hex } from "../../lib/base/hash.ts";

Deno.test("coverageCellKey() hashes normalised texts (reproducible outside TypeScript)", () => {
  // Python: hashlib.sha256(json.dumps(["a b", "c"], separators=(",", ":")).encode()).hexdigest()
  assert.equal(
    coverageCellKey("a b", "c"),
    "7286faa1a2a3e69bfd8c82d7d17d1fd92d0a2dedc54f51f8b8f57976fccd08cd",
  );
  assert.equal(coverageCellKey(" a\n\tb ", "c"), coverageCellKey("a b", "c"));
  assert.notEqual(coverageCellKey("a", "b c"), coverageCellKey("a b", "c"));
  assert.equal(normalizeCellText("e\u0301  x "), "\u00e9 x");
});

Deno.test("normalizeCellText() applies NFC, collapses whitespace runs and trims", () => {
  assert.equal(normalizeCellText("  Ann\u00a0 adopted\n\ta cat.  "), "Ann adopted a cat.");
  assert.equal(normalizeCellText("A\u030a"), "\u00c5");
  assert.equal(normalizeCellText(""), "");
});

Deno.test("coverageCellKey() keys the JSON array of both texts, non-ASCII unescaped", () => {
  // Python: json.dumps(["café", "ü"], separators=(",", ":"), ensure_ascii=False)
  assert.equal(coverageCellKey("café", "ü"), sha256Hex('["café","ü"]'));
  assert.equal(coverageCellKey('say "hi"', ""), sha256Hex('["say \\"hi\\"",""]'));
  assert.notEqual(coverageCellKey("a", "b"), coverageCellKey("b", "a"));
});
