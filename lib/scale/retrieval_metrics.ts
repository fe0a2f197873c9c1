/**
 * LongMemEval's retrieval metrics (xiaowu0162/LongMemEval `src/retrieval/eval_utils.py`, read
 * at commit 9e0b455; our own code): recall_any@k, recall_all@k and ndcg_any@k of one ranked
 * corpus, at the level the corpus is ranked at, and the turn-to-session rule that scores a turn
 * ranking at session level.
 *
 * - recall_any@k = 1 if any correct id is among the ids of the top k, else 0; recall_all@k = 1
 *   if every correct id is (1 for an empty correct set, as upstream's `all([])`).
 * - ndcg_any@k: relevance 1 per corpus position whose id is correct (a repeated id counts at
 *   each position); DCG = rel[0] + Σ_{i ≥ 1} rel[i] / log2(i + 1) over the top k (so the first
 *   two positions both weigh 1, as upstream's `dcg`); the ideal is the DCG of all relevances
 *   sorted descending; 0 when the ideal is 0. The sums follow numpy's pairwise order
 *   ({@linkcode numpySum}), so values equal upstream's to the bit.
 * - turn to session: every id loses its last `_<part>` (`answer_ab12_3_7` → `answer_ab12_3`),
 *   the correct set likewise; k grows until the top k turns hold k distinct sessions (or the
 *   corpus is exhausted), and the three metrics are taken at that k over the session ids (ndcg's
 *   relevances stay per turn: every turn of a correct session is relevant).
 *
 * @module
 */

/** Level the rankings are scored at. */
export type RecallLevel = "turn" | "session";

/** A ranked question: the corpus ids, the ranking and the correct ids (or why it is left out). */
export interface RankedQuestion {
  /** Question id. */
  question_id: string;
  /** Id of every corpus position. */
  corpusIds: string[];
  /** Corpus positions, best first. */
  rankings: Int32Array;
  /** Correct ids (turn ids, or session ids of a session-level log). */
  correct: Set<string>;
  /** Whether the ids are turns or sessions. */
  granularity: RecallLevel;
  /** Why it is not scored, or null. */
  leftOut: "abstention" | "no_evidence" | null;
  /** A retrieval log's own metrics by level (`metrics.turn`, `metrics.session`), when it has them. */
  logged?: { turn?: Record<string, number>; session?: Record<string, number> };
}

/** The three metrics of one ranking at one k. */
export interface RetrievalMetrics {
  /** 1 if any correct id is in the top k, else 0. */
  recall_any: number;
  /** 1 if every correct id is in the top k, else 0. */
  recall_all: number;
  /** NDCG of the top k (0 when no position is relevant). */
  ndcg_any: number;
}

/**
 * numpy's float64 `np.sum` of a 1-D contiguous array: numpy's pairwise summation (fewer than 8
 * values added in order; up to 128 in eight running sums combined as ((r0 + r1) + (r2 + r3)) +
 * ((r4 + r5) + (r6 + r7)), the rest in order; longer arrays split in two at a multiple of 8).
 * Checked against numpy 1.24 on 3,000 random arrays.
 *
 * @param a the values
 * @returns their sum in numpy's order (0 for none)
 */
export function numpySum(a: ArrayLike<number>): number {
  return pairwise(a, 0, a.length);
}

function pairwise(a: ArrayLike<number>, from: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[from + i];
    return res;
  }
  if (n <= 128) {
    const r = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let j = 0; j < 8; j++) r[j] = a[from + j];
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] += a[from + i + j];
    }
    let res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++) res += a[from + i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
}

function dcg(relevances: readonly number[], k: number): number {
  const rel = relevances.slice(0, k);
  if (rel.length === 0) return 0;
  const terms = new Array<number>(rel.length - 1);
  for (let i = 1; i < rel.length; i++) terms[i - 1] = rel[i] / Math.log2(i + 1);
  return rel[0] + numpySum(terms);
}

