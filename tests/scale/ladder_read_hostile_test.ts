/**
 * readLadder() on a ladder folder that was edited: every problem is one
 * InputError naming the file and place (a null ladder.json or manifest row
 * was an internal error; an empty scales list simulated nothing, exit 0).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { readLadder } from "../../lib/scale/ladder.ts";
import { smallLadder } from "../cli/_run.ts";

Deno.test("readLadder() refuses an edited ladder.json or manifest.jsonl at its place, and skips a byte-order mark", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-ladder-read-" });
  try {
    const l = await smallLadder(dir);
    const meta = await Deno.readTextFile(join(l, "ladder.json"));
    const manifest = await Deno.readTextFile(join(l, "manifest.jsonl"));
    const whole = await readLadder(l);
    const refused = async (file: string, text: string, re: RegExp) => {
      await Deno.writeTextFile(join(l, file), text);
      await assert.rejects(
        readLadder(l),
        (e) => e instanceof InputError && re.test(e.message),
        re.source,
      );
      await Deno.writeTextFile(join(l, "ladder.json"), meta);
      await Deno.writeTextFile(join(l, "manifest.jsonl"), manifest);
    };
    const withScales = (scales: unknown) => JSON.stringify({ ...JSON.parse(meta), scales });
    await refused(
      "ladder.json",
      "null",
      /ladder\.json: schema: expected "memaudit\.ladder\/1" with a scales list$/,
    );
    await refused("ladder.json", "", /ladder\.json: line 1, column 1: expected valid JSON/);
    await refused(
      "ladder.json",
      meta.replace("{", '{"seed": 1,'),
      /ladder\.json: seed: expected each key once/,
    );
    await refused(
      "ladder.json",
      withScales([]),
      /ladder\.json: scales: expected at least one scale$/,
    );
    await refused(
      "ladder.json",
      withScales([1]),
      /ladder\.json: scales\[0\]: expected a scale \{"label": "s0", "nIrr": 0\}$/,
    );
    await refused(
      "manifest.jsonl",
      manifest + "null\n",
      /manifest\.jsonl: line \d+: expected a manifest row with a queryId and a scale$/,
    );
    await refused(
      "manifest.jsonl",
      manifest + "{oops\n",
      /manifest\.jsonl: line \d+, column \d+: expected valid JSON/,
    );
    // A byte-order mark (an editor's) is skipped, as the package readers do.
    await Deno.writeTextFile(join(l, "ladder.json"), "\ufeff" + meta);
    assert.deepEqual(await readLadder(l), whole);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
