/**
 * The artifact's stable string hash (ARTIFACT-SPEC §4.4 `reservoir_raw`, App. A.1 noisy profile).
 *
 * @module
 */

/** Modulus of {@linkcode stableHash}: 1,000,000,007. */
export const HASH_MODULUS = 1_000_000_007;

/** TextEncoder's UTF-8, the bytes hashed (a lone surrogate is U+FFFD). */
const UTF8 = new TextEncoder();

/**
 * Polynomial hash over the UTF-8 bytes of `text`: h = (h·131 + byte) mod
 * 1,000,000,007, from h = 0. Exact in doubles: h·131 + 255 < 1.4e11 < 2^53 (and `%` is exact).
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
  let h = 0;
  for (const byte of UTF8.encode(text)) h = (h * 131 + byte) % HASH_MODULUS;
  return h;
}
