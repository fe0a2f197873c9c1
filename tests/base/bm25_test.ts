/**
 * BM25Okapi golden values, computed by hand on a 3-document corpus:
 * d0 = "the cat sat", d1 = "the dog sat down", d2 = "the cat"; N = 3, avgdl = 9/3 = 3.
 * df: the 3, cat 2, sat 2, dog 1, down 1.
 * raw idf: the = ln(0.5) − ln(3.5) = ln(1/7) = −1.9459101490553135;
 *   cat = sat = ln(1.5) − ln(2.5) = −0.5108256237659907; dog = down = +0.5108256237659907.
 * mean raw idf = ln(1/7) / 5 = −0.38918202981106265 (negative ones included);
 * floor = 0.25 × mean = −0.09729550745276566 (negative: rank_bm25 keeps it), given to the, cat, sat.
 * k1 (1 − b + b |d| / avgdl): d0 1.5, d1 1.875, d2 1.125.
 * "cat dog": d0 = floor · 2.5/2.5 = −0.09729550745276566; d2 = floor · 2.5/2.125 =
 *   −0.11446530288560666; d1 = ln(5/3) · 2.5/2.875 = 0.44419619457912235 → ranking d1, d0, d2.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  Bm25Okapi,
  bm25ScoreTexts,
  countTerms,
  HistoryRetriever,
  tokenize,
  tokenizeWords,
} from "../../lib/base/bm25.ts";

const corpus = ["the cat sat", "the dog sat down", "the cat"].map(tokenize);
const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 1e-15, `${what}: ${a} vs ${b}`);

Deno.test("Bm25Okapi() floors negative idf at ε × the mean of all raw idf values", () => {
  const bm = new Bm25Okapi(corpus);
  assert.equal(bm.avgdl, 3);
  close(bm.floor, -0.09729550745276566, "floor");
  for (const t of ["the", "cat", "sat"]) close(bm.idf.get(t)!, bm.floor, t);
  close(bm.idf.get("dog")!, 0.5108256237659907, "dog");
  close(bm.idf.get("down")!, 0.5108256237659907, "down");
});

Deno.test("Bm25Okapi.scores() matches the hand-computed values", () => {
  const s = new Bm25Okapi(corpus).scores(tokenize("cat dog"));
  close(s[0], -0.09729550745276566, "d0");
  close(s[1], 0.44419619457912235, "d1");
  close(s[2], -0.11446530288560666, "d2");
});

Deno.test("Bm25Okapi.scores() counts query terms with multiplicity", () => {
  const bm = new Bm25Okapi(corpus);
  const once = bm.scores(["the"]);
  const twice = bm.scores(["the", "the"]);
  close(twice[1], -0.1692095781787229, "d1 'the the'");
  for (let i = 0; i < 3; i++) close(twice[i], 2 * once[i], `doc ${i}`);
});

Deno.test("Bm25Okapi.topK() ranks by score, ties by ascending index", () => {
  const bm = new Bm25Okapi(corpus);
  assert.deepEqual(bm.topK(tokenize("cat dog")).map((h) => h.index), [1, 0, 2]);
  assert.deepEqual(bm.topK(["unknown"]).map((h) => h.index), [0, 1, 2]);
  // x in 2 of 5 documents: idf ln(3.5) − ln(2.5) > 0; documents 0 and 2 tie exactly.
  const twins = new Bm25Okapi([["x", "y"], ["z"], ["x", "y"], ["w"], ["v"]]);
  assert.deepEqual(twins.topK(["x"], 3).map((h) => h.index), [0, 2, 1]);
});

Deno.test("tokenize() splits on a single space without lowercasing", () => {
  assert.deepEqual(tokenize("The  cat"), ["The", "", "cat"]);
  assert.deepEqual(countTerms(tokenize("a a b")).counts, new Map([["a", 2], ["b", 1]]));
  const bm = new Bm25Okapi([["Cat"], ["cat"], ["dog"]]);
  assert.equal(bm.topK(["cat"], 1)[0].index, 1);
});

Deno.test("HistoryRetriever() indexes user turns, joined by a space, or one turn per document", () => {
  const sessions = [
    {
      id: "s1",
      date: 0,
      origin: "x",
      turns: [
        { role: "user" as const, content: "I adopted a cat" },
        { role: "assistant" as const, content: "dog dog dog" },
      ],
    },
    {
      id: "s2",
      date: 1,
      origin: "x",
      turns: [
        { role: "user" as const, content: "my puppy" },
        { role: "user" as const, content: "is named Rex", has_answer: true },
      ],
    },
    { id: "s3", date: 2, origin: "x", turns: [{ role: "user" as const, content: "pasta recipe" }] },
  ];
  const r = new HistoryRetriever(sessions);
  assert.equal(r.size, 3);
  // "my puppy is named Rex" is one document: "puppy Rex" scores in s2 only.
  assert.deepEqual(r.search("puppy Rex").map((h) => h.session_id), ["s2", "s1", "s3"]);
  assert.equal(r.search("puppy Rex")[1].score, 0);
  // assistant turns are not indexed by default: "dog" is unknown.
  assert.ok(r.search("dog").every((h) => h.score === 0));
  const t = new HistoryRetriever(sessions, { granularity: "turn" });
  assert.equal(t.size, 4);
  const hit = t.search("Rex", 1)[0];
  assert.deepEqual([hit.id, hit.session_id, hit.has_answer], ["s2_2", "s2", true]);
  const all = new HistoryRetriever(sessions, { roles: ["user", "assistant"] });
  assert.equal(all.search("dog", 1)[0].session_id, "s1");
});

/** rank_bm25's BM25Okapi written densely, line by line, as the reference. */
function denseScores(corpus: string[][], query: string[]): number[] {
  const k1 = 1.5, b = 0.75, eps = 0.25;
  const nd = new Map<string, number>();
  let total = 0;
  const freqs = corpus.map((doc) => {
    total += doc.length;
    const f = new Map<string, number>();
    for (const w of doc) f.set(w, (f.get(w) ?? 0) + 1);
    for (const w of f.keys()) nd.set(w, (nd.get(w) ?? 0) + 1);
    return f;
  });
  const N = corpus.length, avgdl = total / N;
  const idf = new Map<string, number>();
  let sum = 0;
  const neg: string[] = [];
  for (const [w, n] of nd) {
    const v = Math.log(N - n + 0.5) - Math.log(n + 0.5);
    idf.set(w, v);
    sum += v;
    if (v < 0) neg.push(w);
  }
  for (const w of neg) idf.set(w, eps * (sum / idf.size));
  const score = new Array(N).fill(0);
  for (const q of query) {
    for (let d = 0; d < N; d++) {
      const qf = freqs[d].get(q) ?? 0;
      score[d] += (idf.get(q) || 0) *
        (qf * (k1 + 1) / (qf + k1 * (1 - b + b * corpus[d].length / avgdl)));
    }
  }
  return score;
}

