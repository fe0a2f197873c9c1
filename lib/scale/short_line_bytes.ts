/**
 * A short-form trajectory line read from its bytes, without decoding or `JSON.parse` (issue 29
 * item 7: on 10^6 lines those two were ~40 % of `scale score`'s CPU).
 *
 * {@linkcode parseShortLineBytes} accepts only a narrow, common subset of JSON, the one
 * `JSON.stringify` writes for a short-form line: an object of at most two levels, no white
 * space, keys and strings of printable ASCII without escapes, non-negative integers of at most
 * 15 digits (no sign, fraction or exponent), `true`, `false`, `null`, each key once per object.
 * On such a line it returns what `JSON.parse` returns, and the strict reader (which differs from
 * `JSON.parse` only on repeated keys, underflowing numbers and deep nesting) could not say
 * otherwise. Anything else returns undefined: the caller decodes the line and reads it the
 * strict way, which gives the record or the error. A property test checks the two agree.
 *
 * @module
 */

import { SHORT_KEYS, type ShortFields } from "./trajectory.ts";

const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c, OPEN = 0x7b, CLOSE = 0x7d;

/**
 * The keys a short-form line may hold: its own seven ({@linkcode SHORT_KEYS}, in their order) and
 * its scale object's two. Any other key sends the line to the strict reader, which names it.
 */
const KEYS = [...SHORT_KEYS, "label", "n_irr"].map((k) =>
  Uint8Array.from(k, (c) => c.charCodeAt(0))
);
const SCALE = 1, LABEL = 7, N_IRR = 8;

/** By the first two bytes of a name (`"R` and the quote after it for `R`): the one key it may be. */
const CANDIDATE = new Int8Array(1 << 16).fill(-1);
KEYS.forEach((w, k) => CANDIDATE[(w[0] << 8) | (w.length > 1 ? w[1] : QUOTE)] = k);

/** The number in {@linkcode KEYS} of the quoted key at `b[i]`, or -1. */
function key(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) return -1;
  const k = CANDIDATE[(b[i + 1] << 8) | b[i + 2]];
  if (k < 0) return -1;
  const w = KEYS[k], n = w.length;
  for (let m = 2; m < n; m++) if (b[i + 1 + m] !== w[m]) return -1;
  return b[i + 1 + n] === QUOTE ? k : -1;
}

/** The 32-bit FNV-1a hash's start, and one byte's step. */
const FNV_START = 0x811c9dc5 | 0;
const fnv1a = (h: number, byte: number): number => Math.imul(h ^ byte, 0x01000193);

/** Printable ASCII is its own UTF-8: a long run of it is decoded at once. */
const ascii = new TextDecoder();

/**
 * The strings made of runs of printable ASCII bytes, each made once: a file's agents, systems,
 * scale labels and query ids repeat, and the same string each time is also found faster in the
 * scorer's maps. Open addressing on a 32-bit FNV-1a hash; past {@linkcode Strings.MAX} strings
 * (e.g. one trajectory id per line) new ones are made and not kept. A string longer than
 * {@linkcode Strings.LONG} bytes is decoded at once and not kept: made a byte at a time, 20,000
 * distinct ids of 1 KiB took ~4 s (JSON.parse of their lines: ~0.05 s), and a kept copy of
 * such ids, which rarely repeat, doubled their memory. A look-up walks at most
 * {@linkcode Strings.PROBES} slots, then makes the string and does not keep it: FNV-1a has no
 * key, and 65,536 ids crafted to share their hash's low 18 bits (which depend on those bits
 * only) made each look-up walk all the ids before it (11 s of CPU, 0c28bd5: 0.4 s).
 */
class Strings {
  static readonly MAX = 1 << 17;
  static readonly LONG = 64;
  static readonly PROBES = 16;
  #slots = new Int32Array(1 << 10).fill(-1);
  /** Per string kept: its hash, where its bytes start in `#pool`, and their count. */
  #hashes = new Int32Array(1 << 9);
  #starts = new Int32Array(1 << 9);
  #lengths = new Int32Array(1 << 9);
  #pool = new Uint8Array(1 << 12);
  #used = 0;
  #texts: string[] = [];

