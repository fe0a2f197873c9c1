/**
 * The internal shape every ladder source converts to (paper 002 §3.1;
 * COMPANIONS §1(e)): queries with their evidence sessions E(q), their own
 * non-evidence sessions, and a cross-instance filler pool.
 *
 * Dates are whole minutes since 1970-01-01 UTC (the LongMemEval date text
 * `2023/05/20 (Sat) 02:21` has minute resolution).
 *
 * @module
 */

/** One session of a history. */
export interface LadderSession {
  /** Session id, unique within a source. */
  id: string;
  /** Date in minutes since the epoch (UTC). */
  date: number;
  /** Turns, in order. */
  turns: {
    /** Speaker role (`user` or `assistant`). */
    role: "user" | "assistant";
    /** Turn text. */
    content: string;
    /** True on an evidence turn. */
    has_answer?: boolean;
  }[];
  /** Where it came from: a LongMemEval question id, a LoCoMo sample id, or a filler file. */
  origin: string;
}

/** Which evidence sessions the structural judge needs retrieved: all of them, or any one. */
export type EvidenceNeed = "all" | "any";

/** One query of a source, with what the ladder keeps fixed. */
export interface LadderQuery {
  /** Query id (LongMemEval `question_id`, LoCoMo `<sample_id>_q<index>`). */
  queryId: string;
  /** LongMemEval `question_type`, or `locomo-<category name>`. */
  questionType: string;
  /** Question text. */
  question: string;
  /** Gold answer (as text). */
  answer: string;
  /** Date of the question, minutes since the epoch. */
  questionDate: number;
  /** Earliest date of the query's own haystack (the lower end of filler dates). */
  earliest: number;
  /** E(q): the evidence sessions, kept with their own dates at every scale. */
  evidence: LadderSession[];
  /** The query's own non-evidence sessions (first in the filler order; they keep their dates). */
  own: LadderSession[];
  /** Sessions of this group never serve as cross-instance filler (a LoCoMo conversation). */
  group: string;
  /** `all` for multi-session questions, `any` otherwise (COMPANIONS §1(e)). */
  need: EvidenceNeed;
  /** Abstention question: correct iff the answer abstains. */
  abstention: boolean;
}

/** A problem found while reading a source (a malformed evidence id, an undated session, ...). */
export interface LadderIssue {
  /** Short code, e.g. `evidence_id_malformed`, `query_dropped`, `scale_unreachable`. */
  code: string;
  /** The query or session it concerns. */
  ref: string;
  /** What happened, in words. */
  detail: string;
}

/** A converted source: queries, the cross-instance pool, and the issues met. */
export interface LadderSource {
  /** `locomo`, `longmemeval` or `filler` (or a combination, e.g. `locomo+filler`). */
  kind: string;
  /** File(s) read. */
  files: string[];
  /** Per-query ladders, in source order. */
  queries: LadderQuery[];
  /**
   * Cross-instance filler pool: sessions that are nobody's evidence, deduplicated by id.
   * A query never draws sessions of its own group from it.
   */
  pool: LadderSession[];
  /** Problems met while converting, in order. */
  issues: LadderIssue[];
}