Deno.test("Bm25Okapi.scores() equals the dense rank_bm25 formula exactly (postings skip only zeros)", () => {
  const word = fc.constantFrom("a", "b", "c", "d", "e", "", "A");
  fc.assert(
    fc.property(
      fc.array(fc.array(word, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 7 }),
      fc.array(word, { minLength: 1, maxLength: 5 }),
      (corpus, query) => {
        const got = [...new Bm25Okapi(corpus).scores(query)];
        const want = denseScores(corpus, query);
        got.forEach((v, i) =>
          assert.ok(Object.is(v + 0, want[i] + 0), `doc ${i}: ${v} vs ${want[i]}`)
        );
      },
    ),
    { numRuns: 500, seed: 2026 },
  );
});

Deno.test("tokenizeWords() takes runs of letters and digits of the lowercased text", () => {
  assert.deepEqual(tokenizeWords("I moved to Oslo in 2023, café! don't_x"), [
    "i",
    "moved",
    "to",
    "oslo",
    "in",
    "2023",
    "café",
    "don",
    "t",
    "x",
  ]);
  assert.deepEqual(tokenizeWords("ΟΔΟΣ Ünïcode 東京 𝐀b ½"), ["οδος", "ünïcode", "東京", "𝐀b", "½"]);
  assert.deepEqual(tokenizeWords("İz"), ["i", "z"]); // U+0130 lowercases to i + U+0307 (a mark)
  assert.deepEqual(tokenizeWords(" -- "), []);
});

Deno.test("bm25ScoreTexts() equals Bm25Okapi over tokenizeWords to the bit", () => {
  const word = fc.constantFrom("cat", "Cat", "dog", "the", "é", "𝐀", "42", "a-b", "Σ", "x_y");
  const text = fc.array(word, { maxLength: 12 }).map((ws) =>
    ws.join(fc.sample(fc.constantFrom(" ", ", ", "\n"), 1)[0])
  );
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 25 }), text, (texts, query) => {
      const want = new Bm25Okapi(texts.map(tokenizeWords)).scores(tokenizeWords(query));
      const got = bm25ScoreTexts(texts, query);
      assert.equal(got.length, want.length);
      for (let i = 0; i < got.length; i++) assert.ok(Object.is(got[i], want[i]), `doc ${i}`);
    }),
    { numRuns: 300, seed: 28 },
  );
  assert.deepEqual(bm25ScoreTexts([], "cat"), new Float64Array(0));
  // Unicode tokens split as tokenizeWords does, on random text as well.
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: "grapheme", maxLength: 30 }), { minLength: 2, maxLength: 6 }),
      (texts) => {
        const q = texts.join(" ").slice(0, 40);
        const want = new Bm25Okapi(texts.map(tokenizeWords)).scores(tokenizeWords(q));
        const got = bm25ScoreTexts(texts, q);
        for (let i = 0; i < got.length; i++) {
          assert.ok(Object.is(got[i], want[i]) || (Number.isNaN(got[i]) && Number.isNaN(want[i])));
        }
      },
    ),
    { numRuns: 200, seed: 7 },
  );
});
