/** lib/systems/write_turns.ts: the turns `memaudit write` feeds, from LoCoMo and LongMemEval. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import type { LongMemEvalInstance } from "../../lib/longmemeval/read.ts";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import { locomoTurns, longMemEvalTurns, sessionSeconds } from "../../lib/systems/write_turns.ts";

const TINY = new URL("./fixtures/locomo_tiny.json", import.meta.url).pathname;

Deno.test("sessionSeconds() reads LoCoMo's, LongMemEval's and ISO dates as UTC seconds", () => {
  assert.equal(sessionSeconds("1:56 pm on 8 May, 2023"), Date.UTC(2023, 4, 8, 13, 56) / 1000);
  assert.equal(sessionSeconds("2023/05/20 (Sat) 02:21"), Date.UTC(2023, 4, 20, 2, 21) / 1000);
  assert.equal(sessionSeconds("2023-05-20"), Date.UTC(2023, 4, 20) / 1000);
  assert.equal(sessionSeconds("sometime in May"), null);
});

Deno.test("locomoTurns() gives every turn in session order as 'Speaker: text' with its date", async () => {
  const [sample] = await loadLocomo(TINY);
  const turns = locomoTurns(sample, TINY);
  assert.deepEqual(turns.map((t) => [t.session, t.turn_id, t.role]), [
    [1, "D1:1", "user"],
    [1, "D1:2", "assistant"],
    [2, "D2:1", "user"],
    [2, "D2:2", "assistant"],
  ]);
  assert.equal(turns[2].text, "Caroline: I want to work in counseling and mental health.");
  assert.equal(turns[3].session_date, "1:14 pm on 25 May, 2023");
  assert.equal(turns[3].session_time, Date.UTC(2023, 4, 25, 13, 14) / 1000);
});

Deno.test("locomoTurns() refuses a session with turns but no date, naming the field", async () => {
  const [sample] = await loadLocomo(TINY);
  const c = { ...sample.conversation };
  delete c.session_2_date_time;
  assert.throws(
    () => locomoTurns({ ...sample, conversation: c }, "f.json"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message === "Cannot read f.json: [conv-tiny].conversation.session_2_date_time: " +
          "expected the date of a session that has turns",
  );
});

const question = (sessions: { role: "user" | "assistant"; content: string }[][]) =>
  ({
    question_id: "q1",
    question_type: "single-session-user",
    question: "?",
    answer: "a",
    question_date: null,
    haystack_dates: sessions.map((_, i) => `2023/05/2${i} (Sat) 02:21`),
    haystack_session_ids: sessions.map((_, i) => `s${i}`),
    haystack_sessions: sessions,
    answer_session_ids: ["s0"],
  }) satisfies LongMemEvalInstance;

Deno.test("longMemEvalTurns() numbers sessions from 1, ids <session_id>:<index>, skips blank turns", () => {
  const turns = longMemEvalTurns(question([
    [{ role: "user", content: "I adopted a cat." }, { role: "assistant", content: "  " }],
    [{ role: "assistant", content: "Nice." }],
  ]));
  assert.deepEqual(turns.map((t) => [t.session, t.turn_id, t.role, t.text, t.session_time]), [
    [1, "s0:0", "user", "I adopted a cat.", Date.UTC(2023, 4, 20, 2, 21) / 1000],
    [2, "s1:0", "assistant", "Nice.", Date.UTC(2023, 4, 21, 2, 21) / 1000],
  ]);
  assert.throws(() => longMemEvalTurns(question([[{ role: "user", content: "" }]])), InputError);
});

Deno.test("locomoTurns() leaves out a turn whose text is blank (not a bare 'Speaker: '), keeping the others' ids", async () => {
  const [sample] = await loadLocomo(TINY);
  const c = structuredClone(sample.conversation);
  const s1 = c.session_1 as { speaker: string; dia_id: string; text: string }[];
  s1[0].text = "";
  s1[1].text = " \t";
  c.session_3 = [{ speaker: "Caroline", dia_id: "D3:1", text: "" }];
  c.session_3_date_time = "1:00 pm on 1 June, 2023";
  const turns = locomoTurns({ ...sample, conversation: c }, TINY);
  assert.deepEqual(turns.map((t) => t.turn_id), ["D2:1", "D2:2"]);
  assert.deepEqual(turns.map((t) => t.session), [2, 2]);
});
