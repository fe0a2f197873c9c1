/**
 * LongMemEval question to a natural support-slice package (paper 000 §5: the Natural-200 packages
 * were LongMemEval-style support slices; ARTIFACT-SPEC §1.4, §6.6), with the audit status the
 * paper's reliability table counts (attempted / accepted / flagged).
 *
 * The LoCoMo conversion's pieces are reused, not copied: the candidate kinds and representations
 * (`raw` / `raw_span`, `fact` / `atomic_fact`), the word costs and the 220-word raw-span cut
 * (lib/natural/dialogue.ts), the lexical adjudicator (lib/adjudicate/lexical.ts) and the safe-id
 * filter.
 *
 * @module
 */
import type {
  Candidate,
  CoverageCell,
  Experience,
  Package,
  Unit,
  UnitFamily,
} from "../package/schema.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import { LexicalAdjudicator } from "../adjudicate/lexical.ts";
import {
  atomicFactCost,
  RAW_SPAN_WORDS,
  rawSpanCost,
  rawSpanText,
  safeToken,
} from "../natural/dialogue.ts";
import type { LongMemEvalInstance, LongMemEvalTurn } from "./read.ts";

/** Budgets of LongMemEval packages (those of LoCoMo's, ARTIFACT-SPEC §6.5), in word-cost units. */
export const LONGMEMEVAL_DEFAULT_BUDGETS: readonly number[] = [30, 60, 100];

/** Audit reasons of a flagged LongMemEval question. */
export const LONGMEMEVAL_FLAG_REASONS = {
  no_evidence_turn: "no evidence turn (no turn has has_answer: true): no package",
  answer_not_located:
    "answer not located: no evidence turn has a sentence carrying the gold answer (lexically); each whole turn is a unit",
} as const;

/** One of the keys of {@linkcode LONGMEMEVAL_FLAG_REASONS}. */
export type LongMemEvalFlagReason = keyof typeof LONGMEMEVAL_FLAG_REASONS;

/** The conversion of one question. */
export interface LongMemEvalSlice {
  /** The question's id. */
  question_id: string;
  /** Its type, as in the file. */
  question_type: string;
  /** `accepted` (scored) or `flagged` (kept for audit, not scored). */
  status: "accepted" | "flagged";
  /** Why flagged (empty when accepted). */
  reasons: LongMemEvalFlagReason[];
  /**
   * Evidence turns (`<session_id>_<1-based turn>`) with no sentence carrying the answer: each is
   * one whole-turn unit. The question is flagged only when this is every evidence turn.
   */
  not_located: string[];
  /** The package, or null (no evidence turn). */
  package: Package | null;
}

/** Options of {@linkcode longMemEvalSupportSlice}. */
export interface LongMemEvalSliceOptions {
  /** Budgets the package carries (default 30, 60, 100). */
  budgets?: readonly number[];
  /**
   * Coverage adjudicator (default: a {@linkcode LexicalAdjudicator} with IDF over the slice's turn
   * lines); `false` leaves the package without coverage (an adjudicator is applied afterwards).
   */
  lexical?: LexicalAdjudicator | false;
}

/**
 * Sentences of a turn: split at line breaks and after `.`, `!` or `?` followed by white space;
 * trimmed, empty pieces dropped.
 *
 * @param text the turn's content
 * @returns the sentences, in order
 */
