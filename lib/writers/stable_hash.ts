/**
 * The artifact's stable string hash (ARTIFACT-SPEC §4.4 `reservoir_raw`,
 * App. A.1 noisy profile).
 *
 * @module
 */

/** Modulus of {@linkcode stableHash}: 1,000,000,007. */
export const HASH_MODULUS = 1_000_000_007;

const encoder = new TextEncoder();

/**
 * Polynomial hash over the UTF-8 bytes of `text`: h = (h·131 + byte) mod
 * 1,000,000,007, from h = 0. Exact in doubles: h·131 + 255 < 1.4e11 < 2^53.
 *
 * @example Usage
 * ```ts
 * import { stableHash } from "./stable_hash.ts";
 * console.assert(stableHash("ab") === 12805);
 * ```
 *
 * @param text any string
 * @returns an integer in [0, 1,000,000,007)
 */
export function stableHash(text: string): number {
  let h = 0;
  for (const byte of encoder.encode(text)) h = (h * 131 + byte) % HASH_MODULUS;
  return h;
}
