import assert from "node:assert/strict";
import {
  TRANSFER_READER_STATUS,
  transferDiagnostic,
  transferTokens,
} from "../../lib/longmemeval/transfer.ts";
import type { LongMemEvalInstance } from "../../lib/longmemeval/read.ts";

function q(id: string, has: boolean): LongMemEvalInstance {
  return {
    question_id: id,
    question_type: "single-session-user",
    question: "Which city did I move to last spring?",
    answer: "Oslo",
    question_date: null,
    haystack_dates: ["d1", "d2"],
    haystack_session_ids: ["filler_1", "answer_1"],
    haystack_sessions: [
      [{ role: "user", content: "Any pasta recipe? I like basil and garlic a lot." }],
      [
        {
          role: "user",
          content: "I moved to Oslo last spring. The city is cold.",
          has_answer: has,
        },
        { role: "assistant", content: "Oslo is a lovely city. Enjoy it!" },
      ],
    ],
    answer_session_ids: ["answer_1"],
  };
}

Deno.test("transferTokens: lowercased runs of letters and digits", () => {
  assert.deepEqual(transferTokens("Où est-il? 2023, OK"), ["où", "est", "il", "2023", "ok"]);
});

Deno.test("transferDiagnostic: raw store vs writers' stores, recall_any@k and words; reader labelled not run", async () => {
  const r = await transferDiagnostic([q("a", true), q("b_abs", false)], {
    budgets: [12],
    methods: ["oracle_gvt"],
    ks: [1, 3],
  });
  assert.equal(r.questions, 2);
  assert.deepEqual(r.left_out, ["b_abs"]);
  assert.equal(r.reader, TRANSFER_READER_STATUS);
  assert.match(r.reader, /^not run offline/);
  const raw = r.rows.filter((x) => x.store === "raw");
  assert.deepEqual(raw.map((x) => [x.k, x.n, x.recall_any]), [[1, 1, 1], [3, 1, 1]]);
  // Raw store: 3 turns of 11 + 11 + 8 words (role included); the top 1 is the evidence turn.
  assert.equal(raw[0].store_words, 30);
  assert.equal(raw[0].words_retrieved, 11);
  assert.equal(raw[1].words_retrieved, 30);
  const w = r.rows.filter((x) => x.store === "oracle_gvt");
  assert.deepEqual(w.map((x) => [x.budget, x.k]), [[12, 1], [12, 3]]);
  assert.ok(w[0].store_words < raw[0].store_words);
});
