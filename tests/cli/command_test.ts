/** lib/cli/command.ts: the CLI's shared output pieces. */
import assert from "node:assert/strict";
import { type CliIo, printWarnings } from "../../lib/cli/command.ts";

/** A CliIo that keeps what is written to stderr. */
function capture(): { io: CliIo; err: string[] } {
  const err: string[] = [];
  const io: CliIo = { stdout: () => {}, stderr: (s) => void err.push(s), isTerminal: false };
  return { io, err };
}

Deno.test("printWarnings() writes one line per warning, a newline or other control character escaped", () => {
  const { io, err } = capture();
  printWarnings(io, [
    "plain",
    "dir/a\nb.json: budget 2 is in its budgets 2 times",
    "tab\there \u0001",
  ]);
  assert.deepEqual(err, [
    "warning: plain\n",
    "warning: dir/a\\nb.json: budget 2 is in its budgets 2 times\n",
    "warning: tab\\there \\u0001\n",
  ]);
  const other = capture();
  printWarnings(other.io, ["w"], "warning: x\ny.jsonl: ");
  assert.deepEqual(other.err, ["warning: x\\ny.jsonl: w\n"]);
  printWarnings(other.io, []);
  assert.equal(other.err.length, 1);
});
