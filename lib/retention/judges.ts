/**
 * Judges of presence I(r ∈ M_t) (paper 003; COMPANIONS §2(a) "Presence",
 * §2(e) "Judges"). The benchmark embeds the fact and every memory text of
 * snapshot t (all-MiniLM-L6-v2), takes the top-10 memories, joins them and
 * asks gpt-5-nano whether they contain the fact's core meaning. Offline
 * judges here:
 *
 * - {@linkcode provenanceJudge}: I = 1 iff an entry of the bank carries r's
 *   id (its `facts` list, or the id embedded in a simulated text). EXACT for
 *   simulated data and for systems that keep their entries' source facts.
 * - {@linkcode lexicalJudge}: BM25 top-10 over the bank with the fact as the
 *   query, then I = 1 iff one of those 10 entries holds at least a
 *   threshold share of the fact's content stems. An APPROXIMATION of the
 *   benchmark's retrieve-then-judge shape (no embedding model, no LLM),
 *   labelled as such.
 * - table: the user's own judge results, read with `parsePresenceCsv` or
 *   `readPerFactFolder` (already tracks; {@linkcode tableJudge} looks them up).
 * - {@linkcode adjudicatedTracks}: any memaudit adjudicator (e.g. the cached
 *   OpenAI-compatible LLM adjudicator) on the BM25 top-10 of the bank, at the
 *   K checkpoints like the benchmark's evaluator.
 *
 * @module
 */
import { lexicalStems } from "../adjudicate/lexical.ts";
import { checkpointSessions } from "./checkpoints.ts";
import { Bm25Okapi } from "../base/bm25.ts";
import { embeddedFactId } from "./cohort.ts";
import type { Snapshot } from "./formats.ts";
import { type BankSnapshot, countTokens, memoryText } from "./replay.ts";
import {
  type FactTrack,
  lifespanOf,
  type ReferenceFact,
  trackFromJudge,
} from "./retention_rate.ts";

/** A presence judge: I(r ∈ M_t) for a fact and the bank after session t. */
export interface PresenceJudge {
  /** `provenance`, `lexical (approximation)` or `table`. */
  readonly name: string;
  /** Whether `fact` is present in `bank`. */
  present(fact: ReferenceFact, bank: BankSnapshot): boolean;
}

/**
 * Tracks of every fact under a judge: for each session of the lifespan, the
 * judge on that session's snapshot (a session without a snapshot counts as
 * absent).
 *
 * @param facts the facts (one user's or several; matched to snapshots by user)
 * @param banks snapshots by user id, each in any order
 * @param judge the presence judge
 * @returns one track per fact, in the facts' order
 * @throws {RangeError} on a bad lifespan
 */
export function judgeTracks(
  facts: readonly ReferenceFact[],
  banks: ReadonlyMap<string, readonly BankSnapshot[]>,
  judge: PresenceJudge,
): FactTrack[] {
  const bySession = new Map<string, Map<number, BankSnapshot>>();
  for (const [u, list] of banks) bySession.set(u, new Map(list.map((b) => [b.session, b])));
  return facts.map((f) => {
    lifespanOf(f);
    const m = bySession.get(f.user);
    return trackFromJudge(f, (t) => {
      const b = m?.get(t);
      return b !== undefined && b.entries.length > 0 && judge.present(f, b);
    });
  });
}

const EMBEDDED = /⟦([^⟧]*)⟧/g;

/**
 * The provenance judge (exact where entries carry their source facts): an
 * entry carries fact r if r's id is in its `facts`, or if its text embeds
 * `⟦<user>/<fact>⟧` (the cohort simulator's ids).
 *
 * @returns the judge
 */
export function provenanceJudge(): PresenceJudge {
  const cache = new WeakMap<BankSnapshot, { ids: Set<string>; embedded: boolean }>();
  const carried = (bank: BankSnapshot) => {
    let c = cache.get(bank);
    if (c === undefined) {
      c = { ids: new Set(), embedded: false };
      for (const e of bank.entries) {
        for (const f of e.facts) c.ids.add(f);
        if (e.text.includes("⟦")) {
          for (const m of e.text.matchAll(EMBEDDED)) {
            c.ids.add(`⟦${m[1]}⟧`);
            c.embedded = true;
          }
        }
      }
      cache.set(bank, c);
    }
    return c;
  };
  return {
    name: "provenance",
    present(fact, bank) {
      const c = carried(bank);
      return c.ids.has(fact.fact) ||
        (c.embedded && c.ids.has(embeddedFactId(fact.user, fact.fact)));
    },
  };
}

