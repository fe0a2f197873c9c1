/**
 * LongMemEval-format files as a ladder source, and the format itself
 * (COMPANIONS §3.1; paper 002 §3.1 runs on LongMemEval).
 *
 * @module
 */
import { readJsonInput } from "../../base/fs.ts";
import { checkLongMemEval, type LongMemEvalInstance } from "../../longmemeval/read.ts";

export { isLongMemEvalInstance } from "../../longmemeval/read.ts";
import { parseLongMemEvalDate } from "./dates.ts";
import type { LadderIssue, LadderQuery, LadderSession, LadderSource } from "./types.ts";

// The one format and its one check live in lib/longmemeval/ (read.ts); `memaudit/scale` exports
// the types under these names too.
export type { LongMemEvalInstance, LongMemEvalTurn } from "../../longmemeval/read.ts";

/**
 * Checks parsed LongMemEval JSON: the published JSON list of instances, or one bare instance (an
 * object), read as a list of one. The checks are lib/longmemeval/read.ts's
 * (`checkLongMemEval`, the same as the streamed reader's): numeric answers become their decimal
 * strings, repeated haystack session ids and questions without an evidence turn are kept, each
 * told through `onWarning`.
 *
 * @param data parsed JSON
 * @param file file name for errors
 * @param options `onWarning`, told each published quirk kept
 * @returns the instances, in file order
 * @throws {InputError} naming the file, the JSON path of the first problem (`[3].answer` in a
 *   list, `answer` in a bare instance), the question id and what was expected
 */
export function parseLongMemEval(
  data: unknown,
  file = "<memory>",
  options: {
    /** Told each published quirk kept (no evidence turn, repeated session id, numeric answers). */
    onWarning?: (w: string) => void;
  } = {},
): LongMemEvalInstance[] {
  return checkLongMemEval(data, file, options);
}

/**
 * Reads and checks a LongMemEval-format JSON file (see {@linkcode parseLongMemEval}).
 *
 * @param path file path
 * @param options `onWarning`, told each published quirk kept
 * @returns the instances
 * @throws {InputError} when the file is missing, not JSON or not in the format
 */
export async function loadLongMemEval(
  path: string,
  options: {
    /** Told each published quirk kept (no evidence turn, repeated session id, numeric answers). */
    onWarning?: (w: string) => void;
  } = {},
): Promise<LongMemEvalInstance[]> {
  return parseLongMemEval(await readJsonInput(path), path, options);
}

function evidenceLike(id: string, turns: readonly { has_answer?: boolean }[]): boolean {
  return id.startsWith("answer_") || turns.some((t) => t.has_answer === true);
}

/**
 * Converts LongMemEval instances into a ladder source.
 *
 * - E(q): the sessions listed in `answer_session_ids`, with their own dates
 *   and `has_answer` marks. A listed id missing from the haystack, or an
 *   evidence session whose date cannot be read, drops the question (reported).
 * - Own filler: the instance's other sessions (they keep their dates), except
 *   those that look like evidence (id `answer_…` or a `has_answer` turn),
 *   which are reported and left out.
 * - Pool: every instance's non-evidence-like sessions, deduplicated by id
 *   (the first in file order is kept; the pool is sorted by id before any
 *   draw, so file order does not matter for distinct ids).
 * - `need`: `all` for the question types in `opts.allTypes` (default
 *   `multi-session` only, COMPANIONS §1(e)), else `any` (so a knowledge-update
 *   question is covered by either its old or its new evidence session unless
 *   `knowledge-update` is listed); ids ending `_abs` are abstention questions.
 * - Repeats: an instance whose `question_id` an earlier one has is left out,
 *   and so is a session id listed twice in one haystack (both reported as
 *   `question_id_repeated` / `session_id_repeated`): kept, the query would
 *   count twice and the session would be drawn twice as filler.
 *
 * @param instances validated instances
 * @param files file names recorded in the source
 * @param opts `allTypes`: question types whose every evidence session must be retrieved
 * @returns the source
 */
export function longMemEvalLadderSource(
  instances: readonly LongMemEvalInstance[],
  files: string[] = [],
  opts: { allTypes?: readonly string[] } = {},
): LadderSource {
  const allTypes = new Set(opts.allTypes ?? ["multi-session"]);
  const issues: LadderIssue[] = [];
  const queries: LadderQuery[] = [];
  const pool: LadderSession[] = [];
  const seen = new Set<string>();
  const question = new Map<string, number>();
  for (const [i, inst] of instances.entries()) {
    const qid = inst.question_id;
    const first = question.get(qid);
    if (first !== undefined) {
      const detail = `instance [${i}] repeats the question_id of instance [${first}]: left out`;
      issues.push({ code: "question_id_repeated", ref: qid, detail });
      continue;
    }
    question.set(qid, i);
    const sessionAt = new Map<string, number>();
    const qdate = inst.question_date === null ? null : parseLongMemEvalDate(inst.question_date);
    const evidenceIds = new Set(inst.answer_session_ids);
    const evidence: LadderSession[] = [];
    const own: LadderSession[] = [];
    const dates: number[] = [];
    const badDate = `question_date ${JSON.stringify(inst.question_date)} is not of the form`;
    let dropped: string | null = qdate === null ? `${badDate} 2023/05/20 (Sat) 02:21` : null;
    inst.haystack_session_ids.forEach((id, k) => {
      const before = sessionAt.get(id);
      if (before !== undefined) {
        const detail =
          `haystack_session_ids[${k}] repeats haystack_session_ids[${before}]: left out`;
        issues.push({ code: "session_id_repeated", ref: `${qid}/${id}`, detail });
        return;
      }
      sessionAt.set(id, k);
      const turns = inst.haystack_sessions[k];
      const date = parseLongMemEvalDate(inst.haystack_dates[k]);
      if (date === null) {
        const detail = `haystack_dates[${k}] ${
          JSON.stringify(inst.haystack_dates[k])
        } cannot be read`;
        issues.push({ code: "session_undated", ref: `${qid}/${id}`, detail });
        if (evidenceIds.has(id)) dropped ??= `evidence session ${id} has no readable date`;
        return;
      }
      dates.push(date);
      const s: LadderSession = {
        id,
        date,
        origin: qid,
        turns: turns.map((t) =>
          t.has_answer === true
            ? { role: t.role, content: t.content, has_answer: true }
            : { role: t.role, content: t.content }
        ),
      };
      if (evidenceIds.has(id)) {
        evidence.push(s);
        return;
      }
      if (evidenceLike(id, turns)) {
        const detail =
          "not in answer_session_ids but named answer_… or holding a has_answer turn: left out";
        issues.push({ code: "evidence_like_filler", ref: `${qid}/${id}`, detail });
        return;
      }
      own.push(s);
      if (!seen.has(id)) {
        seen.add(id);
        pool.push(s);
      }
    });
    for (const id of evidenceIds) {
      if (!inst.haystack_session_ids.includes(id)) {
        dropped ??= `answer session ${id} is not in haystack_session_ids`;
      }
    }
    if (evidence.length === 0) dropped ??= "no evidence session";
    if (dropped !== null) {
      issues.push({ code: "query_dropped", ref: qid, detail: dropped });
      continue;
    }
    queries.push({
      queryId: qid,
      questionType: inst.question_type,
      question: inst.question,
      answer: inst.answer,
      questionDate: qdate!,
      earliest: Math.min(...dates),
      evidence,
      own,
      group: qid,
      need: allTypes.has(inst.question_type) ? "all" : "any",
      abstention: qid.endsWith("_abs"),
    });
  }
  return { kind: "longmemeval", files, queries, pool, issues };
}
