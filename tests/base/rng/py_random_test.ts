import assert from "node:assert/strict";
import { PyRandom } from "../../../lib/base/rng/py_random.ts";

// Expected values computed with CPython 3 `random.Random`.

Deno.test("PyRandom.nextUint32() matches CPython Random(0) first outputs", () => {
  const rng = new PyRandom(0);
  assert.deepEqual([rng.nextUint32(), rng.nextUint32(), rng.nextUint32()], [
    3626764237,
    1654615998,
    3255389356,
  ]);
});

Deno.test("PyRandom.nextUint32() matches CPython Random(1000014) (density_trap seed 0)", () => {
  const rng = new PyRandom(1000014);
  assert.deepEqual([rng.nextUint32(), rng.nextUint32(), rng.nextUint32()], [
    2429219222,
    3834433455,
    1647181523,
  ]);
});

Deno.test("PyRandom.choice() then randint() match the §3.0 anchor", () => {
  const rng = new PyRandom(0);
  assert.equal(rng.choice([1.0, 1.2, 1.4]), 1.2);
  assert.equal(rng.randint(0, 1), 1);
});

Deno.test("PyRandom.random() matches CPython Random(0).random()", () => {
  assert.equal(new PyRandom(0).random(), 0.8444218515250481);
});

Deno.test("PyRandom draws match a CPython Random(42) call sequence", () => {
  const rng = new PyRandom(42);
  const xs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  rng.shuffle(xs);
  assert.deepEqual(xs, [7, 3, 2, 8, 5, 6, 9, 4, 0, 1]);
  assert.equal(rng.randrange(3, 20, 4), 19);
  assert.equal(rng.randrange(20, 3, -3), 11);
  const hundred = Array.from({ length: 100 }, (_, i) => i);
  assert.deepEqual(rng.sample(hundred, 7), [4, 3, 11, 27, 29, 64, 77]); // set method
  assert.deepEqual(rng.sample(hundred.slice(0, 30), 3), [0, 17, 6]); // set method
  assert.equal(rng.getrandbits(40), 716039851953);
  assert.equal(rng.getrandbits(53), 4908399012219020);
  assert.equal(rng.randbelow(2 ** 40), 482838161060);
  assert.equal(rng.randint(-5, 5), 2);
  assert.equal(rng.random(), 0.5892656838759087);
});

Deno.test("PyRandom.sample() uses the pool method for small populations", () => {
  const rng = new PyRandom(7);
  assert.deepEqual(rng.sample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4), [5, 2, 6, 9]);
  assert.deepEqual(rng.sample([..."abcdefghijklmnopqrstuvwxyz"], 6), [
    "b",
    "c",
    "r",
    "d",
    "l",
    "s",
  ]);
  assert.equal(rng.choice([..."xyz"]), "x");
});

Deno.test("PyRandom() seeds large and negative integers like CPython", () => {
  assert.equal(new PyRandom(2 ** 40 + 7).nextUint32(), 2635837658);
  assert.equal(new PyRandom(2n ** 40n + 7n).nextUint32(), 2635837658);
  assert.equal(new PyRandom(-3).nextUint32(), 1022050301);
});

Deno.test("PyRandom rejects bad arguments with RangeError", () => {
  const rng = new PyRandom(0);
  assert.throws(() => rng.randbelow(0), RangeError);
  assert.throws(() => rng.randrange(5, 5), RangeError);
  assert.throws(() => rng.choice([]), RangeError);
  assert.throws(() => rng.getrandbits(54), RangeError);
  assert.throws(() => new PyRandom(0.5), RangeError);
});

Deno.test("PyRandom.fillRandbelow() gives the draws and stream position of repeated randbelow()", () => {
  // CPython: r = Random(0); [r.randrange(500) for _ in range(5)] == [432, 197, 388, 455, 215]
  const first = new Int32Array(5);
  new PyRandom(0).fillRandbelow(500, first);
  assert.deepEqual([...first], [432, 197, 388, 455, 215]);
  for (const n of [1, 2, 3, 500, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7]) {
    const a = new PyRandom(7), b = new PyRandom(7);
    const filled = new Array<number>(300).fill(-1);
    a.fillRandbelow(n, filled);
    assert.deepEqual(filled, filled.map(() => b.randbelow(n)), `n = ${n}`);
    assert.equal(a.nextUint32(), b.nextUint32(), `stream position after n = ${n}`);
  }
  assert.throws(() => new PyRandom(0).fillRandbelow(0, []), RangeError);
});
