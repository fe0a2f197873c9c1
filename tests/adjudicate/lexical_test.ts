import assert from "node:assert/strict";
import {
  LEXICAL_DEFAULTS,
  LexicalAdjudicator,
  lexicalStems,
} from "../../lib/adjudicate/lexical.ts";

const UNIT = "Ann: I adopted a cat named Tom.";

Deno.test("lexicalStems() drops stopwords, fillers, one-letter tokens and possessives, then stems", () => {
  assert.deepEqual(lexicalStems(UNIT), ["adopt", "ann", "cat", "name", "tom"]);
  assert.deepEqual(lexicalStems("Wow, Caroline's adopting two cats!"), [
    "adopt",
    "carolin",
    "cat",
    "two",
  ]);
  assert.deepEqual(lexicalStems("Oh yeah, ok!"), []);
});

Deno.test("LexicalAdjudicator.score() is the share of the unit's stems in the memory, with thresholds", () => {
  const lex = new LexicalAdjudicator();
  assert.deepEqual(LEXICAL_DEFAULTS, { full: 0.5, partial: 0.3, minMatched: 2 });
  assert.deepEqual(lex.score("Ann adopted a cat.", UNIT), { score: 0.6, matched: 3, value: 1 });
  assert.deepEqual(lex.score("Tom is a cat.", UNIT), { score: 0.4, matched: 2, value: 0.5 });
  // One shared stem never makes coverage.
  assert.deepEqual(lex.score("Bo likes Tom.", UNIT), { score: 0.2, matched: 1, value: 0 });
  assert.deepEqual(lex.score("anything", "Oh yeah!"), { score: 0, matched: 0, value: 0 });
  const strict = new LexicalAdjudicator({ full: 0.7, partial: 0.6 });
  assert.equal(strict.score("Ann adopted a cat.", UNIT).value, 0.5);
});

Deno.test("LexicalAdjudicator weighs stems by IDF over a corpus", () => {
  const lex = new LexicalAdjudicator({
    corpus: [UNIT, "Bo: Ann, nice cat.", "Ann: yes"],
  });
  // idf = ln((N + 1) / (df + 1)) + 1, N = 3; unseen stems get ln(N + 1) + 1.
  assert.equal(lex.idf("ann"), 1);
  assert.equal(lex.idf("cat"), Math.log(4 / 3) + 1);
  assert.equal(lex.idf("tom"), Math.log(2) + 1);
  assert.equal(lex.idf("never"), Math.log(4) + 1);
  const hit = Math.log(2) + 1 + 1 + Math.log(4 / 3) + 1;
  const all = hit + 2 * (Math.log(2) + 1);
  assert.equal(lex.score("Ann adopted a cat.", UNIT).score, hit / all);
});

Deno.test("LexicalAdjudicator.adjudicate() returns positive edges with provenance and rationale", async () => {
  const lex = new LexicalAdjudicator();
  const edges = await lex.adjudicate({
    packageId: "p",
    memory: { id: "m", text: "Ann adopted a cat named Tom." },
    units: [
      { id: "u1", text: UNIT, family: "fact" },
      { id: "u2", text: "Bo: I ran a marathon.", family: "fact" },
    ],
  });
  assert.deepEqual(edges, [{
    unit: "u1",
    value: 1,
    provenance: "lexical",
    rationale: "score=1.000 matched=5",
  }]);
});

Deno.test("LexicalAdjudicator rejects inconsistent thresholds", () => {
  assert.throws(() => new LexicalAdjudicator({ full: 0.2, partial: 0.4 }), RangeError);
  assert.throws(() => new LexicalAdjudicator({ minMatched: 0 }), RangeError);
  assert.throws(() => new LexicalAdjudicator({ full: 1.5 }), RangeError);
});
