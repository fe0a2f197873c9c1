/**
 * Budgeted memory-bank replay (paper 003; COMPANIONS §2(a) "Memory budget
 * and eviction"): sessions are replayed in order, a session's entries are
 * added unless the gating skip set holds it, and after each session the
 * oldest entries (FIFO by insertion order) are evicted until the bank holds
 * at most B entries and at most T tokens. One snapshot per session,
 * including skipped ones.
 *
 * Known limits (as in the benchmark's post-hoc replay): an entry is added
 * once, at the session that wrote it; a later UPDATE of a stored entry (new
 * text, same insertion order) or a DELETE is not replayed. Budgets and
 * gating are simulated on top of one unbudgeted run of the memory system,
 * so a system whose writes depend on what it already holds is not modelled.
 *
 * Also here: a SIMULATED memory system ({@linkcode simulateWrites}: each
 * reference fact of a stored session becomes an entry with probability
 * p_extract, plus Poisson filler entries).
 *
 * @module
 */
import { SeededRandom } from "../base/rng/seeded_random.ts";
import type { Rng } from "../base/rng/rng.ts";
import type { CohortUser } from "./cohort.ts";
import type { Snapshot, SnapshotMemory } from "./formats.ts";

/** One memory entry. */
export interface MemoryEntry {
  /** Entry id, unique within the user. */
  id: string;
  /** The session that wrote it. */
  session: number;
  /** Its text. */
  text: string;
  /** Its size in tokens (token budgets). */
  tokens: number;
  /** Reference fact ids it carries (provenance; empty for filler or when unknown). */
  facts: string[];
}

/** A bank after one session. */
export interface BankSnapshot {
  /** The session. */
  session: number;
  /** The bank M_t, oldest first (insertion order). */
  entries: MemoryEntry[];
  /** Entries added in this session (0 when skipped). */
  written: number;
  /** Entries evicted by the budget after it. */
  evicted: number;
  /** Σ tokens held after the session. */
  tokens: number;
  /** The session was in the skip set (gated out). */
  skipped: boolean;
}

/** Per-session writes of an unbudgeted run: entries by session id, in insertion order. */
export type SessionWrites = ReadonlyMap<number, readonly MemoryEntry[]>;

/**
 * Replays a user's sessions under a budget and a skip set.
 *
 * @example Budget 2, three sessions
 * ```ts
 * import { replayBank } from "./replay.ts";
 * const e = (id: string, session: number) => ({ id, session, text: id, tokens: 1, facts: [] });
 * const writes = new Map([[1, [e("a", 1), e("b", 1)]], [2, [e("c", 2)]], [3, []]]);
 * const snaps = replayBank([1, 2, 3], writes, { maxEntries: 2 });
 * if (snaps[1].entries.map((x) => x.id).join() !== "b,c") throw new Error("FIFO");
 * ```
 *
 * @param sessions every session id of the user, in timeline order
 * @param writes the entries each session writes
 * @param opts budgets and skip set
 * @returns one snapshot per session, in order
 * @throws {RangeError} if a budget is negative or not a number
 */
export function replayBank(
  sessions: readonly number[],
  writes: SessionWrites,
  opts: {
    /** At most this many entries after each session (default: no limit). */
    maxEntries?: number;
    /** At most this many tokens after each session (default: no limit). */
    maxTokens?: number;
    /** Sessions whose writes are skipped (gated out). */
    skip?: ReadonlySet<number>;
  } = {},
): BankSnapshot[] {
  const maxEntries = opts.maxEntries ?? Infinity;
  const maxTokens = opts.maxTokens ?? Infinity;
  if (!(maxEntries >= 0) || !(maxTokens >= 0)) {
    throw new RangeError(
      `Cannot replay: budgets must be >= 0, got ${opts.maxEntries} entries and ${opts.maxTokens} tokens`,
    );
  }
  const bank: MemoryEntry[] = [];
  let head = 0, tokens = 0;
  const out: BankSnapshot[] = [];
  for (const t of sessions) {
    const skipped = opts.skip?.has(t) ?? false;
    const add = skipped ? [] : writes.get(t) ?? [];
    for (const e of add) {
      bank.push(e);
      tokens += e.tokens;
    }
    let evicted = 0;
    while (head < bank.length && (bank.length - head > maxEntries || tokens > maxTokens)) {
      tokens -= bank[head++].tokens;
      evicted++;
    }
    out.push({
      session: t,
      entries: bank.slice(head),
      written: add.length,
      evicted,
      tokens,
      skipped,
    });
  }
  return out;
}

