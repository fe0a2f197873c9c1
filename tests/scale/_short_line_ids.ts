/**
 * Awkward short-form inputs: for the byte reader (lib/scale/short_line_bytes.ts), shared by its
 * test and bench/short_line_bytes_bench.ts, and the arbitrary lines of the property tests that
 * compare a fast reader with the strict one (tests/scale/short_line_bytes_test.ts and
 * trajectory_stream_test.ts).
 *
 * @module
 */
import fc from "fast-check";
import { SHORT_KEYS } from "../../lib/scale/trajectory.ts";

/** A line as key/value pairs (a value given as pairs is an object), so that keys may repeat. */
export type LinePairs = readonly (readonly [string, unknown])[];

/** The JSON text of {@linkcode LinePairs}, keys in the order given. */
export function pairsText(v: unknown): string {
  return Array.isArray(v)
    ? `{${v.map(([k, x]) => `${JSON.stringify(k)}:${pairsText(x)}`).join(",")}}`
    : JSON.stringify(v);
}

/**
 * Arbitrary keys (the short form's, its scale object's, `__proto__` and another) and scale
 * values (a scalar, or pairs of `label` / `n_irr` / another key) over the given scalars.
 */
export function lineArbitraries(scalar: fc.Arbitrary<unknown>): {
  key: fc.Arbitrary<string>;
  scale: fc.Arbitrary<unknown>;
} {
  const key = fc.constantFrom(...SHORT_KEYS, "label", "n_irr", "__proto__", "x");
  const scale = fc.oneof(
    scalar,
    fc.array(fc.tuple(fc.constantFrom("label", "n_irr", "x"), scalar), { maxLength: 3 }),
  );
  return { key, scale };
}

/** The 32-bit FNV-1a hash of a string's code units (the reader's hash of its ASCII bytes). */
export function fnv1a32(s: string, h = 0x811c9dc5 | 0): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** 20,000 lines, each with a distinct query id of ~1 KiB. */
export function longIdLines(): string[] {
  const pad = "abcdefghijklmnop".repeat(64);
  return Array.from({ length: 20_000 }, (_, i) => `{"query_id":"${i}${pad}","R":1}`);
}

/**
 * 2^15 distinct ids of 45 bytes whose FNV-1a hashes share their low 18 bits (so all start at one
 * slot of the reader's table). The low 18 bits of FNV-1a's state depend on its low 18 bits only:
 * 15 pairs of 3-byte blocks, each pair leaving the same low bits, combine into the ids.
 */
export function collidingIds(): string[] {
  const LOW = (1 << 18) - 1,
    CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let state = 0x811c9dc5 | 0, x = 1;
  const pairs: [string, string][] = [];
  while (pairs.length < 15) {
    const seen = new Map<number, string>();
    for (;;) {
      let block = "";
      for (let k = 0; k < 3; k++) block += CHARS[(x = (x * 48271) % 2147483647) % CHARS.length];
      const low = fnv1a32(block, state) & LOW, other = seen.get(low);
      if (other !== undefined && other !== block) {
        pairs.push([other, block]);
        state = fnv1a32(other, state);
        break;
      }
      seen.set(low, block);
    }
  }
  return Array.from({ length: 1 << 15 }, (_, i) => pairs.map((p, k) => p[(i >> k) & 1]).join(""));
}
