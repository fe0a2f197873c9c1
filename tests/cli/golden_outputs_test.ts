/**
 * Issue 27 item 5: the house move changes no output. Each command of
 * tests/cli/fixtures/golden/outputs.json runs through the real entry point and must print the same
 * stdout and stderr, byte for byte, and exit with the same code as the commit named in its `from`
 * (the fixture's README says which and why).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { memaudit, ROOT } from "./_run.ts";

interface Golden {
  args: string[];
  from: string;
  code: number;
  stdout: string;
  stderr: string;
}

const GOLDEN: Golden[] = JSON.parse(
  await Deno.readTextFile(join(ROOT, "tests", "cli", "fixtures", "golden", "outputs.json")),
);

Deno.test("the pinned commands print what they printed before the move, byte for byte", async (t) => {
  assert.equal(GOLDEN.length, 15);
  for (const g of GOLDEN) {
    await t.step(`${g.args.slice(0, 2).join(" ")} ... (as ${g.from})`, async () => {
      const ran = await memaudit(g.args);
      assert.equal(ran.code, g.code, ran.stderr);
      assert.equal(ran.stderr, g.stderr);
      assert.equal(ran.stdout, g.stdout);
    });
  }
});
