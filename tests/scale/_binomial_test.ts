/**
 * BinomialSampler (lib/scale/_binomial.ts) gives d3-random's binomial draws bit for bit: the same
 * numbers from the same seeded stream, which is left at the same place.
 */
import assert from "node:assert/strict";
import { randomBinomial } from "../../lib/base/deps/d3_random.ts";
import { SeededRandom } from "../../lib/base/rng/seeded_random.ts";
import { BinomialSampler } from "../../lib/scale/_binomial.ts";

Deno.test("BinomialSampler.binomial() draws what d3-random's randomBinomial draws from the same stream", () => {
  const cases: [number, number][] = [
    [0, 0.5],
    [5, 0.3],
    [10, 1],
    [10, 0],
    [40, 0.5],
    [33, 0.97],
    [10_000, 1 / 3],
    [10_000, 0.0004],
    [9_999, 0.9996],
    [1_000_000, 0.5],
    [123_457, 0.123],
    [2 ** 31, 0.25],
  ];
  for (const [seed, [n, p]] of cases.entries()) {
    const a = new SeededRandom(seed), b = new SeededRandom(seed);
    const ours = new BinomialSampler(() => a.random());
    const d3 = randomBinomial.source(() => b.random());
    for (let t = 0; t < 300; t++) {
      // The second argument varies as the bootstrap's does (a share of what is left).
      const q = t % 3 === 0 ? p : p * ((t % 7) + 1) / 8;
      assert.equal(ours.binomial(n, q), d3(n, q)(), `n ${n}, p ${q}, draw ${t}`);
    }
    assert.equal(a.nextUint32(), b.nextUint32(), `n ${n}, p ${p}: the streams part`);
  }
});
