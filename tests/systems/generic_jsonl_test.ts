/** lib/systems/generic_jsonl.ts: cases split out of tests/systems/adapters_test.ts. */
import assert from "node:assert/strict";
import { readGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { FIX } from "./_fixtures.ts";

Deno.test("readGenericJsonl() reads one store per line with row fields kept in meta", async () => {
  const [s] = readGenericJsonl(await Deno.readTextFile(FIX + "generic.jsonl"));
  assert.equal(s.instance, "fixture");
  assert.deepEqual(s.memories.map((m) => [m.id, m.order]), [["m1", 0], ["m2", 1], ["m3", 2], [
    "m4",
    3,
  ]]);
  assert.deepEqual(s.problems, []);
  const two = readGenericJsonl(
    '{"memories":[{"id":"a","text":"x","cost":3,"salience":0.5,"writer":"w"}],"budget":30}\n\n' +
      '{"memories":[]}\n',
  );
  assert.equal(two.length, 2);
  assert.deepEqual(two[0].meta, { budget: 30 });
  assert.deepEqual([two[0].memories[0].cost, two[0].memories[0].salience], [3, 0.5]);
  assert.equal(
    two[0].problems[0].detail,
    "field 'writer' of 1 memory record(s) is not mapped (kept in raw)",
  );
});

Deno.test("readGenericJsonl() refuses a line that is not an object at `line N`", () => {
  for (const [line, got] of [["[1]", "an array"], ["3", "number 3"], ["null", "null"]]) {
    assert.throws(
      () => readGenericJsonl(`{"memories":[]}\n\n${line}\n`, { file: "x.jsonl" }),
      (e: Error) =>
        e.name === "ExportFormatError" &&
        e.message === `Cannot read x.jsonl: line 3: generic_jsonl: expected an object, got ${got}`,
    );
  }
});
