/** A small LongMemEval question for the tests of its readers, packages and stores. */
import type { LongMemEvalInstance } from "../../lib/longmemeval/read.ts";

/** The evidence turn of {@linkcode osloQuestion}. */
export const OSLO_EVIDENCE = "Hello there. I moved to Oslo last spring! It is cold.";

/**
 * One question: a filler session, then the evidence session whose first turn (`has_answer`
 * unless `has` is false) says where the user moved.
 *
 * @param id the question id
 * @param answer the gold answer (default "Oslo")
 * @param has whether the evidence turn carries `has_answer: true`
 * @returns the instance
 */
export function osloQuestion(id: string, answer = "Oslo", has = true): LongMemEvalInstance {
  return {
    question_id: id,
    question_type: "single-session-user",
    question: "Where did I move to last spring?",
    answer,
    question_date: "2023/05/20 (Sat) 02:21",
    haystack_dates: ["2023/05/01 (Mon) 10:00", "2023/05/02 (Tue) 10:00"],
    haystack_session_ids: ["filler_1", "answer_1"],
    haystack_sessions: [
      [{ role: "user", content: "Any pasta recipe? I like basil." }],
      [
        { role: "user", content: OSLO_EVIDENCE, has_answer: has },
        { role: "assistant", content: "Oslo is lovely. Enjoy it." },
      ],
    ],
    answer_session_ids: ["answer_1"],
  };
}
