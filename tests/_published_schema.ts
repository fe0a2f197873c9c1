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
 * unknown key added, or without the schema's first required key, does not (at the root, or in
 * the first item of a report that is an array of rows).
 *
 * @param name the schema's file stem, e.g. `validate_report`
 * @param value a parsed `--json` output (an object, or a non-empty array of objects)
 */
export async function assertFitsPublished(name: string, value: unknown): Promise<void> {
  const text = await Deno.readTextFile(`${ROOT}data/schema/${name}.schema.json`);
  const js = JSON.parse(text);
  const schema = z.fromJSONSchema(js);
  const r = schema.safeParse(value);
  assert.ok(r.success, `${name}: ${JSON.stringify(r.error?.issues[0])}`);
  const rows = Array.isArray(value);
  const obj = (rows ? value[0] : value) as Record<string, unknown>;
  const put = (o: object) => rows ? [o, ...value.slice(1)] : o;
  const first = ((rows ? js.items : js).required as string[])[0];
  const missing = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== first));
  assert.equal(
    schema.safeParse(put({ ...obj, not_a_key: 1 })).success,
    false,
    `${name}: extra key`,
  );
  assert.equal(schema.safeParse(put(missing)).success, false, `${name}: without ${first}`);
}
