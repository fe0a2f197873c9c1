/**
 * BM25Okapi with the reference semantics of `rank_bm25` (the retriever behind LongMemEval's
 * `flat-bm25` baseline; COMPANIONS §1(e), §5), and a retriever over a ladder history at session or
 * turn granularity (paper 002 §4: the fair-exposure constraint shows top-k = 12 items per call).
 *
 * Semantics, exactly:
 * - tokens: `text.split(" ")`: split on a single space, no lowercasing, no
 *   stemming; empty strings between repeated spaces are tokens (as in Python);
 * - N documents, avgdl = (total tokens) / N;
 * - n(t) = documents containing t; idf(t) = ln(N − n + 0.5) − ln(n + 0.5);
 * - the mean idf is taken over ALL raw idf values (negative ones included, summed in order of first
 *   appearance in the corpus), and every term with idf < 0 gets ε × mean idf (ε = 0.25);
 * - score(d, Q) = Σ_{q ∈ Q, with multiplicity} idf(q) · f(q,d)(k1 + 1) / (f(q,d) + k1 (1 − b + b
 *   · |d| / avgdl)), k1 = 1.5, b = 0.75; unknown terms add 0;
 * - ranking: score descending, ties by ascending corpus index (memaudit's
 *   rule: numpy's argsort on reversed scores does not promise this, so
 *   rankings can differ from the Python baseline on exact ties only).
 *
 * Only documents containing a query term are visited (postings lists); the
 * others add exactly 0, so scores equal the dense formula.
 *
 * Evidence recall (`scale recall`, issue 28) uses the same BM25Okapi with other tokens,
 * {@linkcode tokenizeWords} (runs of Unicode letters and digits of the lowercased text), through
 * {@linkcode bm25ScoreTexts}: one pass over a corpus's characters for one query, the same
 * scores to the bit as the index built from those tokens.
 *
 * @module
 */

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

/** A run of Unicode letters and digits (general categories L and N). */
const WORD_RUN = /[\p{L}\p{N}]+/gu;

/**
 * Word tokens for evidence recall (issue 28 item 4): the text lowercased (`toLowerCase`: full,
 * locale-independent Unicode mapping, the final-sigma rule included), then its maximal runs of
 * Unicode letters and digits (general categories L* and N*); everything else separates tokens.
 * Python's `re.findall(r"[^\W_]+", text.lower())` gives the same tokens (up to Unicode-version
 * differences). A capital whose lowercase adds a combining mark is split there (`İstanbul` →
 * `i`, `stanbul`: U+0307 is a mark, not a letter).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokenizeWords } from "./bm25.ts";
 * assert.deepEqual(tokenizeWords("I moved to Oslo in 2023, café!"), ["i", "moved", "to", "oslo", "in", "2023", "café"]);
 * ```
 *
 * @param text any text
 * @returns the tokens, in text order (none for text without letters or digits)
 */
export function tokenizeWords(text: string): string[] {
  return text.toLowerCase().match(WORD_RUN) ?? [];
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
      const v = okapiIdf(this.size, n);
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

/** Raw Okapi idf of a term in n of N documents: ln(N − n + 0.5) − ln(n + 0.5) (may be negative). */
function okapiIdf(N: number, n: number): number {
  return Math.log(N - n + 0.5) - Math.log(n + 0.5);
}

/** ASCII letters and digits. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[0-9A-Za-z]/.test(String.fromCharCode(c)) ? 1 : 0;
/** Whether a code point past ASCII is a Unicode letter or digit (general category L* or N*). */
const wordCodePoints = new Map<number, boolean>();
const ONE_WORD_CHAR = /^[\p{L}\p{N}]$/u;

/**
 * The length in code units (1, or 2 for a surrogate pair) of the letter or digit that starts at
 * s[i], or 0 when another character does (a lone surrogate is no letter or digit).
 */
function wordWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 128) return ASCII_WORD[c];
  const cp = s.codePointAt(i)!;
  let word = wordCodePoints.get(cp);
  if (word === undefined) {
    wordCodePoints.set(cp, word = ONE_WORD_CHAR.test(String.fromCodePoint(cp)));
  }
  return word ? (cp > 0xffff ? 2 : 1) : 0;
}

/** FNV-1a over the UTF-16 code units of s. */
function hashUnits(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h;
}

/** The vocabulary of one corpus: an open-addressing table from token text to term number. */
class Vocabulary {
  terms: string[] = [];
  df: number[] = [];
  last: number[] = [];
  query: number[] = [];
  /** Term numbers in order of first appearance in the corpus (the idf sum's order). */
  order: number[] = [];
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 12);

  /** The term number of s[start, end) with hash h, added (with query index q) when new. */
  find(s: string, start: number, end: number, h: number, add: boolean): number {
    let mask = this.#slots.length - 1;
    let slot = h & mask;
    const len = end - start;
    for (;;) {
      const id = this.#slots[slot] - 1;
      if (id < 0) break;
      if (this.#hashes[slot] === h) {
        const t = this.terms[id];
        if (t.length === len) {
          let k = 0;
          while (k < len && t.charCodeAt(k) === s.charCodeAt(start + k)) k++;
          if (k === len) return id;
        }
      }
      slot = (slot + 1) & mask;
    }
    if (!add) return -1;
    const id = this.terms.length;
    this.terms.push(s.slice(start, end));
    this.df.push(0);
    this.last.push(-1);
    this.query.push(-1);
    this.#slots[slot] = id + 1;
    this.#hashes[slot] = h;
    if (2 * this.terms.length > this.#slots.length) {
      const oldSlots = this.#slots, oldHashes = this.#hashes;
      this.#slots = new Int32Array(oldSlots.length * 2);
      this.#hashes = new Int32Array(oldSlots.length * 2);
      mask = this.#slots.length - 1;
      for (let j = 0; j < oldSlots.length; j++) {
        if (oldSlots[j] === 0) continue;
        let t = oldHashes[j] & mask;
        while (this.#slots[t] !== 0) t = (t + 1) & mask;
        this.#slots[t] = oldSlots[j];
        this.#hashes[t] = oldHashes[j];
      }
    }
    return id;
  }
}