  /** The string of `b[start, end)`, whose {@linkcode fnv1a} hash is `h`. */
  of(b: Uint8Array, start: number, end: number, h: number): string {
    const slots = this.#slots, mask = slots.length - 1, n = end - start, pool = this.#pool;
    if (n > Strings.LONG) return ascii.decode(b.subarray(start, end));
    let j = h & mask;
    for (let at = slots[j], probes = 0; at >= 0; at = slots[j = (j + 1) & mask]) {
      if (++probes > Strings.PROBES) return ascii.decode(b.subarray(start, end));
      if (this.#hashes[at] !== h || this.#lengths[at] !== n) continue;
      const from = this.#starts[at] - start;
      let i = start;
      while (i < end && pool[from + i] === b[i]) i++;
      if (i === end) return this.#texts[at];
    }
    let s = "";
    for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
    const at = this.#texts.length;
    if (at < Strings.MAX) {
      if (at === this.#hashes.length) this.#widen();
      if (this.#used + n > pool.length) {
        this.#pool = new Uint8Array(2 * (this.#used + n));
        this.#pool.set(pool.subarray(0, this.#used));
      }
      this.#pool.set(b.subarray(start, end), this.#used);
      slots[j] = at;
      this.#hashes[at] = h;
      this.#starts[at] = this.#used;
      this.#lengths[at] = n;
      this.#used += n;
      this.#texts.push(s);
      if (2 * this.#texts.length > slots.length) this.#rehash();
    }
    return s;
  }

  /** Room for twice as many strings. */
  #widen(): void {
    const grow = (a: Int32Array) => {
      const bigger = new Int32Array(2 * a.length);
      bigger.set(a);
      return bigger;
    };
    this.#hashes = grow(this.#hashes);
    this.#starts = grow(this.#starts);
    this.#lengths = grow(this.#lengths);
  }

  /** Twice as many slots, every kept string placed again. */
  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2).fill(-1), mask = slots.length - 1;
    for (let at = 0; at < this.#texts.length; at++) {
      let j = this.#hashes[at] & mask;
      while (slots[j] >= 0) j = (j + 1) & mask;
      slots[j] = at;
    }
    this.#slots = slots;
  }
}

/**
 * Reads lines of the subset above into a short-form line's fields, making each distinct string
 * once ({@linkcode Strings}).
 */
export class ShortLineReader {
  readonly #strings = new Strings();
  /** The fields of the line being read (one object, refilled for each line). */
  readonly #f: ShortFields = {};
  #lastScale: { label?: unknown; n_irr?: unknown } | undefined;
  #at = 0;