/** Options of {@linkcode lexicalJudge}. */
export interface LexicalJudgeOptions {
  /** Memories retrieved per check (default 10, the benchmark's top-10). */
  topK?: number;
  /** Share of the fact's stems one retrieved entry must hold (default 0.6). */
  threshold?: number;
  /** Remove ids embedded as ⟦…⟧ from texts first, so they cannot match (default true). */
  stripEmbeddedIds?: boolean;
}

/**
 * The lexical judge, an APPROXIMATION of the benchmark's judge: BM25
 * (Okapi, over content stems from `lexicalStems`, each stem once per text)
 * retrieves the top-k entries of the bank for the fact's text; the fact is
 * present iff one of them holds at least `threshold` of the fact's distinct
 * stems (per entry, not over the joined text: a union of 10 templated
 * entries matches almost anything). A fact without text, or without content
 * stems, is absent.
 *
 * @param opts top-k, threshold, id stripping
 * @returns the judge (its name says "approximation")
 * @throws {RangeError} for top-k < 1 or a threshold outside (0, 1]
 */
export function lexicalJudge(opts: LexicalJudgeOptions = {}): PresenceJudge {
  const topK = opts.topK ?? 10, threshold = opts.threshold ?? 0.6;
  const strip = opts.stripEmbeddedIds ?? true;
  if (!(Number.isInteger(topK) && topK >= 1) || !(threshold > 0 && threshold <= 1)) {
    throw new RangeError(
      `Cannot build the lexical judge: expected topK >= 1 and threshold in (0, 1], got ${topK} and ${threshold}`,
    );
  }
  const clean = (t: string) => (strip ? t.replace(EMBEDDED, " ") : t);
  const cache = new WeakMap<BankSnapshot, { bm: Bm25Okapi; stems: Set<string>[] }>();
  const indexOf = (bank: BankSnapshot) => {
    let ix = cache.get(bank);
    if (ix === undefined) {
      const docs = bank.entries.map((e) => lexicalStems(clean(e.text)));
      ix = { bm: new Bm25Okapi(docs), stems: docs.map((d) => new Set(d)) };
      cache.set(bank, ix);
    }
    return ix;
  };
  const factStems = new Map<string, string[]>();
  return {
    name: "lexical (approximation)",
    present(fact, bank) {
      const key = `${fact.user}\u0000${fact.fact}`;
      let q = factStems.get(key);
      if (q === undefined) {
        q = lexicalStems(clean(fact.text ?? ""));
        factStems.set(key, q);
      }
      if (q.length === 0) return false;
      const ix = indexOf(bank);
      for (const i of ix.bm.topK(q, topK).map((h) => h.index)) {
        let hit = 0;
        for (const s of q) if (ix.stems[i].has(s)) hit++;
        if (hit / q.length >= threshold) return true;
      }
      return false;
    },
  };
}

/**
 * A judge that looks presence up in tracks read from the user's own judge
 * results (presence CSV or per-fact JSON).
 *
 * @param tracks the tracks
 * @returns the judge (a (fact, session) not in the tracks is absent)
 */
export function tableJudge(tracks: readonly FactTrack[]): PresenceJudge {
  const m = new Map(tracks.map((t) => [`${t.user}\u0000${t.fact}`, t]));
  return {
    name: "table",
    present(fact, bank) {
      const t = m.get(`${fact.user}\u0000${fact.fact}`);
      if (t === undefined) return false;
      const i = bank.session - t.tStart;
      return i >= 0 && i < t.present.length && t.present[i] === 1;
    },
  };
}

/**
 * A snapshot file (the artifact's shape) as a {@linkcode BankSnapshot}, so the
 * judges run on a user's own snapshot folders. Entries carry the
 * `fact_ids` extension when present, else no facts (use the lexical judge).
 *
 * @param s a snapshot file
 * @returns the bank after that session
 */
export function bankFromSnapshotFile(s: Snapshot): BankSnapshot {
  const entries = s.memories.map((m, i) => {
    const text = memoryText(m);
    const from = /session_(\d+)\.json$/.exec(m.session_file ?? "");
    return {
      id: m.memory_id !== undefined ? String(m.memory_id) : `${s.session_id}/${i}`,
      session: from ? Number(from[1]) : s.session_id,
      text,
      tokens: m.token_count ?? countTokens(text),
      facts: [...(m.fact_ids ?? [])],
    };
  });
  return {
    session: s.session_id,
    entries,
    written: s.n_written_this_session ?? 0,
    evicted: s.n_evicted_by_budget ?? 0,
    tokens: entries.reduce((x, e) => x + e.tokens, 0),
    skipped: false,
  };
}

