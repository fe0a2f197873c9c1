/**
 * lib/systems/write_source.ts: what `memaudit write` feeds a system and what provenance.json says
 * of the source: a LoCoMo conversation found by `--locomo-data`, or a LongMemEval question; an
 * unknown conversation or question is an InputError naming the file and what it holds.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { sha256Hex } from "../../lib/base/hash.ts";
import { writeSource } from "../../lib/systems/write_source.ts";
import { ROOT } from "../_imports.ts";

const TINY = join(ROOT, "tests", "systems", "fixtures", "locomo_tiny.json");

Deno.test("writeSource: a LoCoMo conversation's turns, user id and source record", async () => {
  const s = await writeSource({ kind: "locomo", conversation: "conv-tiny", data: TINY });
  assert.equal(s.user, "conv-tiny");
  assert.deepEqual(s.turns.map((t) => [t.turn_id, t.role, t.session]), [
    ["D1:1", "user", 1],
    ["D1:2", "assistant", 1],
    ["D2:1", "user", 2],
    ["D2:2", "assistant", 2],
  ]);
  assert.equal(s.source.kind, "locomo");
  assert.equal(s.source.conversation, "conv-tiny");
  assert.equal(s.source.file, TINY);
  assert.equal(s.source.file_sha256, sha256Hex(await Deno.readFile(TINY)));
});

Deno.test("writeSource: an unknown conversation names the file and the ones it holds", async () => {
  await assert.rejects(
    () => writeSource({ kind: "locomo", conversation: "conv-9", data: TINY }),
    (e: unknown) =>
      e instanceof InputError &&
      /expected a conversation 'conv-9', the file holds conv-tiny$/.test(e.message),
  );
});

Deno.test("writeSource: a question a LongMemEval file lacks is an InputError naming it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "write_source_" });
  try {
    const file = join(dir, "lme.json");
    await Deno.writeTextFile(file, "[]");
    await assert.rejects(
      () => writeSource({ kind: "longmemeval", file, question: "q1" }),
      (e: unknown) =>
        e instanceof InputError && e.message.includes(file) &&
        /expected a question 'q1'/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeSource: a question a LongMemEval file lacks names how many it holds, the first ids, or the id meant", async () => {
  const dir = await Deno.makeTempDir({ prefix: "write_source_" });
  const q = (id: string) => ({
    question_id: id,
    question_type: "single-session-user",
    question: "q?",
    answer: "a",
    question_date: "2023/05/20 (Sat) 02:21",
    haystack_session_ids: ["s1"],
    haystack_dates: ["2023/05/20 (Sat) 02:21"],
    haystack_sessions: [[{ role: "user", content: "hello a", has_answer: true }]],
    answer_session_ids: ["s1"],
  });
  try {
    const file = join(dir, "lme.json");
    await Deno.writeTextFile(file, JSON.stringify(["q1", "q2", "q3", "q4"].map(q)));
    const message = async (question: string) => {
      try {
        await writeSource({ kind: "longmemeval", file, question });
      } catch (e) {
        assert.ok(e instanceof InputError);
        return e.message;
      }
      throw new Error("no error");
    };
    assert.equal(
      await message("nope"),
      `Cannot read ${file}: (root): expected a question 'nope', the file holds 4 (q1, q2, q3, ...)`,
    );
    assert.match(
      await message(" q2 "),
      /expected a question ' q2 ', the file holds 4 \(one is 'q2'\)$/,
    );
    await Deno.writeTextFile(file, "[]");
    assert.match(await message("q1"), /expected a question 'q1', the file holds none$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
