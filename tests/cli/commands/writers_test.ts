/**
 * lib/cli/commands/writers.ts: a flag table, then parse -> writersReport -> emit. Its `--json` and
 * `--csv` are byte-identical to the command's output before the workflow moved to
 * lib/score/writers_report.ts (fixtures written by 636cdd1's `memaudit writers`).
 */
import assert from "node:assert/strict";
import { EXAMPLE, memaudit, ROOT } from "../_run.ts";
import { relative } from "node:path";

const fixture = (name: string) => Deno.readTextFile(new URL(`./fixtures/${name}`, import.meta.url));

Deno.test("memaudit writers --json and --csv on the example are byte-identical to before the move", async () => {
  const args = ["writers", relative(ROOT, EXAMPLE), "--budgets", "4,8,16", "--quiet"];
  const json = await memaudit([...args, "--json"]);
  assert.equal(json.code, 0, json.stderr);
  assert.equal(json.stdout, await fixture("writers_example_b4_8_16.json"));
  const csv = await memaudit([...args, "--csv"]);
  assert.equal(csv.code, 0, csv.stderr);
  assert.equal(csv.stdout, await fixture("writers_example_b4_8_16.csv"));
});

Deno.test("memaudit writers: --solver outside its choices is one usage line naming them", async () => {
  const r = await memaudit(["writers", EXAMPLE, "--solver", "cbc"]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^memaudit writers: --solver expects auto, bnb or milp, got 'cbc'/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});
