/**
 * data/schema/ holds exactly the JSON Schemas scripts/schema.ts generates (`deno task schema`),
 * each byte-identical to its generated text, and docs/formats.md lists them all.
 */
import assert from "node:assert/strict";
import { SCHEMAS, schemaText } from "../../scripts/schema.ts";
import { ROOT } from "../_imports.ts";

Deno.test("every file of data/schema/ is its zod schema's generated text, and every schema has its file", async () => {
  const files = [...Deno.readDirSync(`${ROOT}data/schema`)].map((e) => `data/schema/${e.name}`);
  assert.deepEqual(files.sort(), Object.keys(SCHEMAS).sort());
  for (const path of Object.keys(SCHEMAS)) {
    assert.equal(
      await Deno.readTextFile(ROOT + path),
      schemaText(path),
      `run \`deno task schema\` and commit ${path}`,
    );
  }
});

Deno.test("docs/formats.md's table of output schemas names every published schema", async () => {
  const doc = await Deno.readTextFile(`${ROOT}docs/formats.md`);
  const missing = Object.keys(SCHEMAS).filter((p) => !doc.includes(`| \`${p.slice(12)}\``));
  assert.deepEqual(missing, []);
});

Deno.test("schemaText() refuses a path that is not a published schema", () => {
  assert.throws(() => schemaText("data/schema/nosuch.schema.json"), /^RangeError: Cannot write/);
});
