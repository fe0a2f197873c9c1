import assert from "node:assert/strict";
import { CLI_DOC, cliReference } from "../../scripts/cli_docs.ts";
import { COMMANDS } from "../../lib/cli/commands/registry.ts";

Deno.test("docs/cli.md is current: regenerated from every --help it is byte-identical", async () => {
  const fresh = await cliReference();
  for (const name of Object.keys(COMMANDS)) {
    assert.ok(fresh.includes(`\n## memaudit ${name}\n`), name);
  }
  assert.ok(fresh.includes("\n### memaudit scale score\n"));
  assert.equal(
    await Deno.readTextFile(CLI_DOC),
    fresh,
    "docs/cli.md is stale: run deno run --allow-read=. --allow-write=docs scripts/cli_docs.ts",
  );
});