/**
 * The three metrics of a ranking at k, as upstream's `evaluate_retrieval`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateRetrieval } from "./retrieval_metrics.ts";
 * const m = evaluateRetrieval([2, 0, 1], new Set(["c"]), ["a", "b", "c"], 1);
 * assert.ok(m.recall_any === 1 && m.recall_all === 1 && m.ndcg_any === 1);
 * ```
 *
 * @param rankings corpus positions, best first
 * @param correct the correct ids
 * @param corpusIds the id of every corpus position
 * @param k the cut-off (>= 1)
 * @returns recall_any, recall_all and ndcg_any at k
 */
export function evaluateRetrieval(
  rankings: ArrayLike<number>,
  correct: ReadonlySet<string>,
  corpusIds: readonly string[],
  k: number,
): RetrievalMetrics {
  const top = Math.min(k, rankings.length);
  const recalled = new Set<string>();
  for (let i = 0; i < top; i++) recalled.add(corpusIds[rankings[i]]);
  let any = false, all = true;
  for (const c of correct) {
    if (recalled.has(c)) any = true;
    else all = false;
  }
  return {
    recall_any: any ? 1 : 0,
    recall_all: all ? 1 : 0,
    ndcg_any: ndcg(rankings, correct, corpusIds, k),
  };
}

function ndcg(
  rankings: ArrayLike<number>,
  correct: ReadonlySet<string>,
  corpusIds: readonly string[],
  k: number,
): number {
  let relevant = 0;
  const rel = corpusIds.map((id) => correct.has(id) ? (relevant++, 1) : 0);
  const top = Math.min(k, rankings.length);
  const sorted = new Array<number>(top);
  for (let i = 0; i < top; i++) sorted[i] = rel[rankings[i]];
  const idealRel = new Array<number>(Math.min(k, rel.length)).fill(0);
  for (let i = 0; i < Math.min(relevant, idealRel.length); i++) idealRel[i] = 1;
  const ideal = dcg(idealRel, k);
  if (ideal === 0) return 0;
  return dcg(sorted, k) / ideal;
}

/**
 * The session id of a turn id: the id without its last `_<part>` (upstream's `strip_turn_id`).
 *
 * @param turnId e.g. `answer_ab12_3_7`
 * @returns e.g. `answer_ab12_3` (the empty string for an id without `_`)
 */
export function sessionOfTurn(turnId: string): string {
  const i = turnId.lastIndexOf("_");
  return i < 0 ? "" : turnId.slice(0, i);
}

/**
 * A turn ranking scored at session level, as upstream's `evaluate_retrieval_turn2session`.
 *
 * @example Two turns of one session count as one session
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateRetrievalTurnToSession } from "./retrieval_metrics.ts";
 * const m = evaluateRetrievalTurnToSession([0, 1, 2], new Set(["s2_1"]), ["s1_1", "s1_2", "s2_1"], 2);
 * assert.ok(m.recall_any === 1);
 * ```
 *
 * @param rankings corpus positions (turns), best first
 * @param correct the correct turn ids
 * @param corpusIds the turn id of every corpus position
 * @param k the number of distinct sessions wanted
 * @returns the metrics at the grown k, over session ids
 */
export function evaluateRetrievalTurnToSession(
  rankings: ArrayLike<number>,
  correct: ReadonlySet<string>,
  corpusIds: readonly string[],
  k: number,
): RetrievalMetrics {
  const sessions = new Set([...correct].map(sessionOfTurn));
  const ids = corpusIds.map(sessionOfTurn);
  // Grow k until the top holds k distinct sessions or the corpus is exhausted (upstream's loop
  // may stop at len + 1, which slices the same as len).
  const seen = new Set<string>();
  let effective = 0;
  while (effective < Math.min(k, rankings.length)) seen.add(ids[rankings[effective++]]);
  while (effective <= ids.length && seen.size < k) {
    effective++;
    if (effective <= rankings.length) seen.add(ids[rankings[effective - 1]]);
  }
  return evaluateRetrieval(rankings, sessions, ids, effective);
}
