/**
 * Package I/O as one JSON file (DESIGN §2 "Formats").
 *
 * Reading parses the text, then validates it through {@linkcode parsePackage} (the zod schema). The
 * file must be UTF-8 (a leading byte-order mark is accepted); a syntax error is reported at its
 * line and column; an object that repeats a key is refused at the key's JSON path (JSON.parse would
 * keep the last value silently). Writing is stable: the package is validated, keys are emitted in
 * schema order (the order of `data/schema/package.schema.json`), 2-space indent, a trailing
 * newline, and the file is replaced atomically.
 *
 * @module
 */
import { readTextInput, writeTextAtomic } from "../base/fs.ts";
import { parseJsonText } from "../base/json_text.ts";
import { packageJsonSchema } from "./json_schema.ts";
import { parsePackage } from "./parse.ts";
import type { Package, PackageInput } from "./schema.ts";

/**
 * Parses and validates the text of a package JSON file.
 *
 * @example Parse a tiny package
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePackageJson } from "./json_io.ts";
 * const pkg = parsePackageJson(JSON.stringify({
 *   schema_version: 1, id: "p", weight_source: "explicit",
 *   experiences: [{ id: "e", order: 0 }],
 *   candidates: [{ id: "c", experience: "e", kind: "raw", cost: 2 }],
 *   units: [{ id: "r", family: "fact", weight: 1 }],
 *   coverage: [{ candidate: "c", unit: "r", value: 1 }],
 * }), "p.json");
 * assert.ok(pkg.group_cap === 1);
 * ```
 *
 * @param text the file content (a leading byte-order mark is skipped)
 * @param file the file name used in error messages
 * @returns the validated package with defaults applied
 * @throws {InputError} "expected valid JSON" with the line and column of a syntax error, a
 *   repeated key at its JSON path, or the JSON path and expectation of the first schema problem
 */
export function parsePackageJson(text: string, file = "<memory>"): Package {
  return parsePackage(parseJsonText(text, file, { uniqueKeys: true }), file);
}

/**
 * Reads and validates a package JSON file.
 *
 * @param path the file to read
 * @returns the validated package
 * @throws {InputError} if the file is missing, is a folder, is not UTF-8, is not JSON, or does
 *   not match the schema
 */
export async function readPackageJson(path: string): Promise<Package> {
  return parsePackageJson(await readTextInput(path), path);
}

/**
 * Serialises a package to its stable JSON text: validated, keys in schema
 * order, 2-space indent, trailing newline. Equal packages give equal text.
 *
 * @param pkg the package (defaults are applied, so the output always lists them)
 * @returns the JSON text
 * @throws {InputError} (file `<memory>`) if `pkg` does not match the schema
 */
export function packageToJson(pkg: Package | PackageInput): string {
  const valid = parsePackage(pkg, "<memory>");
  return JSON.stringify(orderKeys(valid, cachedSchema ??= packageJsonSchema()), null, 2) + "\n";
}

/**
 * Writes a package as stable JSON ({@linkcode packageToJson}), atomically.
 *
 * @param path the file to write (parent folders are created)
 * @param pkg the package
 * @returns nothing once the file is in place
 * @throws {InputError} if `pkg` does not match the schema, or `path` is a folder ("expected a
 *   file"); nothing is written then
 */
export async function writePackageJson(path: string, pkg: Package | PackageInput): Promise<void> {
  await writeTextAtomic(path, packageToJson(pkg));
}

/** The package's JSON Schema, made on first use: its `properties` give the key order. */
let cachedSchema: Record<string, unknown> | undefined;

type JsonSchemaNode = { properties?: Record<string, JsonSchemaNode>; items?: JsonSchemaNode };

/** Copies `value` with object keys in the order of the JSON Schema's `properties`. */
function orderKeys(value: unknown, schema: JsonSchemaNode | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => orderKeys(v, schema?.items));
  if (value === null || typeof value !== "object") return value;
  const props = schema?.properties;
  if (props === undefined) return value;
  const obj = value as Record<string, unknown>;
  const keys = [...Object.keys(props).filter((k) => k in obj)];
  for (const k of Object.keys(obj)) if (!(k in props)) keys.push(k);
  return Object.fromEntries(keys.map((k) => [k, orderKeys(obj[k], props[k])]));
}
