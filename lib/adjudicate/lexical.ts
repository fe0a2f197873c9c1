/**
 * A deterministic lexical adjudicator: coverage of an evidence unit by a
 * memory from the share of the unit's content stems (IDF-weighted) that the
 * memory contains. Used for representations the data does not link to turns
 * (LoCoMo session and event summaries) and as the second labeling of the
 * coverage-agreement audit (paper 001 §5, Table 3).
 *
 * Method (all steps deterministic, no model):
 * 1. Text to stems: Unicode NFKC, lowercase, possessive `'s` dropped, split
 *    on anything that is not a letter or a digit; tokens of one letter,
 *    English stopwords (npm `stopword`, list `eng`) and a few chat
 *    interjections ({@linkcode LEXICAL_FILLERS}) are dropped; the rest is
 *    Porter-stemmed (npm `stemmer`). A text's stems are a set.
 * 2. Weights: idf(s) = ln((N + 1) / (df(s) + 1)) + 1 over a reference corpus
 *    of N documents (for LoCoMo: the turn lines of the conversation), so a
 *    speaker's name or "really" weighs less than "pottery"; without a corpus
 *    every stem weighs 1.
 * 3. Score: s(m, u) = Σ idf over stems of u found in m / Σ idf over stems of u,
 *    in [0, 1] (a recall of the unit's content, not a symmetric similarity).
 * 4. Verdict: 1 (`full`) if s >= `full` (default 0.5), 0.5 (`partial`) if
 *    s >= `partial` (default 0.3), else 0; and never above 0 when fewer than
 *    `minMatched` (default 2) distinct stems match, so one shared word (a
 *    name) never makes coverage.
 *
 * The thresholds were set once from the score histogram of LoCoMo
 * observation–turn pairs (cited pairs mostly score 0.2–0.6, uncited pairs
 * mostly below 0.2), not tuned for agreement; they are reported with every
 * labeling (see {@linkcode LEXICAL_DEFAULTS}).
 *
 * @module
 */
import { englishStopwords } from "../base/deps/stopword.ts";
import { stemmer } from "../base/deps/stemmer.ts";
import type { AdjudicationRequest, Adjudicator, CoverageEdge } from "./types.ts";

/** Chat interjections dropped besides the stopword list. */
export const LEXICAL_FILLERS: readonly string[] = (
  "hey hi hmm haha lol oh ok okay um wow yeah yep"
).split(" ");

/** Thresholds of the lexical verdict. */
export interface LexicalThresholds {
  /** Score at or above which a unit is fully covered (value 1). */
  full: number;
  /** Score at or above which a unit is partly covered (value 0.5). */
  partial: number;
  /** Distinct matched stems needed for any coverage. */
  minMatched: number;
}

/** Default thresholds: full 0.5, partial 0.3, at least 2 matched stems. */
export const LEXICAL_DEFAULTS: Readonly<LexicalThresholds> = Object.freeze({
  full: 0.5,
  partial: 0.3,
  minMatched: 2,
});

const STOP: ReadonlySet<string> = new Set([...(englishStopwords as string[]), ...LEXICAL_FILLERS]);

/**
 * The stems of a text (step 1 of the method), as a sorted de-duplicated list.
 *
 * @param text any text
 * @returns distinct Porter stems of its content words, sorted
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lexicalStems } from "./lexical.ts";
 * assert.ok(lexicalStems("Wow, Caroline's adopting two cats!").join(" ") === "adopt carolin cat two");
 * ```
 */
export function lexicalStems(text: string): string[] {
  const words = text.normalize("NFKC").toLowerCase().replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u);
  const out = new Set<string>();
  for (const w of words) {
    if (w.length < 2 || STOP.has(w)) continue;
    let st = STEMS.get(w);
    if (st === undefined) {
      if (STEMS.size >= STEM_CACHE_MAX) STEMS.clear();
      STEMS.set(w, st = stemmer(w));
    }
    out.add(st);
  }
  return [...out].sort();
}

/** Word → Porter stem, shared by every text (stemming dominates the cost of long texts). */
const STEMS = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

/** Options of {@linkcode LexicalAdjudicator}. */
export interface LexicalOptions extends Partial<LexicalThresholds> {
  /** Reference documents for the IDF weights (default: none, every stem weighs 1). */
  corpus?: readonly string[];
  /** Name reported by the adjudicator (default `lexical`). */
  name?: string;
}

