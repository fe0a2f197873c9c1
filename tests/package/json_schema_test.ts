import assert from "node:assert/strict";
import { packageJsonSchema } from "../../lib/package/json_schema.ts";

Deno.test("packageJsonSchema() describes the on-disk (input) form with defaults", () => {
  const schema = packageJsonSchema() as {
    $schema: string;
    required: string[];
    additionalProperties: boolean;
    properties: Record<
      string,
      { default?: unknown; items?: { required?: string[]; properties?: Record<string, unknown> } }
    >;
  };
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.deepEqual(schema.required, [
    "schema_version",
    "id",
    "experiences",
    "candidates",
    "units",
    "weight_source",
    "coverage",
  ]);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.properties.queries.default, []);
  assert.deepEqual(schema.properties.budgets.default, []);
  assert.equal(schema.properties.group_cap.default, 1);
  assert.deepEqual(schema.properties.candidates.items?.required, [
    "id",
    "experience",
    "kind",
    "cost",
  ]);
  assert.deepEqual(
    schema.properties.candidates.items?.properties?.cost,
    {
      type: "number",
      exclusiveMinimum: 0,
      description: "storage cost c_u > 0 in cost units (words or byte-overhead units)",
    },
  );
});
