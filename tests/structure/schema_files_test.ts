/**
 * data/schema/ holds exactly the JSON Schemas scripts/schema.ts generates (`deno task schema`),
 * each byte-identical to its generated text, and docs/formats.md lists them all.
 */
import assert from "node:assert/strict";
import { SCHEMAS, schemaText } from "../../scripts/schema.ts";
import { ROOT } from "../_imports.ts";
import { assertFitsPublished } from "../_published_schema.ts";

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

/** The `--json` outputs pinned as golden files by the tests of their commands, and their schema. */
const GOLDEN: Record<string, string> = {
  "tests/cli/fixtures/store_json/mem0_search_top30_conv26.json": "store_report",
  "tests/cli/fixtures/store_json/openai_memories_0_conv26.json": "store_report",
  "tests/cli/commands/fixtures/writers_example_b4_8_16.json": "writers_report",
  "tests/sweep/fixtures/sweep_report_seeds2_b0.1_2.json": "sweep_report",
};

Deno.test("the pinned --json outputs of store, writers and sweep fit their published schemas", async () => {
  for (const [file, name] of Object.entries(GOLDEN)) {
    await assertFitsPublished(name, JSON.parse(await Deno.readTextFile(ROOT + file)));
  }
});

Deno.test("schemaText() refuses a path that is not a published schema", () => {
  assert.throws(() => schemaText("data/schema/nosuch.schema.json"), /^RangeError: Cannot write/);
});
