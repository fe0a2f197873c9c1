/** lib/package/version.ts: the package format version, which the schema requires. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { PACKAGE_SCHEMA_VERSION } from "../../lib/package/version.ts";
import { PACKAGE_SCHEMA_VERSION as fromSchema } from "../../lib/package/schema.ts";
import { smallPackage } from "./_fixture.ts";

Deno.test("PACKAGE_SCHEMA_VERSION is 1, the one version the schema accepts", () => {
  assert.equal(PACKAGE_SCHEMA_VERSION, 1);
  assert.equal(fromSchema, PACKAGE_SCHEMA_VERSION);
  assert.equal(parsePackage(smallPackage()).schema_version, 1);
  const future = { ...smallPackage(), schema_version: 2 };
  assert.throws(
    () => parsePackage(future, "v2.json"),
    (e: unknown) =>
      e instanceof InputError && "path" in e.where && e.where.path === "schema_version",
  );
});
