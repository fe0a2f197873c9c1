/**
 * BM25Okapi with the reference semantics of `rank_bm25` (the retriever
 * behind LongMemEval's `flat-bm25` baseline; COMPANIONS §1(e), §5), and a
 * retriever over a ladder history at session or turn granularity (paper 002
 * §4: the fair-exposure constraint shows top-k = 12 items per call).
 *
 * Semantics, exactly:
 * - tokens: `text.split(" ")`: split on a single space, no lowercasing, no
 *   stemming; empty strings between repeated spaces are tokens (as in Python);
 * - N documents, avgdl = (total tokens) / N;
 * - n(t) = documents containing t; idf(t) = ln(N − n + 0.5) − ln(n + 0.5);
 * - the mean idf is taken over ALL raw idf values (negative ones included,
 *   summed in order of first appearance in the corpus), and every term with
 *   idf < 0 gets ε × mean idf (ε = 0.25);
 * - score(d, Q) = Σ_{q ∈ Q, with multiplicity} idf(q) · f(q,d)(k1 + 1) /
 *   (f(q,d) + k1 (1 − b + b · |d| / avgdl)), k1 = 1.5, b = 0.75; unknown
 *   terms add 0;
 * - ranking: score descending, ties by ascending corpus index (memaudit's
 *   rule: numpy's argsort on reversed scores does not promise this, so
 *   rankings can differ from the Python baseline on exact ties only).
 *
 * Only documents containing a query term are visited (postings lists); the
 * others add exactly 0, so scores equal the dense formula.
 *
 * @module
 */
import type { LadderSession } from "./sources/types.ts";

/** BM25Okapi parameters (defaults: rank_bm25's k1 = 1.5, b = 0.75, ε = 0.25). */
export interface Bm25Options {
  /** Term-frequency saturation k1 (default 1.5). */
  k1?: number;
  /** Length normalisation b (default 0.75). */
  b?: number;
  /** Idf floor factor ε (default 0.25). */
  epsilon?: number;
}

/** A document as term counts and its length in tokens. */
export interface DocCounts {
  /** Document length in tokens. */
  len: number;
  /** Term → count, in order of first appearance. */
  counts: Map<string, number>;
}

/** One ranked document. */
export interface Bm25Hit {
  /** Corpus index. */
  index: number;
  /** BM25 score. */
  score: number;
}

/**
 * LongMemEval's tokenisation: split on a single space.
 *
 * @param text any text
 * @returns the tokens (`"a  b"` gives `["a", "", "b"]`, as Python's `split(" ")`)
 */
export function tokenize(text: string): string[] {
  return text.split(" ");
}

/**
 * Term counts of a token list (first-appearance order kept).
 *
 * @param tokens tokens of one document
 * @returns its counts and length
 */
export function countTerms(tokens: readonly string[]): DocCounts {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { len: tokens.length, counts };
}

/**
 * A BM25Okapi index (see the module comment for the exact semantics).
 *
 * @example The idf floor: "a" is in every document, so its raw idf is negative
 * ```ts
 * import assert from "node:assert/strict";
 * import { Bm25Okapi } from "./bm25.ts";
 * const bm = new Bm25Okapi([["a", "b"], ["a", "c"], ["a"]]);
 * assert.ok(bm.idf.get("a") === bm.floor); // raw idf ln(0.5) − ln(3.5) < 0 is floored
 * assert.ok(bm.topK(["b"], 1)[0].index === 0);
 * ```
 */
export class Bm25Okapi {
  /** Parameters in use. */
  readonly k1: number;
  /** Length normalisation b (default 0.75). */
  readonly b: number;
  /** Idf floor factor ε (default 0.25). */
  readonly epsilon: number;
  /** Number of documents N. */
  readonly size: number;
  /** Mean document length in tokens. */
  readonly avgdl: number;
  /** idf per term after the floor. */
  readonly idf: Map<string, number>;
  /** ε × mean raw idf (the value negative idfs were set to). */
  readonly floor: number;
  #postings = new Map<string, { docs: number[]; tf: number[] }>();
  #norm: Float64Array;

