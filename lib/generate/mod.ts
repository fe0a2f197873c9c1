/**
 * Synthetic packages and random streams (ARTIFACT-SPEC §3, Appendix D): the artifact's
 * distributions, budgets from tokens, package hashes and a seeded stream for new work (the
 * artifact's own streams, CPython's Mersenne Twister, stay inside `generate`). Randomness is
 * always injected.
 *
 * Entry point `memaudit/generate` (deno.json `exports["./generate"]`): this list is what the part
 * offers; anything under `lib/generate/` it does not name is internal and may change.
 *
 * @example The same seed, the same stream
 * ```ts
 * import { SeededRandom } from "./mod.ts";
 * const a = new SeededRandom("demo"), b = new SeededRandom("demo");
 * if (a.random() !== b.random()) throw new Error("streams differ");
 * ```
 *
 * @module
 */
export { type DistributionName, generate, STRESS_DISTRIBUTIONS } from "./distributions.ts";
export { budgetsFromTokens } from "./budgets.ts";
export { packageHash } from "../package/digest.ts";

// random streams
export type { Rng } from "../base/rng/rng.ts";
export type { WordRng } from "../base/rng/word_rng.ts";
export { SeededRandom } from "../base/rng/seeded_random.ts";
