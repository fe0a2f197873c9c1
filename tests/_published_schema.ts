/**
 * A command's `--json` checked against its committed JSON Schema itself (data/schema/, read back
 * with zod's `z.fromJSONSchema`), not only against the zod schema it is generated from: the file
 * a user validates with must accept what the command prints and refuse a key it does not name.
 */
import assert from "node:assert/strict";
import { z } from "../lib/base/deps/zod.ts";
import { ROOT } from "./_imports.ts";

/**
 * Asserts that `value` fits `data/schema/<name>.schema.json`, and that the same value with an
 * unknown key added at the root, or without the schema's first required key, does not.
 *
 * @param name the schema's file stem, e.g. `validate_report`
 * @param value a parsed `--json` output (an object)
 */
export async function assertFitsPublished(name: string, value: unknown): Promise<void> {
  const text = await Deno.readTextFile(`${ROOT}data/schema/${name}.schema.json`);
  const schema = z.fromJSONSchema(JSON.parse(text));
  const r = schema.safeParse(value);
  assert.ok(r.success, `${name}: ${JSON.stringify(r.error?.issues[0])}`);
  const obj = value as Record<string, unknown>;
  assert.equal(schema.safeParse({ ...obj, not_a_key: 1 }).success, false, `${name}: extra key`);
  const first = (JSON.parse(text).required as string[])[0];
  const missing = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== first));
  assert.equal(schema.safeParse(missing).success, false, `${name}: without ${first}`);
}
