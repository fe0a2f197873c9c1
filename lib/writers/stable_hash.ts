/**
 * The artifact's stable string hash (ARTIFACT-SPEC §4.4 `reservoir_raw`,
 * App. A.1 noisy profile).
 *
 * @module
 */

/** Modulus of {@linkcode stableHash}: 1,000,000,007. */
export const HASH_MODULUS = 1_000_000_007;

/** x mod {@linkcode HASH_MODULUS} for an integer 0 <= x < 2^53 (exact). */
function reduce(x: number): number {
  const r = x - Math.floor(x / HASH_MODULUS) * HASH_MODULUS;
  return r < 0 ? r + HASH_MODULUS : r >= HASH_MODULUS ? r - HASH_MODULUS : r;
}

/**
 * Polynomial hash over the UTF-8 bytes of `text`: h = (h·131 + byte) mod
 * 1,000,000,007, from h = 0. Exact in doubles: h·131 + 255 < 1.4e11 < 2^53.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stableHash } from "./stable_hash.ts";
 * assert.ok(stableHash("ab") === 12805);
 * ```
 *
 * @param text any string
 * @returns an integer in [0, 1,000,000,007)
 */
export function stableHash(text: string): number {
  // The bytes of TextEncoder's UTF-8 (a lone surrogate is U+FFFD), without allocating
  // them. The modulus is taken every third byte: from h < M, three steps stay below
  // 131³·M + 255·(131² + 131 + 1) < 2^53, so every value is an exact integer and the
  // result is equal. h mod M is h − q·M with q = ⌊h / M⌋ corrected by one if rounded.
  let h = 0, pending = 0;
  const add = (byte: number): void => {
    h = h * 131 + byte;
    if (++pending === 3) {
      h = reduce(h);
      pending = 0;
    }
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 0x80) {
      add(cp);
      continue;
    }
    if (cp < 0x800) {
      add(0xc0 | (cp >> 6));
      add(0x80 | (cp & 0x3f));
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
        add(0xf0 | (cp >> 18));
        add(0x80 | ((cp >> 12) & 0x3f));
        add(0x80 | ((cp >> 6) & 0x3f));
        add(0x80 | (cp & 0x3f));
        continue;
      }
      cp = 0xfffd;
    }
    add(0xe0 | (cp >> 12));
    add(0x80 | ((cp >> 6) & 0x3f));
    add(0x80 | (cp & 0x3f));
  }
  return reduce(h);
}
