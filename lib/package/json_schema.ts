/**
 * The package format as JSON Schema (draft 2020-12), generated from the zod
 * {@linkcode PackageSchema} so other languages can check packages (DESIGN §2).
 * `deno task schema` writes it to `data/schema/package.schema.json`.
 *
 * @module
 */
import { inputJsonSchema } from "../base/validate_input.ts";
import { PackageSchema } from "./schema.ts";

/**
 * Returns the JSON Schema of a package file as it may be written on disk.
 *
 * It is generated in zod's "input" mode: fields with defaults (`queries`, `budgets`, `group_cap`,
 * `importance`) are optional and carry a `default`. The cross-reference rules of the schema's
 * refinement (unique ids, no dangling ids, no empty group, unit weights present exactly when
 * `weight_source` is "explicit") and the concavity of h cannot be expressed in JSON Schema; a
 * `$comment` says so, and memaudit checks them on every read.
 *
 * @example Check the top-level fields
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageJsonSchema } from "./json_schema.ts";
 * const schema = packageJsonSchema();
 * assert.ok(schema.type === "object");
 * ```
 *
 * @returns a plain JSON object (JSON Schema draft 2020-12)
 */
export function packageJsonSchema(): Record<string, unknown> {
  return inputJsonSchema(
    PackageSchema,
    "Generated from lib/package/schema.ts by `deno task schema`; do not edit. " +
      "Not expressible here, checked by memaudit on read: unique ids per table, no dangling " +
      "experience/candidate/unit ids, every experience has a candidate, at most one coverage " +
      "row per (candidate, unit), unit weights present iff weight_source is 'explicit', " +
      "non-increasing slopes of h.",
  );
}
