import assert from "node:assert/strict";
import { getWriter, WRITERS } from "../../lib/writers/registry.ts";

Deno.test("getWriter() returns the registry's writer for each id", () => {
  for (const id of Object.keys(WRITERS)) assert.equal(getWriter(id), WRITERS[id]);
});

Deno.test("getWriter() refuses unknown ids, Object.prototype's names included", () => {
  for (const id of ["nope", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.throws(() => getWriter(id), new RegExp(`^RangeError: Cannot find writer '${id}'`));
  }
});
