/**
 * lib/base/rng/rng.ts: the Rng contract, checked on both implementations (PyRandom, SeededRandom):
 * draws stay in range, a seed fixes the stream, and draws without rejection take the same number
 * of words in both.
 */
import assert from "node:assert/strict";
import type { Rng } from "../../../lib/base/rng/rng.ts";
import { PyRandom } from "../../../lib/base/rng/py_random.ts";
import { SeededRandom } from "../../../lib/base/rng/seeded_random.ts";

class CountingPy extends PyRandom {
  words = 0;
  override nextUint32(): number {
    this.words++;
    return super.nextUint32();
  }
}
class CountingSeeded extends SeededRandom {
  words = 0;
  override nextUint32(): number {
    this.words++;
    return super.nextUint32();
  }
}

const both = (seed: number) => [new CountingPy(seed), new CountingSeeded(seed)];

Deno.test("Rng draws stay in their ranges for both implementations", () => {
  for (const rng of both(7) as Rng[]) {
    for (let i = 0; i < 200; i++) {
      const w = rng.nextUint32(), x = rng.random(), r = rng.randint(-2, 3);
      assert.ok(Number.isInteger(w) && w >= 0 && w < 2 ** 32, `word ${w}`);
      assert.ok(x >= 0 && x < 1, `random ${x}`);
      assert.ok(Number.isInteger(r) && r >= -2 && r <= 3, `randint ${r}`);
      assert.ok(rng.getrandbits(5) < 32);
    }
  }
});

Deno.test("a seed fixes the stream; another seed gives another", () => {
  const draw = (rng: Rng) => [rng.nextUint32(), rng.randbelow(1000), rng.random()];
  assert.deepEqual(draw(new PyRandom(3)), draw(new PyRandom(3)));
  assert.deepEqual(draw(new SeededRandom(3)), draw(new SeededRandom(3)));
  assert.notDeepEqual(draw(new PyRandom(3)), draw(new PyRandom(4)));
  assert.notDeepEqual(draw(new PyRandom(3)), draw(new SeededRandom(3)));
});

// randbelow() is left out: CPython draws bit_length(n) bits, so even randbelow(8) rejects 8..15.
Deno.test("draws without rejection take the same words in both: 1 per getrandbits(<=32), 2 per random()", () => {
  for (const rng of both(11)) {
    rng.getrandbits(32);
    rng.getrandbits(1);
    rng.getrandbits(20);
    assert.equal(rng.words, 3);
    rng.getrandbits(53);
    rng.random();
    assert.equal(rng.words, 7);
  }
});
