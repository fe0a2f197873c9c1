/** lib/base/rng/word_rng.ts: CPython's derived draws from a stream of 32-bit words, on scripted words. */
import assert from "node:assert/strict";
import { seedWords, WordRng } from "../../../lib/base/rng/word_rng.ts";

/** A WordRng that returns the given words in order and counts what it used. */
class Scripted extends WordRng {
  used = 0;
  constructor(readonly words: number[]) {
    super();
  }
  nextUint32(): number {
    if (this.used >= this.words.length) throw new Error("script exhausted");
    return this.words[this.used++];
  }
}

Deno.test("getrandbits() keeps a word's top k bits; above 32 bits the second word gives the high part", () => {
  assert.equal(new Scripted([0xabcdef12]).getrandbits(8), 0xab);
  const none = new Scripted([]);
  assert.equal(none.getrandbits(0), 0);
  assert.equal(new Scripted([0x12345678, 0xff000000]).getrandbits(40), 0xff_1234_5678);
  assert.throws(() => none.getrandbits(54), RangeError);
  assert.throws(() => none.getrandbits(1.5), RangeError);
});

Deno.test("randbelow() rejects draws of bit_length(n) bits until one is below n", () => {
  // n = 5 takes 3 bits: 7 and 5 are rejected, 3 is kept.
  const rng = new Scripted([0xe0000000, 0xa0000000, 0x60000000]);
  assert.equal(rng.randbelow(5), 3);
  assert.equal(rng.used, 3);
  assert.throws(() => rng.randbelow(0), RangeError);
});

Deno.test("fillRandbelow() gives the numbers and stream position of one randbelow() per entry", () => {
  const words = [0xe0000000, 0x20000000, 0xffffffff, 0x80000000];
  const one = new Scripted(words), many = new Scripted(words);
  const out = new Array<number>(2);
  many.fillRandbelow(5, out);
  assert.deepEqual(out, [one.randbelow(5), one.randbelow(5)]);
  assert.deepEqual(out, [1, 4]);
  assert.equal(many.used, one.used);
});

Deno.test("randrange() and randint() use CPython's arithmetic for start, stop and step", () => {
  // randrange(0, 10, 3): 4 values, randbelow(4) = 2 (top 3 bits of 0x40000000) -> 6.
  assert.equal(new Scripted([0x40000000]).randrange(0, 10, 3), 6);
  // randrange(10, 0, -3): 10, 7, 4, 1; index 2 -> 4.
  assert.equal(new Scripted([0x40000000]).randrange(10, 0, -3), 4);
  assert.equal(new Scripted([0]).randint(1, 6), 1);
  assert.equal(new Scripted([0xa0000000]).randrange(7), 5);
  const none = new Scripted([]);
  assert.throws(() => none.randrange(5, 5), RangeError);
  assert.throws(() => none.randrange(0, 5, 0), RangeError);
  assert.throws(() => none.randrange(0), RangeError);
});

Deno.test("choice(), shuffle() and sample() draw as CPython does", () => {
  assert.equal(new Scripted([0x80000000]).choice(["a", "b", "c"]), "c");
  assert.throws(() => new Scripted([]).choice([]), RangeError);
  // shuffle: i = 2 swaps with randbelow(3) = 1, i = 1 swaps with randbelow(2) = 0.
  const items = ["a", "b", "c"];
  new Scripted([0x40000000, 0]).shuffle(items);
  assert.deepEqual(items, ["c", "a", "b"]);
  // sample, pool method: pick pool[2] = c, then pool[1] = b.
  assert.deepEqual(new Scripted([0x80000000, 0x40000000]).sample(["a", "b", "c"], 2), ["c", "b"]);
  assert.throws(() => new Scripted([]).sample(["a"], 2), RangeError);
});

Deno.test("random() takes 27 + 26 bits of two words: [0, 1)", () => {
  assert.equal(new Scripted([0, 0]).random(), 0);
  assert.equal(new Scripted([0xffffffff, 0xffffffff]).random(), (2 ** 53 - 1) / 2 ** 53);
  assert.equal(new Scripted([0x80000000, 0]).random(), 0.5);
});

Deno.test("seedWords() splits |seed| into little-endian 32-bit words", () => {
  assert.deepEqual(seedWords(0), [0]);
  assert.deepEqual(seedWords(2 ** 32 + 5), [5, 1]);
  assert.deepEqual(seedWords(-3), [3]);
  assert.deepEqual(seedWords(2n ** 64n), [0, 0, 1]);
});
