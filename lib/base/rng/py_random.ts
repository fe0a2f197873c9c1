/**
 * CPython-compatible random stream (ARTIFACT-SPEC §3.0, Appendix D step 1).
 *
 * @module
 */
import { MersenneTwister } from "../deps/mersenne_twister.ts";
import { seedWords, WordRng } from "./word_rng.ts";

/** The subset of the `mersenne-twister` npm API used here. */
interface Mt19937 {
  random_int(): number;
}

/**
 * CPython's `random.Random(seed)`: MT19937 seeded through `init_by_array` with |seed| split into
 * little-endian 32-bit words, and every draw derived exactly as CPython does (getrandbits,
 * rejection `randbelow`, randrange, randint, choice, shuffle, sample, 53-bit random()). Use it
 * where numbers must match the authors' Python artifact; use {@linkcode SeededRandom} for new work.
 *
 * @example Seed 0 gives CPython's first outputs
 * ```ts
 * import assert from "node:assert/strict";
 * import { PyRandom } from "./py_random.ts";
 * const rng = new PyRandom(0);
 * assert.ok(rng.nextUint32() === 3626764237);
 * ```
 */
export class PyRandom extends WordRng {
  #mt: Mt19937;

  /**
   * A stream seeded as CPython's `random.seed(seed)` seeds it.
   *
   * @param seed an integer (safe integer or bigint); negative seeds use |seed| as CPython does
   * @throws {RangeError} if the seed is not an integer
   */
  constructor(readonly seed: number | bigint) {
    super();
    if (typeof seed === "number" && !Number.isSafeInteger(seed)) {
      throw new RangeError(`Cannot seed PyRandom: expected a safe integer, got ${seed}`);
    }
    // Passing an array makes the constructor call init_by_array (never the clock).
    this.#mt = new MersenneTwister(seedWords(seed)) as Mt19937;
  }

  /** The next tempered MT19937 output, in [0, 2^32). */
  nextUint32(): number {
    return this.#mt.random_int();
  }
}
