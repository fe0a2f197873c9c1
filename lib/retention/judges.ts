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
 *   `readPerFactFolder` (already tracks).
 *
 * @module
 */
import { lexicalStems } from "../adjudicate/lexical.ts";
import { Bm25Okapi } from "../base/bm25.ts";
import { embeddedFactId } from "./cohort.ts";
import type { Snapshot } from "./formats.ts";
import { type BankSnapshot, countTokens, memoryText } from "./replay.ts";
import { type FactTrack, type ReferenceFact, trackFromJudge } from "./retention_rate.ts";

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

/**
 * The lexical judge, an APPROXIMATION of the benchmark's judge: BM25
 * (Okapi, over content stems from `lexicalStems`, each stem once per text)
 * retrieves the top-10 entries of the bank for the fact's text (ids embedded
 * as ⟦…⟧ removed first, so they cannot match); the fact is present iff one
 * of them holds at least 0.6 of the fact's distinct stems (per entry, not
 * over the joined text: a union of 10 templated entries matches almost
 * anything). A fact without text, or without content stems, is absent.
 *
 * @returns the judge (its name says "approximation")
 */
export function lexicalJudge(): PresenceJudge {
  const topK = 10, threshold = 0.6;
  const clean = (t: string) => t.replace(EMBEDDED, " ");
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
 * A snapshot file (the artifact's shape) as a {@linkcode BankSnapshot}, so the
 * judges run on a user's own snapshot folders. Entries carry the
 * `fact_ids` extension when present, else no facts (use the lexical judge).
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