  /**
   * Indexes a corpus: document frequencies, idf with the ε floor, length norms.
   *
   * @param corpus documents as token lists (see {@linkcode tokenize}), or as term counts
   * @param opts k1, b, ε
   */
  constructor(corpus: readonly (readonly string[] | DocCounts)[], opts: Bm25Options = {}) {
    this.k1 = opts.k1 ?? 1.5;
    this.b = opts.b ?? 0.75;
    this.epsilon = opts.epsilon ?? 0.25;
    const docs = corpus.map((d) => Array.isArray(d) ? countTerms(d) : d as DocCounts);
    this.size = docs.length;
    let total = 0;
    const df = new Map<string, number>();
    docs.forEach((d, i) => {
      total += d.len;
      for (const [t, f] of d.counts) {
        df.set(t, (df.get(t) ?? 0) + 1);
        let p = this.#postings.get(t);
        if (!p) this.#postings.set(t, p = { docs: [], tf: [] });
        p.docs.push(i);
        p.tf.push(f);
      }
    });
    this.avgdl = this.size === 0 ? 0 : total / this.size;
    this.idf = new Map();
    let sum = 0;
    const negative: string[] = [];
    for (const [t, n] of df) {
      const v = Math.log(this.size - n + 0.5) - Math.log(n + 0.5);
      this.idf.set(t, v);
      sum += v;
      if (v < 0) negative.push(t);
    }
    this.floor = df.size === 0 ? 0 : this.epsilon * (sum / df.size);
    for (const t of negative) this.idf.set(t, this.floor);
    this.#norm = new Float64Array(this.size);
    docs.forEach((d, i) => {
      this.#norm[i] = this.k1 * (1 - this.b + this.b * d.len / this.avgdl);
    });
  }

  /**
   * BM25 score of every document.
   *
   * @param query query tokens (repeated tokens count again)
   * @returns one score per document, in corpus order
   */
  scores(query: readonly string[]): Float64Array {
    const s = new Float64Array(this.size);
    const k = this.k1 + 1;
    for (const q of query) {
      const idf = this.idf.get(q) ?? 0;
      if (idf === 0) continue;
      const p = this.#postings.get(q)!;
      for (let j = 0; j < p.docs.length; j++) {
        const d = p.docs[j];
        const f = p.tf[j];
        s[d] += idf * (f * k / (f + this.#norm[d]));
      }
    }
    return s;
  }

  /**
   * The k best documents: score descending, ties by ascending index.
   *
   * @param query query tokens
   * @param k how many (default 12, paper 002's top-k)
   * @returns at most k hits
   */
  topK(query: readonly string[], k = 12): Bm25Hit[] {
    const s = this.scores(query);
    const idx = Array.from({ length: this.size }, (_, i) => i);
    idx.sort((a, b) => s[b] - s[a] || a - b);
    return idx.slice(0, k).map((index) => ({ index, score: s[index] }));
  }
}

/** Retrieval granularity: whole sessions (their user turns concatenated) or single user turns. */
export type Granularity = "session" | "turn";

/** One retrieved item. */
export interface RetrievedItem {
  /**
   * `<session id>` at session granularity; `<session id>_<n>` at turn granularity, n the
   * 1-based position of the turn in its session (LongMemEval's turn ids).
   */
  id: string;
  /** Session the item belongs to. */
  session_id: string;
  /** BM25 score. */
  score: number;
  /** Turn granularity: the turn's `has_answer` mark. */
  has_answer?: boolean;
}

/** Options of {@linkcode HistoryRetriever}. */
export interface RetrieverOptions extends Bm25Options {
  /** Default `session`. */
  granularity?: Granularity;
  /** Roles indexed (default `["user"]`, LongMemEval's choice). */
  roles?: readonly ("user" | "assistant")[];
}

interface TurnDoc {
  session: string;
  turn: number;
  has_answer: boolean;
  counts: DocCounts;
}

const sessionDocCache = new Map<string, WeakMap<LadderSession["turns"], DocCounts>>();
const turnDocCache = new Map<string, WeakMap<LadderSession["turns"], TurnDoc[]>>();

function cacheFor<T>(
  m: Map<string, WeakMap<LadderSession["turns"], T>>,
  key: string,
): WeakMap<LadderSession["turns"], T> {
  let w = m.get(key);
  if (!w) m.set(key, w = new WeakMap());
  return w;
}

/**
 * A BM25Okapi retriever over one history (a ladder rung's sessions).
 * Session granularity: one document per session, the text of its indexed
 * turns joined with a single space; turn granularity: one document per
 * indexed turn. Token counts are cached per session, so rungs sharing
 * sessions are cheap to index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HistoryRetriever } from "./bm25.ts";
 * const r = new HistoryRetriever([
 *   { id: "s1", date: 0, origin: "x", turns: [{ role: "user", content: "I moved to Oslo" }] },
 *   { id: "s2", date: 1, origin: "x", turns: [{ role: "user", content: "pasta recipe" }] },
 * ]);
 * assert.ok(r.search("Oslo", 1)[0].session_id === "s1");
 * ```
 */
export class HistoryRetriever {
  /** Retrieval granularity. */
  readonly granularity: Granularity;
  /** Roles indexed. */
  readonly roles: readonly ("user" | "assistant")[];
  /** The underlying BM25Okapi index. */
  readonly bm25: Bm25Okapi;
  #items: { id: string; session: string; has_answer?: boolean }[] = [];
  #docs: DocCounts[] = [];
  #byId = new Map<string, number>();

  /**
   * Indexes one history at the chosen granularity.
   *
   * @param sessions the history, in its order (ties rank by this order)
   * @param opts granularity, roles, BM25 parameters
   */
  constructor(sessions: readonly LadderSession[], opts: RetrieverOptions = {}) {
    this.granularity = opts.granularity ?? "session";
    this.roles = opts.roles ?? ["user"];
    const key = [...this.roles].sort().join(",");
    const docs: DocCounts[] = [];
    if (this.granularity === "session") {
      const cache = cacheFor(sessionDocCache, key);
      for (const s of sessions) {
        let d = cache.get(s.turns);
        if (!d) {
          const text = s.turns.filter((t) => this.roles.includes(t.role)).map((t) => t.content)
            .join(" ");
          cache.set(s.turns, d = countTerms(tokenize(text)));
        }
        docs.push(d);
        this.#items.push({ id: s.id, session: s.id });
      }
    } else {
      const cache = cacheFor(turnDocCache, key);
      for (const s of sessions) {
        let ts = cache.get(s.turns);
        if (!ts) {
          ts = [];
          s.turns.forEach((t, i) => {
            if (!this.roles.includes(t.role)) return;
            ts!.push({
              session: s.id,
              turn: i,
              has_answer: t.has_answer === true,
              counts: countTerms(tokenize(t.content)),
            });
          });
          cache.set(s.turns, ts);
        }
        for (const t of ts) {
          docs.push(t.counts);
          this.#items.push({
            id: `${s.id}_${t.turn + 1}`,
            session: s.id,
            has_answer: t.has_answer,
          });
        }
      }
    }
    this.bm25 = new Bm25Okapi(docs, opts);
    this.#docs = docs;
    this.#items.forEach((it, i) => this.#byId.set(it.id, i));
  }

