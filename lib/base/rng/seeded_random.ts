/**
 * A seeded random stream for new work (synthetic extensions, sampling of
 * natural slices, simulations).
 *
 * @module
 */
import { WordRng } from "./word_rng.ts";

/**
 * seedrandom 3's key of a string seed: the seed's UTF-16 code units folded into at most 256
 * bytes, each mixed with 19 times the byte it replaces (an empty seed: the key [0]).
 */
function seedKey(seed: string): Uint8Array {
  const key = new Uint8Array(Math.max(1, Math.min(seed.length, 256)));
  let smear = 0;
  for (let k = 0; k < seed.length; k++) {
    smear ^= key[k & 255] * 19;
    key[k & 255] = (smear + seed.charCodeAt(k)) & 255;
  }
  return key;
}

/**
 * A seeded {@linkcode Rng} on seedrandom's default ARC4 generator. The derived draws follow
 * CPython's rules (see {@linkcode PyRandom}), but the word stream is **not** CPython's: `new
 * SeededRandom(0)` and `random.Random(0)` give different numbers. The same seed gives the same
 * stream on every machine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SeededRandom } from "./seeded_random.ts";
 * const a = new SeededRandom("demo"), b = new SeededRandom("demo");
 * assert.ok(a.randint(1, 6) === b.randint(1, 6));
 * ```
 */
export class SeededRandom extends WordRng {
  /** The ARC4 permutation of the 256 byte values and its two indices. */
  readonly #s = new Uint8Array(256);
  #i = 0;
  #j = 0;

  /**
   * The ARC4 stream keyed as seedrandom keys `seedrandom(String(seed))` (seedrandom 3.0.5's
   * default generator, written here as typed-array code: the same words, checked against the
   * package by tests/rng/seeded_random_test.ts, without loading it).
   *
   * @param seed any number or string; it is used as seedrandom's string seed
   */
  constructor(readonly seed: number | string) {
    super();
    const key = seedKey(String(seed)), s = this.#s;
    for (let k = 0; k < 256; k++) s[k] = k;
    for (let k = 0, j = 0; k < 256; k++) {
      const t = s[k];
      j = (j + key[k % key.length] + t) & 255;
      s[k] = s[j];
      s[j] = t;
    }
    for (let k = 0; k < 64; k++) this.nextUint32(); // seedrandom drops the first 256 bytes
  }

  /** The next unsigned 32-bit word of the ARC4 stream, in [0, 2^32): four bytes, high first. */
  nextUint32(): number {
    // Four ARC4 steps, with the state in locals (the bootstrap draws ~10^8 bytes).
    const s = this.#s;
    let i = this.#i, j = this.#j, word = 0;
    for (let k = 0; k < 4; k++) {
      i = (i + 1) & 255;
      const t = s[i];
      j = (j + t) & 255;
      s[i] = s[j];
      s[j] = t;
      word = (word << 8) | s[(s[i] + t) & 255];
    }
    this.#i = i;
    this.#j = j;
    return word >>> 0;
  }
}
