/**
 * A store number past the double range (1e400) is named as such. Before: the error said
 * "expected a finite number or null, got number null" (JSON.stringify(Infinity) is "null"),
 * as if the file held null.
 */
import assert from "node:assert/strict";
import { readStore } from "../../lib/systems/read_store.ts";

Deno.test("mem0_get_all: score 1e400 is reported as out of range, not as null", () => {
  const data = JSON.parse('{"results": [{"id": "a", "memory": "x y", "score": 1e400}]}');
  assert.throws(
    () => readStore(data, "mem0_get_all", { file: "s.json" }),
    (e: Error) => {
      assert.match(e.message, /results\[0\]\.score/);
      assert.match(e.message, /got number Infinity \(out of range\)/);
      assert.doesNotMatch(e.message, /got number null/);
      return true;
    },
  );
});
