/**
 * Evidence retrieval along a real scale ladder (paper 002 on LongMemEval, no LLM; issue 28
 * item 4): per rung (one LongMemEval file per scale, in ladder order) and per question, BM25Okapi
 * ({@linkcode bm25ScoreTexts}: k1 1.5, b 0.75, ε 0.25 with rank_bm25's ε × mean-idf floor) ranks the
 * question's own haystack turns with the question as the query; LongMemEval's metrics
 * ({@linkcode evaluateRetrieval}) score the ranking at turn level or, by upstream's
 * turn-to-session rule, at session level. A rung can instead be a user's retriever, read from
 * the JSONL log upstream `run_retrieval.py` writes ({@linkcode readRetrievalLog}).
 *
 * - Corpus: one document per turn of the roles indexed (default every turn; `roles: ["user"]`
 *   is upstream's choice, which cannot find the assistant-side evidence of
 *   single-session-assistant questions), in haystack order; tokens as `tokenizeWords` (bm25.ts);
 *   turn id `<session id>_<1-based index of the turn in its session>`; ties by corpus order.
 * - Evidence: the ids of the indexed turns marked `has_answer`. Left out, and counted: ids
 *   ending `_abs` (abstention; upstream leaves them out too) and questions without an evidence
 *   turn among the indexed ones.
 * - Per rung: n and the mean of every metric with a seeded percentile-bootstrap interval over
 *   questions ({@linkcode bootstrapCi}); between consecutive rungs, per recall metric, the
 *   questions kept (1 → 1), lost (1 → 0), gained (0 → 1) and never (0 → 0), paired by id;
 *   s*_alpha of every metric's mean curve ({@linkcode usableScaleBoundary}, by label).
 * - A retrieval log's own `metrics` at the level scored are compared with the values recomputed
 *   from its ranking; differences are a warning (the recomputed values are reported).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { bootstrapCi } from "../score/bootstrap_ci.ts";
import { type LongMemEvalInstance, readLongMemEval } from "../longmemeval/read.ts";
import { bm25ScoreTexts } from "../base/bm25.ts";
import { reliabilityOptionIssue, usableScaleBoundary } from "./boundary.ts";
import type { Interval } from "./score.ts";
import {
  evaluateRetrieval,
  evaluateRetrievalTurnToSession,
  numpySum,
  type RankedQuestion,
  type RecallLevel,
  type RetrievalMetrics,
} from "./retrieval_metrics.ts";
import { readRetrievalLog } from "./retrieval_log.ts";

/** Default cut-offs k. */
export const DEFAULT_RECALL_KS: readonly number[] = [1, 5, 10, 50];

/** The three metric names, as upstream spells them. */
export const RECALL_METRICS = ["recall_any", "recall_all", "ndcg_any"] as const;

export type { RankedQuestion, RecallLevel };

/** One rung: a LongMemEval file ranked by BM25 here, or a user's retrieval log. */
export interface RecallRung {
  /** The rung's label (e.g. `oracle`, `s`). */
  label: string;
  /** The file. */
  path: string;
  /** `longmemeval` (default): rank with BM25; `retrieval-log`: upstream run_retrieval.py output. */
  kind?: "longmemeval" | "retrieval-log";
}

/** Options of {@linkcode scaleRecall}. */
export interface RecallOptions {
  /** Cut-offs, ascending distinct integers >= 1 (default 1, 5, 10, 50). */
  ks?: readonly number[];
  /** Level (default `turn`). */
  level?: RecallLevel;
  /** Roles indexed for BM25 (default both). */
  roles?: readonly ("user" | "assistant")[];
  /** Threshold of s*_alpha (default 0.7). */
  alpha?: number;
  /** Bootstrap resamples (default 2,000; 0: no intervals). */
  resamples?: number;
  /** Bootstrap seed (default 0). */
  seed?: number | string;
  /** Score only the questions scored at every rung (default false: each rung its own). */
  sharedOnly?: boolean;
}

/** One question at one rung. */
export interface RecallQuestionRow {
  /** Question id. */
  question_id: string;
  /** Rung label. */
  label: string;
  /** Metric values by `<metric>@<k>`, e.g. `recall_any@10`. */
  [metric: string]: string | number;
}

/** One rung's summary. */
export interface RecallScale {
  /** The label. */
  label: string;
  /** The file. */
  file: string;
  /** `bm25` (ranked here) or `retrieval-log`. */
  retriever: string;
  /** Questions scored. */
  n: number;
  /** Mean of every metric (numpy's summation order), by `<metric>@<k>`. */
  means: Record<string, number>;
  /** Bootstrap interval of every mean, or null without resamples. */
  ci: Record<string, Interval> | null;
  /** Questions left out, by reason. */
  left_out: { abstention: string[]; no_evidence: string[] };
  /** Mean number of documents (turns, or sessions of a session-level log) per question. */
  mean_corpus: number;
}

