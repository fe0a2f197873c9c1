/** lib/package/io.ts: one import for every package reader and writer (re-exports, same functions). */
import assert from "node:assert/strict";
import * as io from "../../lib/package/io.ts";
import * as artifact from "../../lib/package/artifact_jsonl.ts";
import * as csv from "../../lib/package/csv_io.ts";
import * as json from "../../lib/package/json_io.ts";
import * as schema from "../../lib/package/json_schema.ts";

Deno.test("io re-exports the JSON, CSV, JSON Schema and artifact JSONL functions themselves", () => {
  assert.equal(io.readPackageJson, json.readPackageJson);
  assert.equal(io.parsePackageJson, json.parsePackageJson);
  assert.equal(io.packageToJson, json.packageToJson);
  assert.equal(io.writePackageJson, json.writePackageJson);
  assert.equal(io.readPackageCsv, csv.readPackageCsv);
  assert.equal(io.writePackageCsv, csv.writePackageCsv);
  assert.equal(io.packageJsonSchema, schema.packageJsonSchema);
  assert.equal(io.readArtifactPackage, artifact.readArtifactPackage);
  const mine = new Set(Object.keys(io));
  for (const mod of [artifact, csv, json, schema]) {
    for (const name of Object.keys(mod)) assert.ok(mine.has(name), `io lacks ${name}`);
  }
});
