/**
 * What makes a compiled package trustworthy after compilation (issue 18 point 1; issue 27 item 3):
 * deep-frozen copies of the package it came from, and a seal over its numbers and arrays that
 * {@linkcode compiledIntegrity} checks on every certificate's issue and use.
 *
 * Generic over the object sealed: lib/package/compile.ts lays the numbers out and names the parts;
 * this file freezes, records and compares. (It sits in package/, not certificate/: the certificate
 * folder imports package/, and compile.ts imports this file.)
 *
 * @module
 */

/** What {@linkcode seal} recorded of an object, kept out of reach. */
interface Sealed {
  /** The live buffer of its numbers, as 32-bit words (a change of any bit of any number shows). */
  live: Int32Array;
  /** Its copy. */
  copy: Int32Array;
  /** Where each part starts in the buffer, in words, and the sentence naming it when changed. */
  parts: readonly (readonly [number, string])[];
  /** The arrays whose entries are compared, with a copy of each and the sentence naming it. */
  arrays: readonly { live: readonly unknown[]; copy: readonly unknown[]; sentence: string }[];
}

const SEALED = new WeakMap<object, Sealed>();

/**
 * Deep-frozen objects, shared rather than copied again: every object {@linkcode frozenCopy} made and
 * every root {@linkcode freezeInPlace} froze (its root only).
 */
const DEEP_FROZEN = new WeakSet<object>();

/** The parts of one seal: see {@linkcode seal}. */
export interface SealSpec {
  /** The buffer holding every number of the object (float64 and int32 views of it). */
  readonly numbers: ArrayBufferLike;
  /** Where each part starts in `numbers`, in 32-bit words, and the sentence naming it when changed. */
  readonly parts: readonly (readonly [number, string])[];
  /**
   * Arrays whose entries are compared one by one, and the sentence naming each. They are not
   * frozen: V8 reads a frozen array through a slower path until the reading function is
   * optimised, about 4 % of an in-process sweep (its profile).
   */
  readonly arrays: readonly (readonly [readonly unknown[], string])[];
  /**
   * Typed arrays of the object, in lists, made non-extensible (a non-empty one cannot be frozen):
   * an own `length` or another prototype would change what a reader sees without changing a
   * number that compiledIntegrity() compares.
   */
  readonly typed: readonly (readonly ArrayBufferView[])[];
}

/**
 * Freezes `made` and records a copy of its numbers and arrays, for {@linkcode compiledIntegrity}.
 *
 * @param made the object (a compiled package, before anyone else holds it)
 * @param spec its numbers, their parts, its arrays and typed arrays
 * @returns `made`, frozen
 */
export function seal<T extends object>(made: T, spec: SealSpec): Readonly<T> {
  for (const list of spec.typed) for (const a of list) Object.preventExtensions(a);
  const sealed = Object.freeze(made);
  const live = new Int32Array(spec.numbers);
  const arrays = spec.arrays.map(([a, sentence]) => ({ live: a, copy: a.slice(), sentence }));
  SEALED.set(sealed, { live, copy: live.slice(), parts: spec.parts, arrays });
  return sealed;
}

/**
 * Null when `cp` is an object {@linkcode seal} sealed (a package compilePackage() made) and its
 * numbers (weights, costs, times, groups, coverage rows, h) and ids are still the ones recorded;
 * else what is wrong, as a sentence. One pass over the buffer of the numbers and over the arrays'
 * entries, without allocating; the certificate registry calls it on every issue and use. (k and
 * the arrays themselves need no check: the sealed object is frozen.)
 *
 * @param cp a compiled package
 * @returns null, or why the package cannot be trusted
 */
export function compiledIntegrity(cp: object): string | null {
  const s = SEALED.get(cp);
  if (s === undefined) return "it was not made by compilePackage() (a copy or a hand-built object)";
  const { live, copy } = s;
  let at = 0;
  // A detached buffer (ArrayBuffer.prototype.transfer) lost every number: changed from word 0.
  if (live.length === copy.length) {
    while (at < copy.length && live[at] === copy[at]) at++;
    if (at === copy.length) return changedEntries(s.arrays);
  }
  let why = s.parts[0][1];
  for (const [start, sentence] of s.parts) if (start <= at) why = sentence;
  return why;
}