/**
 * BM25Okapi scores of one query over a corpus of texts, both tokenised by
 * {@linkcode tokenizeWords}: the same numbers, to the bit, as
 * `new Bm25Okapi(texts.map(tokenizeWords), opts).scores(tokenizeWords(query))` (this module's
 * semantics: raw idf ln(N − n + 0.5) − ln(n + 0.5), ε × the mean raw idf over every term,
 * summed in order of first appearance, for negative idf; query terms with multiplicity). One
 * pass over the characters, without token strings: a document frequency for every term, term
 * frequencies for the query's terms only. For one query per corpus, as evidence recall asks,
 * this is several times faster than tokenising and building the full index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Bm25Okapi, bm25ScoreTexts, tokenizeWords } from "./bm25.ts";
 * const texts = ["The cat", "the dog sat", "THE"];
 * const index = new Bm25Okapi(texts.map(tokenizeWords));
 * assert.deepEqual(bm25ScoreTexts(texts, "cat, the?"), index.scores(tokenizeWords("cat, the?")));
 * ```
 *
 * @param texts the documents' texts, in corpus order
 * @param query the query text
 * @param opts k1, b, ε
 * @returns one score per document, in corpus order
 */
export function bm25ScoreTexts(
  texts: readonly string[],
  query: string,
  opts: Bm25Options = {},
): Float64Array {
  const k1 = opts.k1 ?? 1.5, b = opts.b ?? 0.75, epsilon = opts.epsilon ?? 0.25;
  const N = texts.length;
  const vocab = new Vocabulary();
  const queryTokens = tokenizeWords(query);
  const qTerms: number[] = [];
  for (const t of queryTokens) {
    const id = vocab.find(t, 0, t.length, hashUnits(t), true);
    if (vocab.query[id] < 0) vocab.query[id] = qTerms.push(id) - 1;
  }
  const tf = qTerms.map(() => new Float64Array(N));
  const len = new Float64Array(N);
  let total = 0;
  for (let d = 0; d < N; d++) {
    const s = texts[d].toLowerCase();
    const n = s.length;
    let tokens = 0;
    let i = 0;
    while (i < n) {
      let width = wordWidth(s, i);
      if (width === 0) {
        i++;
        continue;
      }
      const start = i;
      let h = 0x811c9dc5 | 0;
      do {
        for (let u = 0; u < width; u++) h = Math.imul(h ^ s.charCodeAt(i + u), 16777619);
        i += width;
      } while (i < n && (width = wordWidth(s, i)) > 0);
      tokens++;
      const id = vocab.find(s, start, i, h, true);
      if (vocab.last[id] !== d) {
        if (vocab.df[id] === 0) vocab.order.push(id);
        vocab.df[id]++;
        vocab.last[id] = d;
      }
      const q = vocab.query[id];
      if (q >= 0) tf[q][d]++;
    }
    len[d] = tokens;
    total += tokens;
  }
  const scores = new Float64Array(N);
  if (N === 0) return scores;
  const avgdl = total / N;
  let sum = 0;
  for (const id of vocab.order) sum += okapiIdf(N, vocab.df[id]);
  const floor = vocab.order.length === 0 ? 0 : epsilon * (sum / vocab.order.length);
  const idf = qTerms.map((id) => {
    if (vocab.df[id] === 0) return 0;
    const v = okapiIdf(N, vocab.df[id]);
    return v < 0 ? floor : v;
  });
  const norm = new Float64Array(N);
  for (let d = 0; d < N; d++) norm[d] = k1 * (1 - b + b * len[d] / avgdl);
  const k = k1 + 1;
  for (const t of queryTokens) {
    const q = vocab.query[vocab.find(t, 0, t.length, hashUnits(t), false)];
    const w = idf[q];
    if (w === 0) continue;
    const f = tf[q];
    for (let d = 0; d < N; d++) {
      if (f[d] !== 0) scores[d] += w * (f[d] * k / (f[d] + norm[d]));
    }
  }
  return scores;
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

/** A session's turns (the shape of scale's LadderSession turns; a cache key). */
type SessionTurns = readonly {
  role: "user" | "assistant";
  content: string;
  has_answer?: boolean;
}[];

const sessionDocCache = new Map<string, WeakMap<SessionTurns, DocCounts>>();
const turnDocCache = new Map<string, WeakMap<SessionTurns, TurnDoc[]>>();

function cacheFor<T>(
  m: Map<string, WeakMap<SessionTurns, T>>,
  key: string,
): WeakMap<SessionTurns, T> {
  let w = m.get(key);
  if (!w) m.set(key, w = new WeakMap());
  return w;
}

/**
 * A BM25Okapi retriever over one history (a ladder rung's sessions). Session granularity: one
 * document per session, the text of its indexed turns joined with a single space; turn granularity:
 * one document per indexed turn. Token counts are cached per session, so rungs sharing sessions are
 * cheap to index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HistoryRetriever } from "./bm25.ts";
 * const r = new HistoryRetriever([
 *   { id: "s1", turns: [{ role: "user", content: "I moved to Oslo" }] },
 *   { id: "s2", turns: [{ role: "user", content: "pasta recipe" }] },
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
  constructor(
    sessions: readonly { id: string; turns: SessionTurns }[],
    opts: RetrieverOptions = {},
  ) {
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
