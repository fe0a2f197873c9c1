import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { type LongMemEvalInstance, readLongMemEval } from "../../lib/longmemeval/read.ts";
import { withTempDir } from "../_tmp.ts";

const SHARED = join(import.meta.dirname!, "..", "..", "..", "shared", "data", "longmemeval");
const ORACLE = join(SHARED, "longmemeval_oracle_301.json.gz");
const S30 = join(SHARED, "longmemeval_s_30.json.gz");
const HAVE = existsSync(ORACLE) && existsSync(S30);

/** A small valid instance. */
function instance(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    question_id: id,
    question_type: "single-session-user",
    question: "Where did I move?",
    answer: "Oslo",
    question_date: "2023/05/20 (Sat) 02:21",
    haystack_dates: ["2023/05/01 (Mon) 10:00", "2023/05/02 (Tue) 10:00"],
    haystack_session_ids: ["s1", "answer_1"],
    haystack_sessions: [
      [{ role: "user", content: 'pasta [recipe] {with} "quotes" \\ please' }],
      [{ role: "user", content: "I moved to Oslo.", has_answer: true }, {
        role: "assistant",
        content: "Nice!",
      }],
    ],
    answer_session_ids: ["answer_1"],
    ...extra,
  };
}

async function readAll(path: string): Promise<{ qs: LongMemEvalInstance[]; warnings: string[] }> {
  const warnings: string[] = [];
  const qs: LongMemEvalInstance[] = [];
  for await (const q of readLongMemEval(path, { onWarning: (w) => warnings.push(w) })) qs.push(q);
  return { qs, warnings };
}

async function gzip(text: string): Promise<Uint8Array> {
  const s = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

Deno.test("readLongMemEval reads a plain list and the same list gzipped (by magic bytes, any name)", async () => {
  await withTempDir(async (dir) => {
    // Long contents make the elements span many read chunks; brackets and quotes inside strings.
    const big = 'x ] } [ { \\" '.repeat(30000);
    const list = [instance("q1"), instance("q2", { answer: 3 }), instance("q3_abs")];
    (list[2].haystack_sessions as { content: string; has_answer?: boolean }[][])[1][0] = {
      content: big,
      role: "user",
    } as never;
    const text = JSON.stringify(list, null, 1);
    await Deno.writeTextFile(join(dir, "plain.json"), text);
    await Deno.writeFile(join(dir, "packed.json"), await gzip(text));
    const a = await readAll(join(dir, "plain.json"));
    const b = await readAll(join(dir, "packed.json"));
    assert.deepEqual(a.qs, b.qs);
    assert.deepEqual(a.qs.map((q) => q.question_id), ["q1", "q2", "q3_abs"]);
    assert.equal(a.qs[1].answer, "3");
    assert.equal(a.qs[2].haystack_sessions[1][0].content, big);
    assert.equal(a.qs[0].haystack_sessions[1][0].has_answer, true);
    assert.equal(a.qs[0].haystack_sessions[1][1].has_answer, undefined);
    // q3_abs has no evidence turn; q2's answer is a number: both told, nothing dropped.
    assert.equal(a.warnings.length, 2);
    assert.match(
      a.warnings[0],
      /question 'q3_abs' \(single-session-user, abstention\): no evidence turn/,
    );
    assert.match(a.warnings[1], /1 answer\(s\) are numbers.*\(q2\)/);
    await Deno.writeTextFile(join(dir, "empty.json"), " [ ] ");
    assert.equal((await readAll(join(dir, "empty.json"))).qs.length, 0);
  });
});

const BAD: [string, (l: Record<string, unknown>[]) => unknown, RegExp][] = [
  [
    "sessions and ids of different lengths",
    (l) => (l[1].haystack_session_ids as string[]).push("extra"),
    /\[1\]\.haystack_sessions: question 'q2': expected one session per haystack_session_ids entry: 2 sessions, 3 ids/,
  ],
  [
    "an answer session missing from the haystack",
    (l) => (l[1].answer_session_ids = ["answer_9"]),
    /\[1\]\.answer_session_ids\[0\]: question 'q2': .*'answer_9' is missing from the haystack/,
  ],
  [
    "a repeated question id",
    (l) => (l[1].question_id = "q1"),
    /\[1\]\.question_id: question 'q1': expected each question once, it is also element \[0\]/,
  ],
  [
    "a turn that is not {role, content}",
    (l) => ((l[1].haystack_sessions as unknown[][])[1][1] = { speaker: "x", text: "y" }),
    /\[1\]\.haystack_sessions\[1\]\[1\]: question 'q2': expected a turn \{role: "user" \| "assistant", content: string\}/,
  ],
  [
    "a role that is neither",
    (l) => ((l[1].haystack_sessions as unknown[][])[0][0] = { role: "system", content: "y" }),
    /\[1\]\.haystack_sessions\[0\]\[0\]: question 'q2': expected a turn/,
  ],
  [
    "a missing question",
    (l) => delete l[1].question,
    /\[1\]\.question: question 'q2': expected a string/,
  ],
];

for (const [name, spoil, message] of BAD) {
  Deno.test(`readLongMemEval refuses ${name}, naming file, question and field`, async () => {
    await withTempDir(async (dir) => {
      const list = [instance("q1"), instance("q2")];
      spoil(list);
      const path = join(dir, "bad.json");
      await Deno.writeFile(path, await gzip(JSON.stringify(list)));
      await assert.rejects(() => readAll(path), (e: Error) => {
        assert.ok(e instanceof InputError);
        assert.ok(e.message.startsWith(`Cannot read ${path}: `), e.message);
        assert.match(e.message, message);
        assert.ok(!e.message.includes("\n"));
        return true;
      });
    });
  });
}

Deno.test("readLongMemEval refuses a truncated file, an object file, a duplicate key and bad JSON", async () => {
  await withTempDir(async (dir) => {
    const cases: [string, RegExp][] = [
      [
        JSON.stringify([instance("q1"), instance("q2")]).slice(0, 700),
        /\[1\]: expected the list to go on, the file ends inside element \[1\]/,
      ],
      [
        JSON.stringify(instance("q1")),
        /\(root\): expected a LongMemEval file: a JSON list of instances/,
      ],
      [
        `[${JSON.stringify(instance("q1")).replace('"question":', '"question":"a","question":')}]`,
        /\[0\]: question 'q1': expected each key once.*"question" repeats/,
      ],
      [
        `[${JSON.stringify(instance("q1")).replace('"Oslo"', "Oslo")}]`,
        /\[0\]: question 'q1': expected valid JSON/,
      ],
      [`[${JSON.stringify(instance("q1"))}] x`, /expected nothing after the list's closing '\]'/],
      ["", /the file is empty/],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const path = join(dir, `bad${i}.json`);
      await Deno.writeTextFile(path, text);
      await assert.rejects(() => readAll(path), (e: Error) => {
        assert.ok(e instanceof InputError, e.message);
        assert.match(e.message, message);
        return true;
      });
    }
    await assert.rejects(() => readAll(join(dir, "absent.json")), InputError);
  });
});

Deno.test({
  name: "readLongMemEval reads the shared oracle and S copies (301 and 30 questions)",
  ignore: !HAVE,
  fn: async () => {
    const o = await readAll(ORACLE);
    assert.equal(o.qs.length, 301);
    assert.equal(o.qs.filter((q) => q.question_id.endsWith("_abs")).length, 19);
    const evidence = o.qs.reduce(
      (n, q) => n + q.haystack_sessions.flat().filter((t) => t.has_answer).length,
      0,
    );
    assert.equal(evidence, 550);
    // 13 questions without an evidence turn and one line on the 16 numeric answers.
    assert.equal(o.warnings.filter((w) => /no evidence turn/.test(w)).length, 13);
    assert.equal(o.warnings.length, 14);
    const s = await readAll(S30);
    assert.equal(s.qs.length, 30);
    assert.equal(
      s.qs.reduce((n, q) => n + q.haystack_sessions.flat().filter((t) => t.has_answer).length, 0),
      45,
    );
    const ids = new Set(o.qs.map((q) => q.question_id));
    assert.ok(s.qs.every((q) => ids.has(q.question_id)));
    assert.equal(s.warnings.filter((w) => /repeats/.test(w)).length, 2);
  },
});

Deno.test("readLongMemEval refuses a folder with an InputError naming it (was a bare 'Is a directory')", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(
      async () => {
        for await (const _ of readLongMemEval(dir)) { /* nothing */ }
      },
      (e: unknown) =>
        e instanceof InputError && e.file === dir &&
        e.message.startsWith(`Cannot read ${dir}: (root): expected a readable LongMemEval file (`),
    );
  });
});