/** Per-question changes of one recall metric between consecutive rungs. */
export interface RecallTransition {
  /** Earlier rung. */
  from: string;
  /** Later rung. */
  to: string;
  /** `<metric>@<k>`. */
  metric: string;
  /** Questions scored at both. */
  shared: number;
  /** 1 at both. */
  kept: number;
  /** 1, then 0. */
  lost: number;
  /** 0, then 1. */
  gained: number;
  /** 0 at both. */
  never: number;
}

/** The boundary of one metric's curve. */
export interface RecallBoundary {
  /** First rung (label) whose mean is below alpha, or `>LAST`. */
  s_star: string;
  /** A later rung is back at alpha or above. */
  recovers: boolean;
  /** First rung from which every later mean is below alpha. */
  s_star_sustained: string;
}

/** Result of {@linkcode scaleRecall}. */
export interface RecallReport {
  /** Level, cut-offs, tokens, roles, BM25 parameters, bootstrap and alpha. */
  params: {
    level: RecallLevel;
    ks: number[];
    roles: string[];
    tokens: string;
    bm25: { k1: number; b: number; epsilon: number };
    alpha: number;
    bootstrap: { resamples: number; level: number; seed: number | string; unit: "question" };
  };
  /** Rungs, in ladder order. */
  scales: RecallScale[];
  /** Per question and rung (rungs in order, questions in file order). */
  questions: RecallQuestionRow[];
  /** Per consecutive pair and recall metric. */
  transitions: RecallTransition[];
  /** s*_alpha per metric, by `<metric>@<k>`. */
  s_star: Record<string, RecallBoundary>;
  /** Assumptions and gaps that qualify a number, one sentence each. */
  warnings: string[];
}

/** How `tokenizeWords` (bm25.ts) splits (printed with every report). */
export const RECALL_TOKENS =
  "runs of Unicode letters and digits (general categories L, N) of the lowercased text";

/**
 * Ranks one question's haystack turns by BM25Okapi with the question as the query. (With N = 2
 * turns a term in one of them has idf ln(1.5) − ln(1.5) = 0: BM25Okapi cannot tell them apart.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rankInstance } from "./recall.ts";
 * const r = rankInstance({
 *   question_id: "q1", question_type: "single-session-user", question: "Where did I move?",
 *   answer: "Oslo", question_date: null, haystack_dates: ["d1"], haystack_session_ids: ["s1"],
 *   haystack_sessions: [[
 *     { role: "user", content: "pasta" },
 *     { role: "user", content: "I moved to Oslo", has_answer: true },
 *     { role: "assistant", content: "Nice" },
 *   ]],
 *   answer_session_ids: ["s1"],
 * });
 * assert.ok(r.corpusIds[r.rankings[0]] === "s1_2" && r.correct.has("s1_2"));
 * ```
 *
 * @param inst the instance
 * @param roles roles indexed (default both)
 * @returns the ranking and the evidence
 */
export function rankInstance(
  inst: LongMemEvalInstance,
  roles: readonly ("user" | "assistant")[] = ["user", "assistant"],
): RankedQuestion {
  const corpusIds: string[] = [];
  const docs: string[] = [];
  const correct = new Set<string>();
  const all = roles.includes("user") && roles.includes("assistant");
  inst.haystack_sessions.forEach((session, k) => {
    const sid = inst.haystack_session_ids[k];
    for (let i = 0; i < session.length; i++) {
      const t = session[i];
      if (!all && !roles.includes(t.role)) continue;
      const id = `${sid}_${i + 1}`;
      corpusIds.push(id);
      docs.push(t.content);
      if (t.has_answer === true) correct.add(id);
    }
  });
  const leftOut = inst.question_id.endsWith("_abs")
    ? "abstention"
    : correct.size === 0
    ? "no_evidence"
    : null;
  const scores = bm25ScoreTexts(docs, inst.question);
  const rankings = new Int32Array(docs.length);
  for (let i = 0; i < rankings.length; i++) rankings[i] = i;
  rankings.sort((a, b) => scores[b] - scores[a] || a - b);
  return {
    question_id: inst.question_id,
    corpusIds,
    rankings,
    correct,
    granularity: "turn",
    leftOut,
  };
}

/**
 * The metrics of one ranked question at every k, at the level asked.
 *
 * @param q the ranked question
 * @param ks cut-offs
 * @param level `turn` or `session`
 * @returns values by `<metric>@<k>`
 * @throws {RangeError} for turn level on a session ranking
 */
