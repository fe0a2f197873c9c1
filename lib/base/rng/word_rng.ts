/**
 * Shared CPython-style derivations of every {@linkcode Rng} method from a
 * stream of unsigned 32-bit words (ARTIFACT-SPEC §3.0).
 *
 * @module
 */
import type { Rng } from "./rng.ts";

const TWO_32 = 4294967296;

function bitLength(n: number): number {
  let k = 0;
  while (n >= TWO_32) {
    n = Math.floor(n / TWO_32);
    k += 32;
  }
  return k + (n === 0 ? 0 : 32 - Math.clz32(n));
}

function assertInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v)) {
    throw new RangeError(`Cannot draw: ${name} must be a safe integer, got ${v}`);
  }
}

/** Base class: implement {@linkcode WordRng.nextUint32}, get CPython's derived draws. */
export abstract class WordRng implements Rng {
  abstract nextUint32(): number;

  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k > 53) {
      throw new RangeError(`Cannot draw random bits: k must be an integer in [0, 53], got ${k}`);
    }
    if (k === 0) return 0;
    if (k <= 32) return this.nextUint32() >>> (32 - k);
    // CPython fills little-endian 32-bit words; the last word keeps its top bits.
    const low = this.nextUint32();
    const high = this.nextUint32() >>> (64 - k);
    return high * TWO_32 + low;
  }

  randbelow(n: number): number {
    assertInt("n", n);
    if (n <= 0) throw new RangeError(`Cannot draw below n: n must be positive, got ${n}`);
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /**
   * Fills `out` with `randbelow(n)` draws, in order: the same numbers and
   * the same stream position as calling {@linkcode WordRng.randbelow} once
   * per entry (the bootstrap draws its resampling indices this way).
   *
   * @param n exclusive upper bound (a positive safe integer)
   * @param out the array to fill, from index 0
   * @throws {RangeError} if n is not a positive safe integer
   */
  fillRandbelow(n: number, out: { length: number; [i: number]: number }): void {
    assertInt("n", n);
    if (n <= 0) throw new RangeError(`Cannot draw below n: n must be positive, got ${n}`);
    const k = bitLength(n);
    if (k > 32) {
      for (let i = 0; i < out.length; i++) out[i] = this.randbelow(n);
      return;
    }
    const shift = 32 - k;
    for (let i = 0; i < out.length; i++) {
      let r = this.nextUint32() >>> shift;
      while (r >= n) r = this.nextUint32() >>> shift;
      out[i] = r;
    }
  }

  randrange(start: number, stop?: number, step = 1): number {
    assertInt("start", start);
    if (stop === undefined) {
      if (start > 0) return this.randbelow(start);
      throw new RangeError(`Cannot draw from randrange(${start}): empty range`);
    }
    assertInt("stop", stop);
    assertInt("step", step);
    const width = stop - start;
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`Cannot draw from randrange(${start}, ${stop}): empty range`);
    }
    let n: number;
    if (step > 0) n = Math.floor((width + step - 1) / step);
    else if (step < 0) n = Math.floor((width + step + 1) / step);
    else throw new RangeError("Cannot draw from randrange: step must not be 0");
    if (n <= 0) {
      throw new RangeError(`Cannot draw from randrange(${start}, ${stop}, ${step}): empty range`);
    }
    return start + step * this.randbelow(n);
  }

  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Cannot choose from an empty sequence");
    return items[this.randbelow(items.length)];
  }

  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  }

  sample<T>(items: readonly T[], k: number): T[] {
    const n = items.length;
    if (!Number.isInteger(k) || k < 0 || k > n) {
      throw new RangeError(`Cannot sample ${k} items: expected 0 <= k <= ${n}`);
    }
    // CPython switches to the set method for large populations.
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    const out: T[] = [];
    if (n <= setsize) {
      const pool = items.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        out.push(pool[j]);
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = new Set<number>();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        out.push(items[j]);
      }
    }
    return out;
  }

  random(): number {
    const a = this.nextUint32() >>> 5, b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/** Splits a non-negative integer into little-endian 32-bit words ([0] for 0). */
export function seedWords(seed: number | bigint): number[] {
  let s = typeof seed === "bigint" ? seed : BigInt(seed);
  if (s < 0n) s = -s;
  const words: number[] = [];
  while (s > 0n) {
    words.push(Number(s & 0xffffffffn));
    s >>= 32n;
  }
  return words.length === 0 ? [0] : words;
}