Deno.test("checkLongMemEval() checks parsed JSON as readLongMemEval checks a file: a list, or one bare instance", async () => {
  const { checkLongMemEval } = await import("../../lib/longmemeval/read.ts");
  const warnings: string[] = [];
  const list = [instance("q1"), instance("q2", { answer: 7, note: "not kept" })];
  const got = checkLongMemEval(list, "l.json", { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(got.map((q) => [q.question_id, q.answer]), [["q1", "Oslo"], ["q2", "7"]]);
  assert.equal("note" in got[1], false);
  assert.deepEqual(warnings, [
    "l.json: 1 answer(s) are numbers in the file, read as their decimal strings (q2)",
  ]);
  await withTempDir(async (dir) => {
    const path = join(dir, "l.json");
    await Deno.writeTextFile(path, JSON.stringify(list));
    assert.deepEqual((await readAll(path)).qs, got);
  });
  assert.deepEqual(checkLongMemEval(instance("q1"), "one.json"), [got[0]]);
  const refused = (data: unknown, message: string) =>
    assert.throws(
      () => checkLongMemEval(data, "x.json"),
      (e: unknown) => e instanceof InputError && e.message === message,
    );
  refused(
    instance("q1", { question: 4 }),
    "Cannot read x.json: question: question 'q1': expected a string, got 4",
  );
  refused(
    [instance("q1"), instance("q2", { question_date: 20230520 })],
    "Cannot read x.json: [1].question_date: question 'q2': expected a string or null, got 20230520",
  );
  refused(
    { questions: [] },
    "Cannot read x.json: (root): expected a LongMemEval file: a JSON list of instances, or one instance object",
  );
});
