import assert from "node:assert/strict";
import { packageHash } from "../../lib/package/digest.ts";

Deno.test("packageHash() is the SHA-256 of the canonical JSON", () => {
  // sha256('{"a":1}')
  assert.equal(
    packageHash({ a: 1 }),
    "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862",
  );
  assert.equal(packageHash({ x: 1, y: [2] }), packageHash({ y: [2], x: 1 }));
});
