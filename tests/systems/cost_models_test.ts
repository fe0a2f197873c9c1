import assert from "node:assert/strict";
import { memoryCost, storeCosts, wordCost } from "../../lib/systems/cost_models.ts";
import { readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { timeOrder } from "../../lib/systems/time_order.ts";
import { fixtureJson } from "./_fixtures.ts";

Deno.test("wordCost() counts non-space tokens like Python's split, at least 1", () => {
  assert.equal(wordCost(""), 1);
  assert.equal(wordCost("  a\tb\nc\u00a0d\x1ce  "), 5);
  assert.equal(wordCost("Caroline attended an LGBTQ support group on 7 May 2023."), 10);
});

Deno.test("memoryCost() applies the word and byte-overhead rules", () => {
  assert.equal(memoryCost("", "byte_overhead"), 8);
  assert.equal(memoryCost("x".repeat(24), "byte_overhead"), 9);
  assert.equal(memoryCost("x".repeat(25), "byte_overhead"), 10);
  assert.equal(memoryCost("é".repeat(12), "byte_overhead"), 9); // 24 bytes
  assert.equal(memoryCost("a b", "words"), 2);
  assert.throws(() => memoryCost("a", "tokens" as "words"), RangeError);
});

Deno.test("storeCosts() measures every memory under both models", async () => {
  const s = readMem0GetAll(await fixtureJson("mem0_get_all_v2.json"));
  assert.deepEqual(storeCosts(s), [
    { id: "m1", words: 10, byte_overhead: 11 },
    { id: "m2", words: 9, byte_overhead: 11 },
    { id: "m3", words: 7, byte_overhead: 10 },
    { id: "m4", words: 9, byte_overhead: 10 },
  ]);
});

Deno.test("timeOrder() sorts by parsed times (offsets, A-Mem, LoCoMo forms), then order", () => {
  const m = (id: string, created: string | undefined, order: number) => ({
    id,
    text: id,
    source: "t",
    order,
    raw: null,
    ...(created ? { created_at: created } : {}),
  });
  const out = timeOrder([
    m("a", "2023-05-08T07:00:00-07:00", 0), // 14:00 UTC
    m("b", "2023-05-08T13:59:00Z", 1),
    m("c", "202305081405", 2),
    m("d", "1:56 pm on 8 May, 2023", 3),
    m("e", undefined, 4),
    m("f", "yesterday", 5),
  ]);
  assert.deepEqual(out.map((x) => x.id), ["e", "f", "d", "b", "a", "c"]);
});