/**
 * What {@linkcode adjudicatedTracks} needs of an adjudicator: the part of
 * lib/adjudicate's `Adjudicator` contract it calls (every memaudit
 * adjudicator, e.g. `LlmAdjudicator`, fits).
 */
export interface PresenceAdjudicator {
  /**
   * Coverage of the units by the memory text.
   *
   * @param request the package id, the memory (the joined top-k entries) and the fact as one unit
   * @returns coverage edges (unit id and value in [0, 1])
   */
  adjudicate(request: {
    packageId: string;
    memory: { id: string; text: string };
    units: readonly { id: string; text: string; family: string }[];
  }): Promise<readonly { unit: string; value: number }[]>;
}

/** Options of {@linkcode adjudicatedTracks}. */
export interface AdjudicatedOptions {
  /** Memories retrieved per check by BM25 (default 10, the benchmark's top-10). */
  topK?: number;
  /** Checkpoints per fact (default 20); only these sessions are asked unless `allSessions`. */
  k?: number;
  /** Ask at every session of the lifespan (exact value; many more requests). */
  allSessions?: boolean;
  /** Coverage value from the adjudicator that counts as present (default 1, a full "yes"). */
  minValue?: number;
}

/**
 * Presence from any memaudit {@linkcode Adjudicator} (e.g. the cached,
 * bounded OpenAI-compatible `LlmAdjudicator`), in the benchmark's
 * retrieve-then-judge shape: BM25 (not the benchmark's embeddings)
 * retrieves the top-k entries of the bank for the fact, they are joined
 * with newlines as one memory text, and the adjudicator says whether it
 * covers the fact (value >= minValue is present; an empty bank is absent,
 * as in the benchmark). By default only the K checkpoints are asked, as the
 * benchmark's evaluator does; the other sessions count as absent, so then
 * only the K estimate is meaningful (`checked` says how many were asked).
 *
 * @param facts the facts (with text)
 * @param banks snapshots by user id
 * @param adjudicator the adjudicator (its errors propagate)
 * @param opts top-k, K, all sessions, threshold
 * @returns one track per fact and the sessions asked per fact
 * @throws {RangeError} on a bad lifespan or option
 */
export async function adjudicatedTracks(
  facts: readonly ReferenceFact[],
  banks: ReadonlyMap<string, readonly BankSnapshot[]>,
  adjudicator: PresenceAdjudicator,
  opts: AdjudicatedOptions = {},
): Promise<{ tracks: FactTrack[]; checked: number[] }> {
  const topK = opts.topK ?? 10, k = opts.k ?? 20, minValue = opts.minValue ?? 1;
  if (!(Number.isInteger(topK) && topK >= 1) || !(minValue > 0 && minValue <= 1)) {
    throw new RangeError("Cannot adjudicate presence: expected topK >= 1 and minValue in (0, 1]");
  }
  const tracks: FactTrack[] = [], checked: number[] = [];
  for (const f of facts) {
    const n = lifespanOf(f);
    const present = new Uint8Array(n);
    const sessions = opts.allSessions
      ? Array.from({ length: n }, (_, i) => f.tStart + i)
      : checkpointSessions(f.tStart, f.tTarget, k);
    const bySession = new Map((banks.get(f.user) ?? []).map((b) => [b.session, b]));
    const q = lexicalStems(f.text ?? "");
    for (const t of sessions) {
      const bank = bySession.get(t);
      if (bank === undefined || bank.entries.length === 0) continue;
      const bm = new Bm25Okapi(bank.entries.map((e) => lexicalStems(e.text)));
      const text = bm.topK(q, topK).map((h) => h.index).map((i) => bank.entries[i].text).join("\n");
      const edges = await adjudicator.adjudicate({
        packageId: `retention:${f.user}`,
        memory: { id: `${f.user}/bank@${t}`, text },
        units: [{ id: f.fact, text: f.text ?? f.fact, family: f.type }],
      });
      const v = edges.find((e) => e.unit === f.fact)?.value ?? 0;
      if (v >= minValue) present[t - f.tStart] = 1;
    }
    tracks.push({ ...f, present });
    checked.push(sessions.length);
  }
  return { tracks, checked };
}