/** Null when every array holds the entries sealed, else the sentence naming the first that does not. */
function changedEntries(arrays: Sealed["arrays"]): string | null {
  for (const { live, copy, sentence } of arrays) {
    if (live.length !== copy.length) return sentence;
    for (let i = 0; i < copy.length; i++) if (live[i] !== copy[i]) return sentence;
  }
  return null;
}

/**
 * Whether `x` is deep-frozen by this file: a {@linkcode frozenCopy} or a root
 * {@linkcode freezeInPlace} or {@linkcode freezeNewParts} froze.
 *
 * @param x any object
 * @returns true when every part reached from `x` is frozen
 */
export function isDeepFrozen(x: object): boolean {
  return DEEP_FROZEN.has(x);
}

/**
 * A deep-frozen copy of a JSON-like value (plain objects, arrays, primitives), sharing every part
 * that an earlier call made (a restricted package reuses its source's frozen candidates and
 * coverage cells instead of copying them again). Anything else is copied by structuredClone.
 *
 * @param x the value
 * @returns its deep-frozen copy (`x` itself when primitive or deep-frozen already)
 */
export function frozenCopy<T>(x: T): T {
  if (typeof x !== "object" || x === null || DEEP_FROZEN.has(x)) return x;
  const proto = Object.getPrototypeOf(x);
  let copy: Record<string, unknown> | unknown[];
  if (Array.isArray(x)) copy = x.map(frozenCopy);
  else if (proto === Object.prototype || proto === null) {
    copy = {};
    for (const [k, v] of Object.entries(x)) {
      Object.defineProperty(copy, k, {
        value: frozenCopy(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  } else return deepFreezeClone(x);
  Object.freeze(copy);
  DEEP_FROZEN.add(copy);
  return copy as T;
}

/** structuredClone, deep-frozen (values that are not plain objects or arrays). */
function deepFreezeClone<T>(x: T): T {
  const freeze = (v: unknown) => {
    if (typeof v !== "object" || v === null || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const c of Object.values(v)) freeze(c);
  };
  const copy = structuredClone(x);
  freeze(copy);
  return copy;
}

/**
 * Freezes, in place, the objects of `x` that are not frozen yet, without descending into frozen
 * ones (in a package compileDerivedPackage() compiles, those are parts of a deep-frozen package),
 * and marks `x` deep-frozen.
 *
 * @param x a JSON-like value whose frozen parts are deep-frozen already
 */
export function freezeNewParts(x: object): void {
  freezeTree(x, true);
  DEEP_FROZEN.add(x);
}

/**
 * Deep-freezes a JSON-like value in place and marks it for {@linkcode frozenCopy} to share (the
 * root only: every part reached from a marked root is frozen, and a set entry per object was a
 * measured third of compiling a sweep's package).
 *
 * @param x the value (not referenced by anyone who will edit it)
 * @returns `x`
 */
export function freezeInPlace<T>(x: T): T {
  if (typeof x !== "object" || x === null || DEEP_FROZEN.has(x)) return x;
  freezeTree(x, false);
  DEEP_FROZEN.add(x);
  return x;
}

/** Freezes `x` and the objects reached from it, not descending into frozen ones when `stopAtFrozen`. */
function freezeTree(x: object, stopAtFrozen: boolean): void {
  if (stopAtFrozen && Object.isFrozen(x)) return;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (typeof v === "object" && v !== null) freezeTree(v, stopAtFrozen);
    }
  } else {
    for (const k in x) {
      const v = (x as Record<string, unknown>)[k];
      if (typeof v === "object" && v !== null) freezeTree(v, stopAtFrozen);
    }
  }
  Object.freeze(x);
}
