/**
 * lib/base/jsonl.ts, and every reader of a user's JSONL file built on it: a byte-order mark, CRLF
 * endings and blank lines are read alike, and a repeated key (`{"R":1,"R":5}`) is refused by every
 * one of them, naming the file and line (issue 27 item 2: it depended on the command before).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { jsonlLines, readJsonl } from "../../lib/base/jsonl.ts";
import { parseImportedCoverage } from "../../lib/adjudicate/imported.ts";
import { readGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { parseFillerCorpus } from "../../lib/scale/sources/filler.ts";
import { readJudgeLog, readTrajectories } from "../../lib/scale/trajectory.ts";
import { readRetrievalLog } from "../../lib/scale/retrieval_log.ts";
import { medianPromptTokens } from "../../lib/scale/longmemeval_runs.ts";
import { readArtifactPackage } from "../../lib/package/artifact_jsonl.ts";
import { withTempDir } from "../_tmp.ts";

Deno.test("readJsonl(): BOM, CRLF and blank lines; physical line numbers; objects only", () => {
  assert.deepEqual(readJsonl('\uFEFF{"a":1}\r\n  \r\n{"a":2}', "x.jsonl"), [
    { line: 1, value: { a: 1 } },
    { line: 3, value: { a: 2 } },
  ]);
  assert.deepEqual(readJsonl("[1]\n2\n", "x.jsonl", { objects: false }).map((r) => r.value), [
    [1],
    2,
  ]);
  assert.throws(
    () => readJsonl('{"a":1}\n[1]\n', "x.jsonl"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message === "Cannot read x.jsonl: line 2: expected a JSON object per line",
  );
  assert.throws(
    () => readJsonl('{"a":1}\n{"a":\n', "x.jsonl"),
    /x\.jsonl: line 2, column \d+: expected valid JSON/,
  );
  assert.deepEqual(jsonlLines("\n\na\r\n"), [{ line: 3, text: "a" }]);
});

Deno.test("forEachJsonlLine() drops a \\r only before \\n: a last line ending in a bare \\r keeps it, and a truncated line's column counts it", async () => {
  assert.deepEqual(jsonlLines('{"a":1}\r\n{"b":2}\r'), [
    { line: 1, text: '{"a":1}' },
    { line: 2, text: '{"b":2}\r' },
  ]);
  assert.deepEqual(jsonlLines("a\r\r\n\r"), [{ line: 1, text: "a\r" }]); // a lone \r: blank
  assert.deepEqual(readJsonl('{"b":2}\r', "x.jsonl"), [{ line: 1, value: { b: 2 } }]);
  // The line as written is `{"b":` and a \r: its end is column 7, as with a \r\r\n ending.
  for (const text of ['{"a":1}\n{"b":\r', '{"a":1}\n{"b":\r\r\n']) {
    assert.throws(
      () => readJsonl(text, "x.jsonl"),
      (e: unknown) =>
        e instanceof InputError &&
        e.message ===
          "Cannot read x.jsonl: line 2, column 7: expected valid JSON (Unexpected end of JSON input)",
      JSON.stringify(text),
    );
  }
  // With \r\n the \r is the line ending: the end of `{"b":` is column 6.
  assert.throws(() => readJsonl('{"a":1}\n{"b":\r\n', "x.jsonl"), /line 2, column 6:/);
  // The package export reader (lib/package/artifact_jsonl.ts) splits by the same rule.
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "experiences.jsonl"), '{"experience_id":"e1"}\n{"a":\r');
    for (const f of ["evidence_units", "queries", "candidate_memories", "coverage_matrix"]) {
      await Deno.writeTextFile(join(dir, `${f}.jsonl`), "");
    }
    await assert.rejects(
      () => readArtifactPackage(dir),
      (e: unknown) =>
        e instanceof InputError && /experiences\.jsonl: line 2, column 7: /.test(e.message),
    );
  });
});

/** Each reader on the same text: the second line repeats a key. */
const TWICE = '{"R":1,"R":5}';

Deno.test('every JSONL reader refuses {"R":1,"R":5}, naming the file and line', async () => {
  const K = "0".repeat(64);
  const cases: [string, () => unknown][] = [
    [
      "imported labels",
      () => parseImportedCoverage(`{"key":"${K}","value":1}\n${TWICE}\n`, "jsonl", "f.jsonl"),
    ],
    ["generic store", () => readGenericJsonl(`{"memories":[]}\n${TWICE}\n`, { file: "f.jsonl" })],
    [
      "filler corpus",
      () => parseFillerCorpus(`\n${TWICE}\n`, "f.jsonl"),
    ],
    ["trajectories", () => readTrajectories(`\n${TWICE}\n`, "f.jsonl")],
    ["judge log", () => readJudgeLog(`\n${TWICE}\n`, "f.jsonl")],
    ["reader outputs", () => medianPromptTokens(`\n${TWICE}\n`, "f.jsonl")],
  ];
  for (const [what, read] of cases) {
    assert.throws(read, (e: unknown) => {
      const m = (e as Error).message;
      return e instanceof InputError && /f\.jsonl/.test(m) && /line 2/.test(m) &&
        /each key once|"R" repeats/.test(m);
    }, what);
  }
  await withTempDir(async (dir) => {
    const path = join(dir, "f.jsonl");
    await Deno.writeTextFile(path, `\n${TWICE}\n`);
    await assert.rejects(
      async () => {
        for await (const _ of readRetrievalLog(path)) { /* read all */ }
      },
      (e: unknown) =>
        e instanceof InputError && /line 2/.test((e as Error).message) &&
        /each key once/.test((e as Error).message),
      "retrieval log",
    );
  });
});
