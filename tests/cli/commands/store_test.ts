/** lib/cli/commands/store.ts: the `--budgets` parser and the flags' checks. */
import assert from "node:assert/strict";
import { parseBudgetList } from "../../../lib/cli/commands/store.ts";
import { memaudit } from "../_run.ts";

Deno.test("parseBudgetList() reads decimal numbers only: hex, binary and octal are refused", () => {
  assert.deepEqual(parseBudgetList("30, 60,100"), [30, 60, 100]);
  assert.deepEqual(parseBudgetList("0.5,1e2,.25"), [0.5, 100, 0.25]);
  for (const bad of ["0x10", "0b11", "0o7", "1_000", "Infinity", "0", "-3", "8,,9", "", "abc"]) {
    assert.throws(
      () => parseBudgetList(bad),
      /^UsageError: --budgets: expected a number > 0, got "/,
      bad,
    );
  }
  assert.throws(
    () => parseBudgetList("8,8.0"),
    /^UsageError: --budgets: expected distinct numbers, got "8,8.0"$/,
  );
});

Deno.test("memaudit store --package '' is a usage error naming the flag (not 'Cannot read :')", async () => {
  const r = await memaudit([
    "store",
    "--package",
    "",
    "--store",
    "data/examples/vegetarian_own_words.txt",
  ]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^memaudit store: --package FILE expects a path, got ''/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});
