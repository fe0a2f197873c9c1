/**
 * A seeded random stream for new work (synthetic extensions, sampling of
 * natural slices, simulations).
 *
 * @module
 */
import { seedrandom } from "../deps/seedrandom.ts";
import { WordRng } from "./word_rng.ts";

/**
 * A seeded {@linkcode Rng} on seedrandom's default ARC4 generator. The
 * derived draws follow CPython's rules (see {@linkcode PyRandom}), but the
 * word stream is **not** CPython's: `new SeededRandom(0)` and
 * `random.Random(0)` give different numbers. The same seed gives the same
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
  #prng: seedrandom.PRNG;

  /**
   * A seedrandom stream seeded with `String(seed)`.
   *
   * @param seed any number or string; it is used as seedrandom's string seed
   */
  constructor(readonly seed: number | string) {
    super();
    this.#prng = seedrandom(String(seed));
  }

  /** The next unsigned 32-bit word of the ARC4 stream, in [0, 2^32). */
  nextUint32(): number {
    return this.#prng.int32() >>> 0;
  }
}
