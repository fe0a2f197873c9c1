import assert from "node:assert/strict";
import { NO_PROGRESS, startProgress } from "../../lib/cli/progress.ts";

function io(isTerminal: boolean) {
  const err: string[] = [];
  return { err, io: { stdout() {}, stderr: (t: string) => void err.push(t), isTerminal } };
}

Deno.test("startProgress() draws a cli-progress bar on a terminal, and nothing elsewhere", async () => {
  const term = io(true);
  const bar = await startProgress(term.io, "sweep", { columns: 100 });
  assert.equal(bar.shown, false);
  bar.update(0, 8, null);
  bar.update(8, 8, 0);
  bar.stop();
  bar.stop();
  bar.update(9, 8, 0); // after stop: ignored
  assert.equal(bar.shown, true);
  const text = term.err.join("");
  assert.match(text, /sweep \[[░]+\] 0% \| 0\/8 units/);
  assert.match(text, /sweep \[[█]+\] 100% \| 8\/8 units \| ~0 s left/);
  assert.ok(text.endsWith("\n"), "the bar's line is ended on stop");
  assert.ok(!text.includes("9/8"));

  for (const [what, opts] of [["not a terminal", false], ["quiet", true]] as const) {
    const other = io(what === "quiet");
    const none = await startProgress(other.io, "sweep", { quiet: opts });
    assert.equal(none, NO_PROGRESS, what);
    none.update(1, 2, 1);
    none.stop();
    assert.deepEqual(other.err, [], what);
  }
});

Deno.test("startProgress() survives a stderr that throws", async () => {
  const bar = await startProgress(
    {
      stdout() {},
      stderr() {
        throw new Error("closed");
      },
      isTerminal: true,
    },
    "x",
    { columns: 60 },
  );
  bar.update(1, 2, 5);
  bar.stop();
  assert.equal(bar.shown, true);
});
