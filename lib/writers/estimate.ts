/**
 * The non-oracle utility estimate used by Estimated-GVT and estimated utility (ARTIFACT-SPEC App.
 * A.1, §8 item 14): an external `estimated_value` if the candidate has one, else the local
 * heuristic profile `gemini_flash_lite_v1` (type prior, cue bonuses, signature-token count,
 * confidence factor; no model is called), optionally with the deterministic hash noise of
 * `noisy_gemini_flash_lite_v1`.
 *
 * Not implemented: the artifact's `estimated_coverage` precedence step (our package schema has no
 * estimated coverage) and the learned ridge profile `synthetic_train_dev_v1`.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { HASH_MODULUS, stableHash } from "./stable_hash.ts";

/** Estimator profiles: heuristic, heuristic with hash noise, or external values only. */
export const ESTIMATOR_PROFILES = [
  "gemini_flash_lite_v1",
  "noisy_gemini_flash_lite_v1",
  "external",
] as const;
/** One of {@linkcode ESTIMATOR_PROFILES}. */
export type EstimatorProfile = (typeof ESTIMATOR_PROFILES)[number];

/** The artifact's default estimator model label; it only enters the noisy profile's hash. */
export const DEFAULT_ESTIMATOR_MODEL = "google/gemini-3.1-flash-lite-preview";

/** Options shared by the estimated writers. */
export interface EstimatorOptions {
  /** Default "gemini_flash_lite_v1". */
  profile?: EstimatorProfile;
  /** Model label hashed by the noisy profile (default {@linkcode DEFAULT_ESTIMATOR_MODEL}). */
  model?: string;
}

/** Type priors of the heuristic profile (1.0 for any other type). */
export const ESTIMATED_TYPE_PRIORS: Readonly<Record<string, number>> = {
  compound_update: 3.2,
  compound_evidence: 3.0,
  tombstone: 2.6,
  abstention: 2.4,
  uncertainty: 2.3,
  interval_fact: 2.0,
  raw_span: 2.0,
  raw: 2.0,
  summary: 1.7,
  graph_edge: 1.6,
  skill: 1.6,
  atomic_fact: 1.55,
  fact: 1.55,
};

/** Cue groups, in the order their bonuses are added; each bonus counts once. */
export const ESTIMATED_CUES: readonly { cues: readonly string[]; bonus: number }[] = [
  { cues: ["tombstone", "invalid", "invalidated", "superseded", "no longer"], bonus: 1.10 },
  { cues: ["update", "correction", "corrected", "changed", "current"], bonus: 0.70 },
  { cues: ["complete", "full", "explicit", "scoped"], bonus: 0.45 },
  {
    cues: ["abstain", "insufficient evidence", "conflict", "ambiguous", "uncertainty"],
    bonus: 0.65,
  },
  { cues: ["source detail", "provenance"], bonus: 0.20 },
  {
    cues: ["hint", "partial", "generic", "unsupported", "overconfident", "without the full"],
    bonus: -0.65,
  },
];

/** Words dropped from signature tokens. */
export const ESTIMATED_STOPWORDS: ReadonlySet<string> = new Set((
  "about after before between current detail evidence fact from that the this user with"
).split(" "));

/** Novelty floor f of the heuristic profiles (0.85 would be the learned profile's). */
export const NOVELTY_FLOOR = 0.35;

const ALNUM = /[\p{L}\p{N}]/u;

/** The lowercase "<type> <text>" string the heuristic reads. */
export function estimatedText(rep: string, text: string): string {
  return `${rep} ${text}`.toLowerCase();
}

/**
 * Signature tokens: lowercase "<type> <text>", every non-alphanumeric character (Unicode letters
 * and numbers count as alphanumeric) replaced by a space, split, keeping tokens of >= 4 code points
 * not in {@linkcode ESTIMATED_STOPWORDS}.
 *
 * @param rep representation type
 * @param text the candidate's text
 * @returns the token set
 */
export function signatureTokens(rep: string, text: string): Set<string> {
  let clean = "";
  for (const ch of estimatedText(rep, text)) clean += ALNUM.test(ch) ? ch : " ";
  const out = new Set<string>();
  for (const tok of clean.split(" ")) {
    if ([...tok].length >= 4 && !ESTIMATED_STOPWORDS.has(tok)) out.add(tok);
  }
  return out;
}

