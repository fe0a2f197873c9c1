/** lib/cli/command.ts parseFlags(): bad flags are UsageErrors, a near miss names the flag meant. */
import assert from "node:assert/strict";
import { parseFlags, UsageError } from "../../lib/cli/command.ts";
import { assertOneLine, EXAMPLE, memaudit } from "./_run.ts";

const opts = { budgets: { type: "string" }, json: { type: "boolean" } } as const;

Deno.test("parseFlags() suggests the known flag nearest to a mistyped one", () => {
  const msg = (argv: string[]) => {
    try {
      parseFlags(argv, opts);
    } catch (e) {
      assert.ok(e instanceof UsageError);
      return e.message;
    }
    return "";
  };
  assert.equal(msg(["--budget", "8"]), "Unknown option '--budget' (did you mean --budgets?)");
  assert.equal(msg(["--jsno"]), "Unknown option '--jsno' (did you mean --json?)");
  assert.equal(msg(["--zzzzzz"]), "Unknown option '--zzzzzz'");
  assert.deepEqual({ ...parseFlags(["--budgets", "8", "x"], opts).values }, { budgets: "8" });
});

Deno.test("parseFlags() refuses a flag that takes a value given twice (parseArgs kept the last)", () => {
  assert.throws(
    () => parseFlags(["--budgets", "2", "--budgets", "3"], opts),
    (e) =>
      e instanceof UsageError &&
      e.message === "--budgets given twice ('2' and '3'): expected it once",
  );
  assert.throws(() => parseFlags(["--budgets=2", "--budgets", "2"], opts), /given twice/);
  // A boolean flag said twice says the same thing; a flag declared `multiple` may repeat.
  assert.equal(parseFlags(["--json", "--json"], opts).values.json, true);
  const many = { tool: { type: "string", multiple: true } } as const;
  assert.deepEqual(parseFlags(["--tool", "a", "--tool", "b"], many).values.tool, ["a", "b"]);
});

Deno.test("memaudit solve refuses --budgets 8, and --budget twice with one line, exit 2", async () => {
  assertOneLine(
    await memaudit(["solve", EXAMPLE, "--budgets", "8,"]),
    /^memaudit solve: --budgets has an empty entry in '8,': expected a word between commas/,
  );
  assertOneLine(
    await memaudit(["solve", EXAMPLE, "--budgets", "2", "--budgets", "3"]),
    /^memaudit solve: --budgets given twice \('2' and '3'\): expected it once/,
  );
});
