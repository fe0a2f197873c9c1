/**
 * The structural judge of the offline simulators (COMPANIONS §1(d), §1(e)):
 * C(τ) without an LLM, from which evidence sessions the trajectory's memory
 * calls returned, plus an optional reader-noise layer. A stand-in, labelled
 * `judge: {kind: "structural"}` wherever it is used; it is not paper 002's
 * LLM judge.
 *
 * @module
 */
import type { EvidenceNeed } from "./sources/types.ts";
import type { RetrievedItem } from "../base/bm25.ts";
import type { Rng } from "../base/rng/rng.ts";

/** What the judge needs about a query. */
export interface JudgeTarget {
  /** E(q): the evidence session ids. */
  evidenceIds: readonly string[];
  /** `all` (multi-session questions) or `any` evidence session must be found. */
  need: EvidenceNeed;
  /** Abstention question: correct iff the answer abstains. */
  abstention: boolean;
}

/** The answer text a simulated reader gives when it abstains. */
export const ABSTAIN_ANSWER = "I don't know: the history does not say.";

/**
 * The evidence sessions found by a union of retrieved items. At session
 * granularity an item finds its session; at turn granularity a turn finds its
 * session when it has `has_answer: true`, or when that session has no
 * marked turn among the indexed ones (`markedSessions` lists those that do).
 *
 * @param items retrieved items over the whole trajectory
 * @param markedSessions sessions with at least one indexed `has_answer` turn
 *   (turn granularity only; default: none)
 * @returns the ids of the sessions found
 */
export function foundSessions(
  items: Iterable<RetrievedItem>,
  markedSessions: ReadonlySet<string> = new Set(),
): Set<string> {
  const out = new Set<string>();
  for (const it of items) {
    if (it.has_answer === undefined || it.has_answer || !markedSessions.has(it.session_id)) {
      out.add(it.session_id);
    }
  }
  return out;
}

/**
 * covered(E(q)): all evidence sessions found (need `all`) or at least one (need `any`).
 *
 * @param target the query's evidence and rule
 * @param found session ids found (see {@linkcode foundSessions})
 * @returns whether the evidence is covered
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evidenceCovered } from "./judge.ts";
 * const t = { evidenceIds: ["a", "b"], need: "all" as const, abstention: false };
 * assert.ok(!evidenceCovered(t, new Set(["a"])));
 * assert.ok(evidenceCovered({ ...t, need: "any" }, new Set(["a"])));
 * ```
 */
export function evidenceCovered(target: JudgeTarget, found: ReadonlySet<string>): boolean {
  if (target.evidenceIds.length === 0) return false;
  return target.need === "all"
    ? target.evidenceIds.every((e) => found.has(e))
    : target.evidenceIds.some((e) => found.has(e));
}

/** Reader noise: P(C = 1 | covered) = 1 − epsilonRead, P(C = 1 | not covered) = gammaGuess. */
export interface ReaderNoise {
  /** ε_read in [0, 1] (default 0). */
  epsilonRead?: number;
  /** γ_guess in [0, 1] (default 0). */
  gammaGuess?: number;
}

/** What the simulated reader did. */
export interface ReaderVerdict {
  /** C(τ) given by the simulated reader. */
  correct: boolean;
  /** The simulated answer text (labelled as simulated). */
  answer: string;
  /** Whether the evidence was covered. */
  covered: boolean;
}

/**
 * The simulated reader: right with probability 1 − ε_read when the evidence
 * is covered, γ_guess otherwise. Abstention questions: "right" means the
 * reader abstains (it saw the sessions showing the asked fact is absent), so
 * C(τ) = 1 iff the answer abstains; on other questions it never abstains.
 * One draw from `rng` only when a probability is strictly between 0 and 1.
 *
 * @param target the query
 * @param covered evidence covered by the trajectory
 * @param noise ε_read and γ_guess
 * @param rng the trajectory's seeded stream
 * @returns correctness, answer text, coverage
 * @throws {RangeError} for a probability outside [0, 1]
 */
export function simulatedReader(
  target: JudgeTarget,
  covered: boolean,
  noise: ReaderNoise,
  rng: Rng,
): ReaderVerdict {
  const eps = noise.epsilonRead ?? 0;
  const gamma = noise.gammaGuess ?? 0;
  for (const [k, v] of [["epsilonRead", eps], ["gammaGuess", gamma]] as const) {
    if (!(v >= 0 && v <= 1)) {
      throw new RangeError(`Cannot simulate a reader: ${k} ${v} is not in [0, 1]`);
    }
  }
  const p = covered ? 1 - eps : gamma;
  const right = p >= 1 ? true : p <= 0 ? false : rng.random() < p;
  const answer = target.abstention
    ? (right ? ABSTAIN_ANSWER : "(simulated answer, not an abstention)")
    : right
    ? "(simulated answer: right)"
    : "(simulated answer: wrong)";
  return { correct: right, answer, covered };
}
