/**
 * LongMemEval-format files as a ladder source, and the format itself
 * (COMPANIONS §3.1; paper 002 §3.1 runs on LongMemEval).
 *
 * @module
 */
import { z } from "../../base/deps/zod.ts";
import { InputError } from "../../base/errors.ts";
import { readJsonInput } from "../../base/fs.ts";
import { validateInput } from "../../base/validate_input.ts";
import { parseLongMemEvalDate } from "./dates.ts";
import type { LadderIssue, LadderQuery, LadderSession, LadderSource } from "./types.ts";

/** One turn `{role: user|assistant, content, has_answer?}`. */
export const LongMemEvalTurnSchema: z.ZodType<LongMemEvalTurn> = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  has_answer: z.boolean().optional(),
});

/** One LongMemEval instance (one question with its haystack). */
export const LongMemEvalInstanceSchema: z.ZodType<LongMemEvalInstance> = z.looseObject({
  question_id: z.string().min(1),
  question_type: z.string(),
  question: z.string(),
  answer: z.union([z.string(), z.number()]),
  question_date: z.string(),
  haystack_session_ids: z.array(z.string()),
  haystack_dates: z.array(z.string()),
  haystack_sessions: z.array(z.array(LongMemEvalTurnSchema)),
  answer_session_ids: z.array(z.string()),
});

/** A LongMemEval file: a JSON list of instances. */
const LongMemEvalFileSchema = z.array(LongMemEvalInstanceSchema);

/** One LongMemEval turn. */
export interface LongMemEvalTurn {
  /** Speaker role. */
  role: "user" | "assistant";
  /** Turn text. */
  content: string;
  /** True on an evidence turn. */
  has_answer?: boolean;
}

/** A LongMemEval instance (one question with its haystack). */
export interface LongMemEvalInstance {
  /** Unique question id; suffix `_abs` marks an abstention question. */
  question_id: string;
  /** LongMemEval question type (e.g. `multi-session`). */
  question_type: string;
  /** Question text. */
  question: string;
  /** Gold answer (as text). */
  answer: string | number;
  /** Date of the question, `2023/05/20 (Sat) 02:21`. */
  question_date: string;
  /** Session ids of the history, in date order. */
  haystack_session_ids: string[];
  /** One date per session, same order. */
  haystack_dates: string[];
  /** The sessions: lists of turns. */
  haystack_sessions: LongMemEvalTurn[][];
  /** E(q): the evidence session ids. */
  answer_session_ids: string[];
}

/**
 * Whether parsed JSON is one bare LongMemEval instance (an object with `question_id`) rather
 * than the published list.
 *
 * @param data parsed JSON
 * @returns true for a single instance object
 */
export function isLongMemEvalInstance(data: unknown): boolean {
  return data !== null && typeof data === "object" && !Array.isArray(data) &&
    "question_id" in data;
}

/**
 * Validates parsed LongMemEval JSON (also the lengths of the three haystack lists): the
 * published JSON list of instances, or one bare instance (an object), read as a list of one.
 *
 * @param data parsed JSON
 * @param file file name for errors
 * @returns the instances, in file order
 * @throws {InputError} naming the file and the JSON path of the first problem (`[3].answer` in
 *   a list, `answer` in a bare instance)
 */
export function parseLongMemEval(data: unknown, file = "<memory>"): LongMemEvalInstance[] {
  const bare = isLongMemEvalInstance(data);
  const instances = bare
    ? [validateInput(LongMemEvalInstanceSchema, data, file)]
    : validateInput(LongMemEvalFileSchema, data, file);
  instances.forEach((inst, i) => {
    const n = inst.haystack_session_ids.length;
    for (const key of ["haystack_dates", "haystack_sessions"] as const) {
      if (inst[key].length !== n) {
        throw new InputError(
          file,
          { path: bare ? key : `[${i}].${key}` },
          `expected ${n} entries (one per haystack_session_ids entry), got ${inst[key].length}`,
        );
      }
    }
  });
  return instances;
}

/**
 * Reads and validates a LongMemEval-format JSON file.
 *
 * @param path file path
 * @returns the instances
 * @throws {InputError} when the file is missing, not JSON or not in the format
 */
export async function loadLongMemEval(path: string): Promise<LongMemEvalInstance[]> {
  return parseLongMemEval(await readJsonInput(path), path);
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
    const qdate = parseLongMemEvalDate(inst.question_date);
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
      answer: String(inst.answer),
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
