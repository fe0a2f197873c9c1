/**
 * The minimal LongMemEval reader of branch w-recall (lib/longmemeval/read.ts, replaced at merge
 * by w-lmenat's reader of the same API): plain and gzip lists, chunk boundaries, bad input named.
 * The message patterns are this version's; drop this file if the replacement words them otherwise.
 */
import assert from "node:assert/strict";
import { InputError } from "../../lib/errors.ts";
import { type LongMemEvalInstance, readLongMemEval } from "../../lib/longmemeval/read.ts";
import { withTempDir } from "../_tmp.ts";

const inst = (qid: string, text = "I moved to Oslo"): Record<string, unknown> => ({
  question_id: qid,
  question_type: "single-session-user",
  question: "Where did I move?",
  answer: 7,
  question_date: "2023/06/01 (Thu) 10:00",
  haystack_dates: ["2023/05/01 (Mon) 09:00", "2023/05/02 (Tue) 09:00"],
  haystack_session_ids: [`answer_${qid}`, `${qid}_x`],
  haystack_sessions: [
    [{ role: "user", content: text, has_answer: true }, { role: "assistant", content: 'ok "\\\\' }],
    [{ role: "user", content: "pasta" }],
  ],
  answer_session_ids: [`answer_${qid}`],
});

async function all(path: string, warn?: (w: string) => void): Promise<LongMemEvalInstance[]> {
  const out: LongMemEvalInstance[] = [];
  for await (const x of readLongMemEval(path, { onWarning: warn })) out.push(x);
  return out;
}

async function gzip(text: string): Promise<Uint8Array> {
  const s = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

Deno.test("readLongMemEval() streams plain and gzip lists alike, across chunk boundaries", async () => {
  await withTempDir(async (dir) => {
    // Long turns with quotes and backslashes put element and string ends across 64 KiB chunks.
    const list = Array.from({ length: 40 }, (_, i) => inst(`q${i}`, `x\\"y `.repeat(3000 + i)));
    const text = JSON.stringify(list, null, 1);
    await Deno.writeTextFile(`${dir}/a.json`, text);
    await Deno.writeFile(`${dir}/a.gz.bin`, await gzip(text));
    const plain = await all(`${dir}/a.json`);
    const gz = await all(`${dir}/a.gz.bin`);
    assert.equal(plain.length, 40);
    assert.deepEqual(gz, plain);
    assert.equal(plain[39].haystack_sessions[0][0].content, `x\\"y `.repeat(3039));
    assert.equal(plain[0].answer, "7");
    assert.equal(plain[0].haystack_sessions[0][1].content, 'ok "\\\\');
    // One bare instance reads as a list of one.
    await Deno.writeTextFile(`${dir}/b.json`, JSON.stringify(inst("solo")));
    assert.deepEqual((await all(`${dir}/b.json`)).map((x) => x.question_id), ["solo"]);
  });
});

Deno.test("readLongMemEval() names the file, the question and the field of bad input", async () => {
  await withTempDir(async (dir) => {
    const cases: [unknown, RegExp][] = [
      [[{ ...inst("q1"), haystack_dates: ["d"] }], /q1\.haystack_dates: expected 2 entries/],
      [[{ ...inst("q2"), answer_session_ids: ["nope"] }], /q2\.answer_session_ids: .*"nope"/],
      [[inst("q3"), inst("q3")], /q3\.question_id: a question id not used before/],
      [
        [{ ...inst("q4"), haystack_sessions: [[{ role: "user" }], []] }],
        /q4\.haystack_sessions\[0\]\[0\]\.content: expected a string/,
      ],
      [
        [{ ...inst("q5"), haystack_sessions: [[{ role: "bot", content: "" }], []] }],
        /q5\.haystack_sessions\[0\]\[0\]\.role/,
      ],
      [[{ ...inst("q6"), question_id: 3 }], /\[0\]\.question_id: expected a non-empty string/],
      [[1], /\[0\]: expected an instance object/],
      [{ a: 1 }, /question_id/],
    ];
    for (const [data, re] of cases) {
      await Deno.writeTextFile(`${dir}/x.json`, JSON.stringify(data));
      await assert.rejects(() => all(`${dir}/x.json`), (e: unknown) => {
        assert.ok(e instanceof InputError, String(e));
        assert.match(e.message, re);
        assert.match(e.message, /x\.json/);
        return true;
      });
    }
    await Deno.writeTextFile(`${dir}/t.json`, JSON.stringify([inst("q1")]).slice(0, 50));
    await assert.rejects(() => all(`${dir}/t.json`), /truncated/);
    await assert.rejects(() => all(`${dir}/missing.json`), /expected an existing file/);
  });
});

Deno.test("readLongMemEval() keeps a session id repeated in one haystack and reports it", async () => {
  await withTempDir(async (dir) => {
    const x = inst("q1");
    x.haystack_session_ids = ["answer_q1", "answer_q1"];
    x.haystack_sessions = [[{ role: "user", content: "a" }], [{ role: "user", content: "b" }]];
    await Deno.writeTextFile(`${dir}/r.json`, JSON.stringify([x]));
    const warnings: string[] = [];
    const got = await all(`${dir}/r.json`, (w) => warnings.push(w));
    assert.equal(got[0].haystack_sessions.length, 2);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /q1: haystack_session_ids\[1\] repeats the session id "answer_q1"/);
  });
});
