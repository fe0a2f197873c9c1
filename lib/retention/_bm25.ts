/**
 * Private helper of the lexical judge: a small BM25 (Okapi; the rank_bm25
 * `BM25Okapi` formula, k1 = 1.5, b = 0.75, idf = ln((N − df + 0.5) /
 * (df + 0.5)) with negative idf floored at 0.25 × the mean idf) over
 * documents given as term lists. Kept private: a shared BM25 for paper 002
 * (lib/scale/bm25.ts) is written elsewhere and should replace this one once
 * both are merged.
 *
 * @module
 */

/** A BM25 index over a fixed list of documents. */
export class Bm25 {
  readonly #docs: Map<string, number>[];
  readonly #len: number[];
  readonly #avg: number;
  readonly #idf = new Map<string, number>();

  /**
   * @param docs each document's terms (repeats count as term frequency)
   * @param k1 term-frequency saturation (default 1.5)
   * @param b length normalisation (default 0.75)
   */
  constructor(docs: readonly (readonly string[])[], readonly k1 = 1.5, readonly b = 0.75) {
    this.#docs = docs.map((d) => {
      const tf = new Map<string, number>();
      for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
      return tf;
    });
    this.#len = docs.map((d) => d.length);
    const n = docs.length;
    this.#avg = n === 0 ? 0 : this.#len.reduce((s, x) => s + x, 0) / n;
    const df = new Map<string, number>();
    for (const tf of this.#docs) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    let sum = 0;
    const negatives: string[] = [];
    for (const [t, f] of df) {
      const idf = Math.log((n - f + 0.5) / (f + 0.5));
      this.#idf.set(t, idf);
      sum += idf;
      if (idf < 0) negatives.push(t);
    }
    const floor = 0.25 * (df.size === 0 ? 0 : sum / df.size);
    for (const t of negatives) this.#idf.set(t, floor);
  }

  /** BM25 score of every document for the query terms. */
  scores(query: readonly string[]): number[] {
    return this.#docs.map((tf, i) => {
      let s = 0;
      const norm = this.k1 * (1 - this.b + (this.b * this.#len[i]) / (this.#avg || 1));
      for (const q of query) {
        const f = tf.get(q);
        if (f === undefined) continue;
        s += (this.#idf.get(q) ?? 0) * ((f * (this.k1 + 1)) / (f + norm));
      }
      return s;
    });
  }

  /** Indices of the top-k documents (score descending, ties by index). */
  top(query: readonly string[], k: number): number[] {
    const s = this.scores(query);
    return s.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, k)
      .map(([, i]) => i);
  }
}