export function turnSentences(text: string): string[] {
  return text.split(/\n+|(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s !== "");
}

/** Lowercased runs of letters and digits joined by single spaces, padded: for whole-word matching. */
function normalized(s: string): string {
  return ` ${(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ")} `;
}

/**
 * Whether a sentence carries the gold answer, lexically: the answer's words appear in it as a
 * whole-word run (case and punctuation ignored), or the lexical adjudicator scores the sentence
 * as fully covering the answer.
 *
 * @param sentence a sentence of an evidence turn
 * @param answer the gold answer
 * @param lexical the adjudicator
 */
export function carriesAnswer(
  sentence: string,
  answer: string,
  lexical: LexicalAdjudicator,
): boolean {
  const a = normalized(answer);
  if (a.trim() !== "" && normalized(sentence).includes(a)) return true;
  return lexical.score(sentence, answer).value === 1;
}

/** Unit families by question type (other types: fact; an `_abs` question: abstention). */
const FAMILY_OF_TYPE = new Map<string, UnitFamily>([
  ["temporal-reasoning", "temporal"],
  ["knowledge-update", "current_state"],
  ["single-session-preference", "preference"],
]);

interface SliceTurn {
  /** `<session_id>_<1-based turn>`. */
  id: string;
  exp: string;
  session: string;
  date: string;
  turn: LongMemEvalTurn;
  /** `role: content`. */
  line: string;
  /** Neighbours in the same session (previous, this, next) as lines. */
  window: string[];
}

/** The turns of the evidence sessions (haystack order; a repeated session id once). */
function sliceTurns(q: LongMemEvalInstance, prefix: string): SliceTurn[] {
  const wanted = new Set(q.answer_session_ids);
  const out: SliceTurn[] = [];
  const done = new Set<string>();
  q.haystack_session_ids.forEach((sid, si) => {
    if (!wanted.has(sid) || done.has(sid)) return;
    done.add(sid);
    const turns = q.haystack_sessions[si];
    const lines = turns.map((t) => `${t.role}: ${t.content}`);
    turns.forEach((turn, ti) => {
      const id = `${sid}_${ti + 1}`;
      out.push({
        id,
        exp: `${prefix}::${safeToken(id)}`,
        session: sid,
        date: q.haystack_dates[si],
        turn,
        line: lines[ti],
        window: lines.slice(Math.max(0, ti - 1), ti + 2),
      });
    });
  });
  return out;
}

/**
 * Converts one LongMemEval question into its support-slice package.
 * - Experiences: one per turn of the evidence sessions (`answer_session_ids`, haystack order),
 *   id `<qid>::<session_id>_<turn>`, text `role: content`, timestamp the session's date.
 * - Candidates per turn: the raw turn (`::raw`, kind raw, raw_span, `role: content` cut at 220
 *   words + " ...", cost max(12, w)); each sentence (`::s<k>`, kind fact, atomic_fact, cost
 *   clamp(w, 4, 20); only when the turn has two sentences or more, else it is the raw turn); the
 *   window of the previous, this and the next turn of the session (`::win`, kind raw, raw_span,
 *   cut and costed like a raw turn; only when the session has another turn).
 * - Evidence units: per `has_answer` turn, each sentence carrying the gold answer
 *   ({@linkcode carriesAnswer}), `::a<k>`; where none does, the whole turn content is one unit
 *   (`::turn`, listed in `not_located` and meta); the question is flagged `answer_not_located`
 *   when no evidence turn has such a sentence (a derived answer: a count, a sum, a rubric). Weight 1 each; family from the
 *   question type (temporal, current_state for knowledge-update, preference, abstention for `_abs`,
 *   else fact).
 * - Query: the question, requiring every unit, with its answer and type as category.
 * - Coverage: the lexical adjudicator over every (candidate, unit) (value 1 or 0.5, provenance
 *   `lexical`), unless `lexical` is false.
 *
 * A question without an evidence turn is flagged `no_evidence_turn` and has no package.
 *
 * @param q a checked instance ({@linkcode readLongMemEval})
 * @param opts budgets, adjudicator
 * @returns the package (or null), status and reasons
 */
export function longMemEvalSupportSlice(
  q: LongMemEvalInstance,
  opts: LongMemEvalSliceOptions = {},
): LongMemEvalSlice {
  const prefix = safeToken(q.question_id);
  const turns = sliceTurns(q, prefix);
  const base = { question_id: q.question_id, question_type: q.question_type };
  if (!turns.some((t) => t.turn.has_answer === true)) {
    return {
      ...base,
      status: "flagged",
      reasons: ["no_evidence_turn"],
      not_located: [],
      package: null,
    };
  }
  const lexical = opts.lexical === false
    ? null
    : opts.lexical ?? new LexicalAdjudicator({ corpus: turns.map((t) => t.line) });
  const locator = lexical ?? new LexicalAdjudicator({ corpus: turns.map((t) => t.line) });
  const family = q.question_id.endsWith("_abs")
    ? "abstention"
    : FAMILY_OF_TYPE.get(q.question_type) ?? "fact";
  const experiences: Experience[] = [];
  const candidates: Candidate[] = [];
  const units: Unit[] = [];
  const notLocated: string[] = [];
  turns.forEach((t, order) => {
    experiences.push({ id: t.exp, order, session: t.session, timestamp: t.date, text: t.line });
    const raw = rawSpanText(t.line).text;
    const add = (local: string, kind: "raw" | "fact", text: string) =>
      candidates.push({
        id: `${t.exp}::${local}`,
        experience: t.exp,
        kind,
        representation: kind === "raw" ? "raw_span" : "atomic_fact",
        cost: kind === "raw" ? rawSpanCost(text) : atomicFactCost(text),
        text,
        source: local === "win"
          ? "longmemeval:window"
          : `longmemeval:${kind === "raw" ? "turn" : "sentence"}`,
      });
    add("raw", "raw", raw);
    const sentences = turnSentences(t.turn.content);
    if (sentences.length > 1) sentences.forEach((s, k) => add(`s${k}`, "fact", s));
    if (t.window.length > 1) add("win", "raw", rawSpanText(t.window.join("\n")).text);
    if (t.turn.has_answer !== true) return;
    const carrying = sentences.map((s, k) => [s, k] as const)
      .filter(([s]) => carriesAnswer(s, q.answer, locator));
    if (carrying.length === 0) {
      notLocated.push(t.id);
      units.push({ id: `${t.exp}::turn`, family, text: t.turn.content, weight: 1 });
    } else {
      for (const [s, k] of carrying) {
        units.push({ id: `${t.exp}::a${k}`, family, text: s, weight: 1 });
      }
    }
  });
  const coverage: CoverageCell[] = [];
  if (lexical) {
    for (const c of candidates) {
      for (const u of units) {
        const v = lexical.score(c.text!, u.text!).value;
        if (v > 0) coverage.push({ candidate: c.id, unit: u.id, value: v, provenance: "lexical" });
      }
    }
  }
  const pkg: Package = {
    schema_version: PACKAGE_SCHEMA_VERSION,
    id: prefix,
    description: `LongMemEval ${q.question_id} (${q.question_type}): support slice of ${
      new Set(turns.map((t) => t.session)).size
    } evidence session(s)`,
    experiences,
    candidates,
    units,
    queries: [{
      id: prefix,
      importance: 1,
      required_units: units.map((u) => u.id),
      text: q.question,
      answer: q.answer,
      category: q.question_type,
    }],
    weight_source: "explicit",
    coverage,
    budgets: [...(opts.budgets ?? LONGMEMEVAL_DEFAULT_BUDGETS)],
    group_cap: 1,
    meta: {
      source: "LongMemEval (xiaowu0162/LongMemEval), MIT",
      sample_id: q.question_id,
      question_id: q.question_id,
      question_type: q.question_type,
      question_date: q.question_date,
      answer_session_ids: [...q.answer_session_ids],
      weight_rule: "explicit: every evidence unit 1.0",
      unit_rule:
        "per has_answer turn, its sentences carrying the gold answer (whole-word match or full lexical coverage); else the whole turn, flagged 'answer not located'",
      not_located: notLocated,
      cost_rule:
        `raw_span max(12, w) after ${RAW_SPAN_WORDS}-word truncation (turn, window of neighbouring turns); atomic_fact clamp(w, 4, 20) (sentence) (ARTIFACT-SPEC §6.6)`,
      coverage_rule: lexical
        ? `lexical (full >= ${lexical.thresholds.full}, partial >= ${lexical.thresholds.partial}, >= ${lexical.thresholds.minMatched} matched stems; IDF over the slice's turns)`
        : "none (set by an adjudicator afterwards)",
    },
  };
  const located = units.some((u) => !u.id.endsWith("::turn"));
  return {
    ...base,
    status: located ? "accepted" : "flagged",
    reasons: located ? [] : ["answer_not_located"],
    not_located: notLocated,
    package: pkg,
  };
}

/** Attempted / accepted / flagged counts (the paper's reliability table, Table 3 of §5). */
export interface ReliabilityCounts {
  /** Questions read. */
  attempted: number;
  /** Questions whose package is scored. */
  accepted: number;
  /** Questions kept for audit, not scored. */
  flagged: number;
}

/** Reliability counts over all questions (`all`) and per question type (`by_type`). */
export interface LongMemEvalReliability {
  /** Over all questions. */
  all: ReliabilityCounts;
  /** Per question type, types in first-seen order. */
  by_type: Record<string, ReliabilityCounts>;
}

/**
 * The reliability counts over all questions and per question type (types in first-seen order).
 *
 * @param slices conversions, one per question
 * @returns `all` and `by_type`
 */
export function reliabilityCounts(
  slices: readonly Pick<LongMemEvalSlice, "question_type" | "status">[],
): LongMemEvalReliability {
  const zero = (): ReliabilityCounts => ({ attempted: 0, accepted: 0, flagged: 0 });
  const all = zero();
  const by_type: Record<string, ReliabilityCounts> = {};
  for (const s of slices) {
    const t = by_type[s.question_type] ??= zero();
    for (const c of [all, t]) {
      c.attempted++;
      c[s.status]++;
    }
  }
  return { all, by_type };
}
