/**
 * Issue records of the LoCoMo support-slice converter. Data quirks are
 * reported, never guessed and never silently dropped: every one gets a
 * code, a severity and a readable detail.
 *
 * @module
 */

/**
 * What the converter did about an issue.
 * - `error`: the QA item cannot be converted (its package is null);
 * - `skip`: the QA item was left out on request (its package is null);
 * - `correction`: a clear normalisation was applied and is recorded here;
 * - `note`: recorded only; the package is built unchanged.
 */
export type IssueSeverity = "error" | "skip" | "correction" | "note";

/**
 * Every issue code with its severity and meaning (the documentation table of
 * the converter; the README of `/work/shared/data` lists the quirks).
 */
export const SLICE_ISSUE_CODES = {
  no_evidence: ["error", "the QA item lists no evidence ids"],
  evidence_id_malformed: [
    "error",
    "an evidence id is not of the form D<session>:<turn> (e.g. 'D', 'D:11:26')",
  ],
  evidence_id_dangling: ["error", "a well-formed evidence id names no turn of the conversation"],
  evidence_id_normalised: [
    "correction",
    "an evidence id with a leading zero or spaces ('D30:05') was read as the existing turn 'D30:5'",
  ],
  evidence_id_split: [
    "correction",
    "one evidence string held several ids ('D8:6; D9:17') and was split",
  ],
  evidence_id_duplicate: ["correction", "an evidence turn listed twice was kept once"],
  adversarial_skipped: [
    "skip",
    "category 5 (adversarial) item left out (includeAdversarial false)",
  ],
  adversarial: [
    "note",
    "category 5 (adversarial, unanswerable): units get family abstention; adversarial_answer is kept in meta, not as the answer",
  ],
  integer_answer: ["correction", "the answer is a JSON number and was stringified"],
  missing_answer: ["note", "a non-adversarial QA item has no answer field"],
  raw_span_truncated: [
    "note",
    "the raw span is cut at 220 words before this evidence turn ends, so it does not cover the unit",
  ],
  observation_id_split: [
    "correction",
    "an observation's dia_id string held several ids ('D22:21, D22:23') and was split",
  ],
  observation_id_normalised: [
    "correction",
    "an observation's dia_id with a leading zero or spaces was read as an existing turn",
  ],
  observation_id_malformed: [
    "note",
    "an observation cites a malformed dia_id; that citation gives no coverage (an observation left with no citation is adjudicated lexically)",
  ],
  observation_id_dangling: [
    "note",
    "an observation cites a turn that does not exist; that citation gives no coverage (an observation left with no citation is adjudicated lexically)",
  ],
  session_without_turns: ["note", "a session has a date but no turns (sample-level)"],
  session_without_date: ["note", "a session has turns but no date (sample-level)"],
  duplicate_turn_id: ["note", "two turns share a dia_id; the first is used (sample-level)"],
  turn_session_mismatch: [
    "note",
    "a turn's dia_id names another session than the list it sits in; the list is used (sample-level)",
  ],
} as const satisfies Record<string, readonly [IssueSeverity, string]>;

/** Issue reason codes (keys of {@linkcode SLICE_ISSUE_CODES}). */
export type SliceIssueCode = keyof typeof SLICE_ISSUE_CODES;

/** One reported quirk or decision of the converter. */
export interface SliceIssue {
  /** LoCoMo `sample_id` (e.g. `conv-26`). */
  sample_id: string;
  /** Index of the QA item in `sample.qa`, or null for a sample-level issue. */
  qa_index: number | null;
  /** Reason code. */
  code: SliceIssueCode;
  /** How much the issue matters for the item. */
  severity: IssueSeverity;
  /** The offending id or string, when there is one (e.g. `D8:6; D9:17`). */
  ref?: string;
  /** What was found and what was done, in words. */
  detail: string;
}

/**
 * Builds an issue record with the severity of its code.
 *
 * @param sample_id LoCoMo sample id
 * @param qa_index QA index, or null for a sample-level issue
 * @param code reason code
 * @param detail what was found and done
 * @param ref the offending id or string
 * @returns the issue record
 */
export function sliceIssue(
  sample_id: string,
  qa_index: number | null,
  code: SliceIssueCode,
  detail: string,
  ref?: string,
): SliceIssue {
  const issue: SliceIssue = {
    sample_id,
    qa_index,
    code,
    severity: SLICE_ISSUE_CODES[code][0],
    detail,
  };
  if (ref !== undefined) issue.ref = ref;
  return issue;
}