function poisson(rng: Rng, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0, p = rng.random();
  while (p > limit) {
    k++;
    p *= rng.random();
  }
  return k;
}

/** Whitespace-separated words: the simulator's token count. */
export function countTokens(text: string): number {
  const t = text.trim();
  return t === "" ? 0 : t.split(/\s+/).length;
}

/**
 * A SIMULATED memory system's unbudgeted writes for a simulated user: per
 * session, each reference fact becomes an entry (its text, carrying its id)
 * with probability p_extract, then Poisson(λ) filler entries carrying no
 * fact. Deterministic per seed and user.
 *
 * @param user a simulated user (its sessions and facts)
 * @param opts seed and rates
 * @returns the entries each session writes, in insertion order
 * @throws {RangeError} for a rate outside its range
 */
export function simulateWrites(
  user: CohortUser,
  opts: {
    /** Seed (default 0). */
    seed?: number | string;
    /** P(a reference fact of a session becomes an entry) (default 0.8). */
    pExtract?: number;
    /** Mean filler entries per memory-required session (Poisson; default 1). */
    lambdaRequired?: number;
    /** Mean entries per transient session (Poisson; default 1.5). */
    lambdaTransient?: number;
  } = {},
): Map<number, MemoryEntry[]> {
  const pExtract = opts.pExtract ?? 0.8;
  const lr = opts.lambdaRequired ?? 1, lt = opts.lambdaTransient ?? 1.5;
  if (!(pExtract >= 0 && pExtract <= 1) || !(lr >= 0) || !(lt >= 0)) {
    throw new RangeError("Cannot simulate writes: expected pExtract in [0, 1] and lambdas >= 0");
  }
  const rng = new SeededRandom(`${opts.seed ?? 0}/writes/${user.uuid}`);
  const bySession = new Map<number, { fact: string; text: string }[]>();
  for (const f of user.facts) {
    const list = bySession.get(f.tStart) ?? [];
    list.push({ fact: f.fact, text: f.text ?? f.fact });
    bySession.set(f.tStart, list);
  }
  const out = new Map<number, MemoryEntry[]>();
  let n = 0;
  for (const s of user.sessions) {
    const list: MemoryEntry[] = [];
    const entry = (text: string, facts: string[]): MemoryEntry => ({
      id: `${user.uuid}/m${++n}`,
      session: s.session_id,
      text,
      tokens: countTokens(text),
      facts,
    });
    for (const f of bySession.get(s.session_id) ?? []) {
      if (rng.random() < pExtract) list.push(entry(f.text, [f.fact]));
    }
    const filler = poisson(rng, s.memory_required ? lr : lt);
    for (let i = 0; i < filler; i++) {
      const detail = `${s.domain.toLowerCase()} detail ${rng.randint(1000, 9999)}`;
      list.push(entry(`User mentioned ${detail} (filler)`, []));
    }
    out.set(s.session_id, list);
  }
  return out;
}

/** The text the evaluator reads from a snapshot memory: `memory_text`, else `content`. */
export function memoryText(m: SnapshotMemory): string {
  return m.memory_text ?? m.content ?? "";
}

/**
 * A replayed snapshot in the artifact's snapshot-file shape.
 *
 * @param user the user id
 * @param snap the bank after one session
 * @returns the snapshot object (memories with memaudit's `fact_ids` extension)
 */
export function toSnapshotFile(user: string, snap: BankSnapshot): Snapshot {
  const file = (t: number) => `session_${String(t).padStart(4, "0")}.json`;
  return {
    uuid: user,
    session_id: snap.session,
    session_file: file(snap.session),
    n_written_this_session: snap.written,
    n_evicted_by_budget: snap.evicted,
    total_tokens_after: snap.tokens,
    n_entries_after: snap.entries.length,
    memories: snap.entries.map((e) => ({
      memory_id: e.id,
      memory_text: e.text,
      session_file: file(e.session),
      token_count: e.tokens,
      fact_ids: e.facts,
    })),
  };
}
