/** lib/base/validate_input.ts: zod validation into an InputError, and the input-mode JSON Schema. */
import assert from "node:assert/strict";
import { z } from "../../lib/base/deps/zod.ts";
import { InputError } from "../../lib/base/errors.ts";
import { inputJsonSchema, validateInput } from "../../lib/base/validate_input.ts";

const Row = z.object({ id: z.string(), cost: z.number().positive(), tags: z.array(z.string()) });

Deno.test("validateInput() returns the validated value", () => {
  const row = { id: "u1", cost: 2, tags: ["a"] };
  assert.deepEqual(validateInput(Row, row, "p.json"), row);
});

Deno.test("validateInput() throws an InputError naming the file, the first path and every issue", () => {
  assert.throws(
    () => validateInput(Row, { id: "u1", cost: -1, tags: ["a", 7] }, "p.json"),
    (e: unknown) => {
      assert.ok(e instanceof InputError);
      assert.equal(e.file, "p.json");
      assert.deepEqual(e.where, { path: "cost" });
      assert.deepEqual(e.issues.map((i) => formatted(i.where)), ["cost", "tags[1]"]);
      assert.match(e.message, /^Cannot read p\.json: cost: .*; tags\[1\]: .*expected string/);
      return true;
    },
  );
});

const formatted = (w: InputError["where"]) => ("path" in w ? w.path : "");

Deno.test("inputJsonSchema() puts $comment right after $schema and leaves defaulted fields optional", () => {
  const schema = inputJsonSchema(z.object({ a: z.number().default(1), b: z.string() }), "from X");
  assert.deepEqual(Object.keys(schema).slice(0, 2), ["$schema", "$comment"]);
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.equal(schema.$comment, "from X");
  assert.deepEqual(schema.required, ["b"]);
  assert.deepEqual((schema.properties as Record<string, unknown>).a, {
    default: 1,
    type: "number",
  });
});
