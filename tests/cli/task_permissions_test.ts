/**
 * The `deno.json` tasks run with scoped permissions, not -A (issue 13 item 3). The other CLI
 * tests run the entry point with -A; these run it as users do, through `deno task`, so a read
 * the task does not grant (e.g. HiGHS' WebAssembly file under the npm packages) shows up here.
 */
import assert from "node:assert/strict";
import { deno, EXAMPLE } from "./_run.ts";

const task = (args: string[]) => deno(["task", "-q", ...args]);

Deno.test("deno task memaudit solve certifies OPT with every solver under the task's permissions", async () => {
  for (const solver of ["bnb", "milp", "brute", "auto"]) {
    const r = await task([
      "memaudit",
      "solve",
      EXAMPLE,
      "--budgets",
      "8",
      "--solver",
      solver,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const [row] = JSON.parse(r.stdout);
    assert.deepEqual(
      [row.status, row.objective, row.store],
      ["optimal", 3, ["e2.compound"]],
      solver,
    );
  }
});

Deno.test("deno task memaudit writes only where the task allows (out/), one line otherwise", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const r = await task(["memaudit", "validate", EXAMPLE, "--out", dir]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr.trim(),
      /^memaudit validate: Cannot write .*: expected a writable folder/,
    );
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