  /**
   * Pseudo-relevance feedback terms (COMPANIONS §1(e)): the `m` terms of a
   * retrieved item's document with the highest idf in this index that are
   * not in the query (the empty token excluded); ties by code-unit order.
   *
   * @param query current query tokens
   * @param itemId id of a retrieved item (usually the top one)
   * @param m how many terms
   * @returns at most m new terms, best first
   * @throws {RangeError} for an id that is not an item of this index
   */
  feedbackTerms(query: readonly string[], itemId: string, m: number): string[] {
    const i = this.#byId.get(itemId);
    if (i === undefined) throw new RangeError(`Cannot find item '${itemId}' in the index`);
    const have = new Set(query);
    const terms = [...this.#docs[i].counts.keys()].filter((t) => t !== "" && !have.has(t));
    const idf = (t: string) => this.bm25.idf.get(t) ?? 0;
    terms.sort((a, b) => idf(b) - idf(a) || (a < b ? -1 : a > b ? 1 : 0));
    return terms.slice(0, m);
  }

  /** Number of indexed documents. */
  get size(): number {
    return this.#items.length;
  }

  /**
   * The top-k items for a query text (tokenised with {@linkcode tokenize}).
   *
   * @param query query text, or tokens
   * @param k how many (default 12)
   * @returns the items, best first
   */
  search(query: string | readonly string[], k = 12): RetrievedItem[] {
    const tokens = typeof query === "string" ? tokenize(query) : query;
    return this.bm25.topK(tokens, k).map((h) => {
      const it = this.#items[h.index];
      const out: RetrievedItem = { id: it.id, session_id: it.session, score: h.score };
      if (this.granularity === "turn") out.has_answer = it.has_answer;
      return out;
    });
  }
}
