/**
 * A faster CPython-compatible stream for the generators: the same words as
 * `PyRandom` (lib/rng) (MT19937 seeded by `init_by_array` with the seed's
 * little-endian 32-bit words), computed with 32-bit integer arithmetic and a
 * precomputed `init_genrand(19650218)` state, which every CPython seeding
 * starts from. The derived draws are {@linkcode WordRng}'s, as in PyRandom.
 *
 * @module
 */
import { seedWords, WordRng } from "../rng/_word_rng.ts";

const N = 624, M = 397;

/** init_genrand(19650218): the state init_by_array starts from. */
const BASE_STATE = (() => {
  const mt = new Uint32Array(N);
  mt[0] = 19650218;
  for (let i = 1; i < N; i++) {
    const s = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = Math.imul(s, 1812433253) + i;
  }
  return mt;
})();

/** CPython's `random.Random(seed)` word stream; see `PyRandom` (lib/rng). */
export class PyStream extends WordRng {
  #mt: Uint32Array;
  #i = N;

  /** @param seed a non-negative safe integer or bigint (|seed| is used, as CPython does) */
  constructor(seed: number | bigint) {
    super();
    const key = seedWords(seed), n = key.length;
    const mt = this.#mt = BASE_STATE.slice();
    let i = 1, j = 0;
    for (let k = N > n ? N : n; k > 0; k--) {
      const s = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(s, 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= n) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const s = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(s, 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next tempered MT19937 output, in [0, 2^32). */
  nextUint32(): number {
    const mt = this.#mt;
    if (this.#i >= N) {
      let kk = 0, y: number;
      for (; kk < N - M; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      this.#i = 0;
    }
    let y = mt[this.#i++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}