export function questionMetrics(
  q: RankedQuestion,
  ks: readonly number[],
  level: RecallLevel,
): Record<string, number> {
  if (level === "turn" && q.granularity === "session") {
    throw new RangeError(`Cannot score ${q.question_id} at turn level: its ranking is of sessions`);
  }
  const out: Record<string, number> = {};
  for (const k of ks) {
    const m: RetrievalMetrics = level === "session" && q.granularity === "turn"
      ? evaluateRetrievalTurnToSession(q.rankings, q.correct, q.corpusIds, k)
      : evaluateRetrieval(q.rankings, q.correct, q.corpusIds, k);
    for (const name of RECALL_METRICS) out[`${name}@${k}`] = m[name];
  }
  return out;
}

function checkOptions(rungs: readonly RecallRung[], o: RecallOptions): void {
  if (rungs.length === 0) throw new RangeError("Cannot score recall: no rungs");
  const labels = new Set<string>();
  for (const r of rungs) {
    if (labels.has(r.label)) throw new RangeError(`Cannot score recall: "${r.label}" twice`);
    labels.add(r.label);
  }
  const ks = o.ks ?? DEFAULT_RECALL_KS;
  if (
    ks.length === 0 ||
    ks.some((k, i) => !Number.isSafeInteger(k) || k < 1 || (i > 0 && k <= ks[i - 1]))
  ) {
    throw new RangeError(
      `Cannot score recall: k must be distinct ascending integers >= 1, got ${ks.join(", ")}`,
    );
  }
  // The bootstrap's level is fixed (0.95); `level` here is the metrics' (turn or session).
  const bad = reliabilityOptionIssue({ alpha: o.alpha, resamples: o.resamples });
  if (bad !== undefined) throw new RangeError(`Cannot score recall: ${bad}`);
  if (o.roles !== undefined && o.roles.length === 0) {
    throw new RangeError("Cannot score recall: no role to index");
  }
}

async function* rankedOf(
  rung: RecallRung,
  roles: readonly ("user" | "assistant")[],
  warn: (w: string) => void,
): AsyncGenerator<RankedQuestion> {
  if (rung.kind === "retrieval-log") {
    yield* readRetrievalLog(rung.path);
    return;
  }
  for await (const inst of readLongMemEval(rung.path, { onWarning: warn })) {
    yield rankInstance(inst, roles);
  }
}

/**
 * Scores evidence retrieval along a ladder of rungs (see the module doc).
 *
 * @param rungs the rungs, in ladder order (distinct labels)
 * @param opts cut-offs, level, roles, alpha, bootstrap
 * @returns per rung, per question, transitions, s* and warnings
 * @throws {RangeError} on no rungs, a repeated label or bad options
 * @throws {InputError} on a file that is missing or not in its format (naming file, question
 *   and field), or a turn-level score asked of a session-level log
 */
