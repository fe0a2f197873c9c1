/**
 * What memaudit's zod-based readers and schema writers share: validation of parsed data into an
 * {@linkcode InputError} listing every issue with its JSON path, and a JSON Schema (draft 2020-12)
 * generated in zod's input mode with a `$comment` after `$schema`.
 *
 * @module
 */
import { z } from "./deps/zod.ts";
import { formatPath, InputError } from "./errors.ts";

/** What validation uses of a zod schema: `safeParse`, whose issues carry a path and a message. */
export interface SafeParser<T> {
  /** Validates `data`; on failure the issues name their JSON paths. */
  safeParse(data: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * Validates parsed data with a schema.
 *
 * @param schema the zod schema
 * @param data the parsed value
 * @param file the file name for errors
 * @returns the validated value
 * @throws {InputError} naming the file and the JSON path of the first problem, with every issue
 */
export function validateInput<T>(schema: SafeParser<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({
    where: { path: formatPath(i.path) },
    expected: i.message,
  }));
  throw new InputError(file, issues[0].where, issues[0].expected, issues);
}

/**
 * The JSON Schema of a zod schema in input mode (defaults optional), with
 * `$comment` right after `$schema`.
 *
 * @param schema the zod schema
 * @param comment the `$comment` (where it is generated from; what it cannot express)
 * @returns a plain JSON object (JSON Schema draft 2020-12)
 */
export function inputJsonSchema(schema: z.ZodType, comment: string): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return { $schema, $comment: comment, ...rest };
}