/** What the estimate reads of a candidate (no coverage, no weights). */
export interface VisibleCandidate {
  /** Candidate id. */
  id: string;
  /** Representation type. */
  rep: string;
  /** Candidate text. */
  text: string;
  /** Declared confidence in [0, 1], if any. */
  confidence?: number;
  /** Declared estimated value, if any. */
  estimated_value?: number;
}

/**
 * Singleton estimate v(c) (App. A.1): `estimated_value` if present; else 0 under "external"; else
 * prior + cue bonuses + min(0.55, 0.035·|tokens|), times (0.55 + 0.45·conf) with conf clipped to
 * [0, 1.25], floored at 0; under the noisy profile times max(0.05, 1 +
 * 0.40·(H("<model>|<id>|<text>") / 1,000,000,007 − 0.5)).
 *
 * @param cand the visible candidate fields
 * @param opts profile and model label
 * @returns v(c) >= 0 in estimate units (not weight units)
 */
export function estimatedSingletonValue(
  cand: VisibleCandidate,
  opts: EstimatorOptions = {},
): number {
  const profile = opts.profile ?? "gemini_flash_lite_v1";
  if (cand.estimated_value !== undefined) return cand.estimated_value;
  if (profile === "external") return 0;
  const text = estimatedText(cand.rep, cand.text);
  let v = ESTIMATED_TYPE_PRIORS[cand.rep.trim().toLowerCase()] ?? 1.0;
  for (const g of ESTIMATED_CUES) if (g.cues.some((cue) => text.includes(cue))) v += g.bonus;
  v += Math.min(0.55, 0.035 * signatureTokens(cand.rep, cand.text).size);
  const conf = Math.max(0, Math.min(1.25, cand.confidence ?? 1));
  v = Math.max(0, v * (0.55 + 0.45 * conf));
  if (profile === "noisy_gemini_flash_lite_v1") {
    const key = `${opts.model ?? DEFAULT_ESTIMATOR_MODEL}|${cand.id}|${cand.text}`;
    const centered = stableHash(key) / HASH_MODULUS - 0.5;
    v *= Math.max(0.05, 1 + 0.40 * centered);
  }
  return v;
}

/**
 * Per-package estimator: singleton estimates and signature tokens of every
 * candidate, and the estimated marginal against a set of selected tokens.
 */
export class Estimator {
  /** v(c) per candidate index. */
  readonly value: Float64Array;
  /** Signature tokens per candidate index. */
  readonly tokens: readonly Set<string>[];

  /**
   * Scores every candidate of `cp` from what a writer can see (no coverage, no weights).
   *
   * @param cp compiled package (reads `text`, `confidence`, `estimated_value`, type)
   * @param opts profile and model label
   * @throws {RangeError} on an unknown profile
   */
  constructor(cp: CompiledPackage, readonly opts: EstimatorOptions = {}) {
    const profile = opts.profile ?? "gemini_flash_lite_v1";
    if (!(ESTIMATOR_PROFILES as readonly string[]).includes(profile)) {
      throw new RangeError(
        `Cannot build the estimator: unknown profile '${profile}', expected one of ${
          ESTIMATOR_PROFILES.join(", ")
        }`,
      );
    }
    const n = cp.candIds.length;
    this.value = new Float64Array(n);
    const tokens: Set<string>[] = [];
    for (let c = 0; c < n; c++) {
      const src = cp.pkg.candidates[c];
      const text = src.text ?? "";
      this.value[c] = estimatedSingletonValue({
        id: cp.candIds[c],
        rep: cp.rep[c],
        text,
        confidence: src.confidence,
        estimated_value: src.estimated_value,
      }, opts);
      tokens.push(signatureTokens(cp.rep[c], text));
    }
    this.tokens = tokens;
  }

  /**
   * Estimated marginal: 0 if v <= 0; v if c has no tokens; else
   * v·(f + (1 − f)·novelty), novelty = |tokens \ selected| / |tokens|, f = 0.35.
   *
   * @param c candidate index
   * @param selected tokens of the candidates stored so far
   * @returns the estimated marginal (estimate units)
   */
  marginal(c: number, selected: ReadonlySet<string>): number {
    const v = this.value[c];
    if (v <= 0) return 0;
    const toks = this.tokens[c];
    if (toks.size === 0) return v;
    let fresh = 0;
    for (const t of toks) if (!selected.has(t)) fresh++;
    const novelty = fresh / toks.size;
    return v * (NOVELTY_FLOOR + (1 - NOVELTY_FLOOR) * novelty);
  }
}