export async function scaleRecall(
  rungs: readonly RecallRung[],
  opts: RecallOptions = {},
): Promise<RecallReport> {
  checkOptions(rungs, opts);
  const ks = [...(opts.ks ?? DEFAULT_RECALL_KS)];
  const level = opts.level ?? "turn";
  const roles = [...(opts.roles ?? ["user", "assistant"])];
  const alpha = opts.alpha ?? 0.7, resamples = opts.resamples ?? 2000, seed = opts.seed ?? 0;
  const names = ks.flatMap((k) => RECALL_METRICS.map((m) => `${m}@${k}`));
  const warnings: string[] = [];
  const read: {
    rows: Map<string, Record<string, number>>;
    left: RecallScale["left_out"];
    corpus: Map<string, number>;
  }[] = [];
  for (const rung of rungs) {
    const rows = new Map<string, Record<string, number>>();
    const left = { abstention: [] as string[], no_evidence: [] as string[] };
    const corpus = new Map<string, number>();
    const warn = (w: string) => warnings.push(w);
    let checked = 0, mismatched = 0, firstMismatch = "";
    for await (const q of rankedOf(rung, roles, warn)) {
      if (q.leftOut !== null) {
        left[q.leftOut].push(q.question_id);
        continue;
      }
      let values: Record<string, number>;
      try {
        values = questionMetrics(q, ks, level);
      } catch (e) {
        if (e instanceof RangeError) {
          throw new InputError(
            rung.path,
            { path: q.question_id },
            `${e.message}; use --level session`,
          );
        }
        throw e;
      }
      const logged = q.logged?.[level];
      if (logged !== undefined) {
        for (const [name, v] of Object.entries(values)) {
          if (name in logged) {
            checked++;
            if (Math.abs(logged[name] - v) > 1e-12) {
              mismatched++;
              firstMismatch ||= `${q.question_id} ${name}: log ${logged[name]}, recomputed ${v}`;
            }
          }
        }
      }
      corpus.set(q.question_id, q.corpusIds.length);
      rows.set(q.question_id, values);
    }
    if (mismatched > 0) {
      warnings.push(
        `${rung.label}: ${mismatched} of ${checked} values differ from the log's own metrics ` +
          `(e.g. ${firstMismatch}); the table shows the values recomputed from the ranking`,
      );
    }
    read.push({ rows, left, corpus });
  }
  if (opts.sharedOnly === true && read.length > 1) {
    const keep = [...read[0].rows.keys()].filter((id) => read.every((r) => r.rows.has(id)));
    const keepSet = new Set(keep);
    let dropped = 0;
    for (const r of read) {
      for (const id of [...r.rows.keys()]) if (!keepSet.has(id)) r.rows.delete(id), dropped++;
    }
    if (dropped > 0) {
      warnings.push(
        `shared questions only: ${keep.length} question(s) scored at every rung are kept; ` +
          `${dropped} row(s) of questions missing at some rung are left out`,
      );
    }
  }
  const scales: RecallScale[] = [];
  const questions: RecallQuestionRow[] = [];
  const perRung = read.map((r) => r.rows);
  rungs.forEach((rung, j) => {
    const { rows, left, corpus } = read[j];
    for (const [id, values] of rows) {
      questions.push({ question_id: id, label: rung.label, ...values });
    }
    const n = rows.size;
    const means: Record<string, number> = {};
    const ci: Record<string, Interval> | null = resamples > 0 && n > 0 ? {} : null;
    for (const name of names) {
      const xs = [...rows.values()].map((r) => r[name]);
      means[name] = n === 0 ? NaN : numpySum(xs) / n;
      if (ci !== null) {
        const [low, high] = bootstrapCi(xs, { resamples, seed: `${seed}|${name}` });
        ci[name] = { low, high, half_width: (high - low) / 2 };
      }
    }
    if (n === 0) warnings.push(`${rung.label} (${rung.path}): no question has evidence to score`);
    for (const [reason, ids] of Object.entries(left)) {
      if (ids.length === 0) continue;
      warnings.push(
        `${rung.label}: ${ids.length} question(s) left out (${
          reason === "abstention" ? "abstention, id ending _abs" : "no evidence turn indexed"
        }), e.g. ${ids[0]}`,
      );
    }
    let docs = 0;
    for (const id of rows.keys()) docs += corpus.get(id)!;
    scales.push({
      label: rung.label,
      file: rung.path,
      retriever: rung.kind === "retrieval-log" ? "retrieval-log" : "bm25",
      n,
      means,
      ci,
      left_out: left,
      mean_corpus: n === 0 ? 0 : docs / n,
    });
  });
  const transitions = transitionsOf(rungs, perRung, ks, warnings);
  const s_star: Record<string, RecallBoundary> = {};
  if (scales.every((s) => s.n > 0)) {
    for (const name of names) {
      const points = scales.map((s) => ({ scale: s.label, value: s.means[name] }));
      const b = usableScaleBoundary(points, alpha), sustained = String(b.s_star_sustained);
      s_star[name] = {
        s_star: String(b.s_star),
        recovers: b.recovers,
        s_star_sustained: sustained,
      };
    }
  }
  return {
    params: {
      level,
      ks,
      roles,
      tokens: RECALL_TOKENS,
      bm25: { k1: 1.5, b: 0.75, epsilon: 0.25 },
      alpha,
      bootstrap: { resamples, level: 0.95, seed, unit: "question" },
    },
    scales,
    questions,
    transitions,
    s_star,
    warnings,
  };
}

function transitionsOf(
  rungs: readonly RecallRung[],
  perRung: Map<string, Record<string, number>>[],
  ks: readonly number[],
  warnings: string[],
): RecallTransition[] {
  const out: RecallTransition[] = [];
  for (let j = 1; j < rungs.length; j++) {
    const a = perRung[j - 1], b = perRung[j];
    const shared = [...a.keys()].filter((id) => b.has(id));
    const onlyA = a.size - shared.length, onlyB = b.size - shared.length;
    if (onlyA > 0 || onlyB > 0) {
      warnings.push(
        `${rungs[j - 1].label} -> ${rungs[j].label}: ${onlyA} question(s) scored at ` +
          `${rungs[j - 1].label} only and ${onlyB} at ${rungs[j].label} only; transitions count ` +
          `the ${shared.length} shared`,
      );
    }
    for (const k of ks) {
      for (const m of ["recall_any", "recall_all"]) {
        const metric = `${m}@${k}`;
        let kept = 0, lost = 0, gained = 0, never = 0;
        for (const id of shared) {
          const x = a.get(id)![metric], y = b.get(id)![metric];
          if (x === 1) y === 1 ? kept++ : lost++;
          else y === 1 ? gained++ : never++;
        }
        out.push({
          from: rungs[j - 1].label,
          to: rungs[j].label,
          metric,
          shared: shared.length,
          kept,
          lost,
          gained,
          never,
        });
      }
    }
  }
  return out;
}