/**
 * The lexical adjudicator (see the module documentation for the method).
 * Stems of each distinct text are computed once and cached.
 */
export class LexicalAdjudicator implements Adjudicator {
  /** Short name (default `lexical`). */
  readonly name: string;
  /** The thresholds in force. */
  readonly thresholds: Readonly<LexicalThresholds>;
  readonly #idf = new Map<string, number>();
  readonly #unknownIdf: number;
  readonly #stems = new Map<string, string[]>();

  /**
   * A lexical adjudicator with the given thresholds and IDF corpus.
   *
   * @param opts thresholds, IDF corpus and name
   * @throws {RangeError} when thresholds are not 0 <= partial <= full <= 1 or minMatched < 1
   */
  constructor(opts: LexicalOptions = {}) {
    this.name = opts.name ?? "lexical";
    const t = {
      full: opts.full ?? LEXICAL_DEFAULTS.full,
      partial: opts.partial ?? LEXICAL_DEFAULTS.partial,
      minMatched: opts.minMatched ?? LEXICAL_DEFAULTS.minMatched,
    };
    if (!(t.partial >= 0 && t.partial <= t.full && t.full <= 1) || !(t.minMatched >= 1)) {
      throw new RangeError(
        `Cannot build a lexical adjudicator: need 0 <= partial <= full <= 1 and minMatched >= 1, got ${
          JSON.stringify(t)
        }`,
      );
    }
    this.thresholds = Object.freeze(t);
    const docs = opts.corpus ?? [];
    const n = docs.length;
    this.#unknownIdf = n === 0 ? 1 : Math.log(n + 1) + 1;
    if (n > 0) {
      const df = new Map<string, number>();
      for (const d of docs) for (const s of this.stems(d)) df.set(s, (df.get(s) ?? 0) + 1);
      for (const [s, k] of df) this.#idf.set(s, Math.log((n + 1) / (k + 1)) + 1);
    }
  }

  /** Cached {@linkcode lexicalStems}. */
  stems(text: string): string[] {
    let s = this.#stems.get(text);
    if (s === undefined) {
      s = lexicalStems(text);
      this.#stems.set(text, s);
    }
    return s;
  }

  /** IDF weight of a stem (the corpus maximum for unseen stems; 1 without a corpus). */
  idf(stem: string): number {
    return this.#idf.get(stem) ?? this.#unknownIdf;
  }

  /**
   * Scores one pair (steps 2-4 of the method).
   *
   * @param memory the memory text
   * @param unit the evidence unit text
   * @returns score in [0, 1], matched stem count and coverage value (1, 0.5 or 0)
   */
  score(memory: string, unit: string): {
    /** IDF-weighted share of the unit's stems present in the memory, in [0, 1]. */
    score: number;
    /** Distinct matched stems. */
    matched: number;
    /** Coverage value: 1, 0.5 or 0. */
    value: number;
  } {
    const u = this.stems(unit);
    if (u.length === 0) return { score: 0, matched: 0, value: 0 };
    const m = new Set(this.stems(memory));
    let hit = 0, all = 0, matched = 0;
    for (const s of u) {
      const w = this.idf(s);
      all += w;
      if (m.has(s)) {
        hit += w;
        matched++;
      }
    }
    const score = hit / all;
    const t = this.thresholds;
    const value = matched < t.minMatched ? 0 : score >= t.full ? 1 : score >= t.partial ? 0.5 : 0;
    return { score, matched, value };
  }

  /**
   * Coverage edges of one memory (only units with value > 0), provenance
   * `lexical` (or the adjudicator's name), rationale `score=<s> matched=<k>`.
   *
   * @param request the memory and the package's units
   * @returns the positive edges, in unit order
   */
  adjudicate(request: AdjudicationRequest): Promise<CoverageEdge[]> {
    return Promise.resolve(this.edges(request));
  }

  /** Synchronous {@linkcode adjudicate}. */
  edges(request: AdjudicationRequest): CoverageEdge[] {
    const out: CoverageEdge[] = [];
    for (const u of request.units) {
      const r = this.score(request.memory.text, u.text);
      if (r.value > 0) {
        out.push({
          unit: u.id,
          value: r.value,
          provenance: this.name,
          rationale: `score=${r.score.toFixed(3)} matched=${r.matched}`,
        });
      }
    }
    return out;
  }
}