  /**
   * The fields of the line `b[start, end)` (no `\n`, no `\r`), or undefined when the line is
   * outside the subset (read it the strict way). The object is the reader's own, refilled by the
   * next call.
   *
   * @param b the bytes
   * @param start the line's first byte
   * @param end one past its last byte
   * @returns the values `JSON.parse` gives the line's keys (absent ones undefined), or undefined
   */
  parse(b: Uint8Array, start: number, end: number): ShortFields | undefined {
    const f = this.#f;
    f.query_id =
      f.scale =
      f.agent =
      f.system =
      f.R =
      f.correct =
      f.trajectory_id =
        undefined;
    let i = start, seen = 0;
    if (b[i++] !== OPEN) return undefined;
    if (b[i] === CLOSE) return i + 1 === end ? f : undefined;
    for (;;) {
      const k = key(b, i);
      if (k < 0 || k >= LABEL || (seen & (1 << k)) !== 0) return undefined;
      seen |= 1 << k;
      this.#at = i + KEYS[k].length + 2;
      if (b[this.#at++] !== COLON) return undefined;
      const v = k === SCALE && b[this.#at] === OPEN ? this.#scale(b, end) : this.#value(b, end);
      if (v === undefined) return undefined;
      if (k === 0) f.query_id = v;
      else if (k === SCALE) f.scale = v;
      else if (k === 2) f.agent = v;
      else if (k === 3) f.system = v;
      else if (k === 4) f.R = v;
      else if (k === 5) f.correct = v;
      else f.trajectory_id = v;
      i = this.#at;
      const c = b[i++];
      if (c === CLOSE) return i === end ? f : undefined;
      if (c !== COMMA) return undefined;
    }
  }

  /** A scale object at `#at`: `label`, `n_irr`, each at most once, or undefined. */
  #scale(b: Uint8Array, end: number): Record<string, unknown> | undefined {
    let i = this.#at + 1, label: unknown, nIrr: unknown, seen = 0;
    if (b[i] !== CLOSE) {
      for (;;) {
        const k = key(b, i);
        if ((k !== LABEL && k !== N_IRR) || (seen & (1 << k)) !== 0) return undefined;
        seen |= 1 << k;
        this.#at = i + KEYS[k].length + 2;
        if (b[this.#at++] !== COLON) return undefined;
        const v = b[this.#at] === OPEN ? undefined : this.#value(b, end);
        if (v === undefined) return undefined;
        if (k === LABEL) label = v;
        else nIrr = v;
        i = this.#at;
        const c = b[i];
        if (c === CLOSE) break;
        if (c !== COMMA) return undefined;
        i++;
      }
    }
    this.#at = i + 1;
    if (seen === 0) return {};
    // Lines mostly repeat the scale of the line before: the same object then (read only).
    const last = this.#lastScale;
    if (last !== undefined && last.label === label && last.n_irr === nIrr) return last;
    return this.#lastScale = nIrr === undefined
      ? { label }
      : label === undefined
      ? { n_irr: nIrr }
      : { label, n_irr: nIrr };
  }
  /** A value at `#at`: a string, integer or literal (not an object), or undefined. */
  #value(b: Uint8Array, end: number): unknown {
    const i = this.#at, c = b[i];
    if (c === QUOTE) return this.#string(b, i, end);
    if (c >= 0x30 && c <= 0x39) return this.#integer(b, i, end);
    if (c === 0x74 && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65) {
      this.#at = i + 4;
      return true;
    }
    if (
      c === 0x66 && b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 &&
      b[i + 4] === 0x65
    ) {
      this.#at = i + 5;
      return false;
    }
    if (c === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) {
      this.#at = i + 4;
      return null;
    }
    return undefined;
  }

  /** A string of printable ASCII without escapes starting at the quote `b[i]`, or undefined. */
  #string(b: Uint8Array, i: number, end: number): string | undefined {
    if (b[i] !== QUOTE) return undefined;
    const start = ++i;
    let h = FNV_START;
    for (; i < end; i++) {
      const c = b[i];
      if (c === QUOTE) break;
      if (c < 0x20 || c > 0x7e || c === BACKSLASH) return undefined;
      h = fnv1a(h, c);
    }
    if (i >= end) return undefined;
    this.#at = i + 1;
    return this.#strings.of(b, start, i, h);
  }

  /** A non-negative integer of 1-15 digits at `b[i]` (no leading zero), or undefined. */
  #integer(b: Uint8Array, i: number, end: number): number | undefined {
    const start = i;
    let v = 0;
    for (; i < end; i++) {
      const c = b[i];
      if (c < 0x30 || c > 0x39) break;
      v = v * 10 + (c - 0x30);
    }
    const n = i - start;
    if (n > 15 || (n > 1 && b[start] === 0x30)) return undefined;
    const c = b[i];
    if (i < end && c !== COMMA && c !== CLOSE) return undefined; // fraction or exponent
    this.#at = i;
    return v;
  }
}
