/**
 * The random-number interface every seeded generator in memaudit draws from.
 *
 * Two implementations share it: {@linkcode PyRandom} (bit-for-bit CPython `random.Random`, needed
 * to reproduce the authors' synthetic packages, ARTIFACT-SPEC §3.0) and {@linkcode SeededRandom}
 * (seedrandom-based, for everything new). All integer draws are built from a stream of unsigned
 * 32-bit words with CPython's rules, so the same call sequence with the same words drawn consumes
 * the same number of words in both (a draw that rejects, as `randbelow` does for values past its
 * range, takes more words; how many depends on the words).
 *
 * @module
 */

/**
 * A seeded source of random draws with CPython `random` method semantics.
 *
 * Integer arguments must be safe integers; ranges larger than 2^53 are not supported.
 */
export interface Rng {
  /** The next unsigned 32-bit word of the underlying stream, in [0, 2^32). */
  nextUint32(): number;
  /**
   * `getrandbits(k)`: an integer with k random bits, 0 <= k <= 53.
   * For k <= 32 this is the next word shifted right by 32 − k.
   */
  getrandbits(k: number): number;
  /** `_randbelow(n)`: uniform in [0, n) by rejection on getrandbits(bit_length(n)); n >= 1. */
  randbelow(n: number): number;
  /** `randrange(stop)` or `randrange(start, stop[, step])` with CPython's arithmetic. */
  randrange(start: number, stop?: number, step?: number): number;
  /** `randint(a, b)`: uniform in [a, b], i.e. a + randbelow(b − a + 1). */
  randint(a: number, b: number): number;
  /** `choice(items)`: items[randbelow(items.length)]. */
  choice<T>(items: readonly T[]): T;
  /** `shuffle(items)`: in-place Fisher–Yates from the end (j = randbelow(i + 1)). */
  shuffle<T>(items: T[]): void;
  /** `sample(items, k)`: k distinct picks, CPython's pool or set method. */
  sample<T>(items: readonly T[], k: number): T[];
  /** `random()`: a double in [0, 1) with 53 random bits from two words. */
  random(): number;
}
