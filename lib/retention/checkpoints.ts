/**
 * Checkpoint sampling of a lifespan and the artifact's reweighting
 * (paper 003, Memory Retention Rate; COMPANIONS §2(a) "Checkpoint sampling"
 * and "Reweighting").
 *
 * A fact's lifespan of n sessions is checked at K checkpoints: all sessions
 * when n <= K, otherwise the indices round(i·(n−1)/(K−1)), i = 0..K−1, into
 * the sorted sessions, with Python's round (half to even). Each sampled score
 * is then replicated m = round(L / n_samples) times (half to even) in the
 * benchmark's analysis notebook.
 *
 * @module
 */
import { roundHalfEven } from "../generate/budgets.ts";

/** The benchmark's number of checkpoints per fact (K = 20, endpoints included). */
export const DEFAULT_CHECKPOINTS = 20;

/**
 * The checkpoint indices into a lifespan of `n` sessions (0-based, ascending,
 * distinct; first and last included when n >= 1).
 *
 * @example Fifty sessions, K = 20
 * ```ts
 * import { checkpointIndices } from "./checkpoints.ts";
 * const idx = checkpointIndices(50, 20);
 * if (idx.length !== 20 || idx[0] !== 0 || idx[19] !== 49 || idx[1] !== 3) throw new Error();
 * ```
 *
 * @param n the lifespan length L_r (integer >= 0)
 * @param k the number of checkpoints K (integer >= 2; default 20)
 * @returns all of 0..n−1 when n <= k, else round_half_even(i·(n−1)/(k−1)) for i = 0..k−1
 * @throws {RangeError} if n is not a non-negative integer or k is not an integer >= 2
 */
export function checkpointIndices(n: number, k: number = DEFAULT_CHECKPOINTS): number[] {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`Cannot choose checkpoints: n must be an integer >= 0, got ${n}`);
  }
  if (!Number.isInteger(k) || k < 2) {
    throw new RangeError(`Cannot choose checkpoints: k must be an integer >= 2, got ${k}`);
  }
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  // Same float expression as the notebook: i * (n - 1) / (k - 1), then round half to even.
  for (let i = 0; i < k; i++) out.push(roundHalfEven((i * (n - 1)) / (k - 1)));
  return out;
}

/**
 * The artifact's replica count per sampled score: m = round_half_even(L / n_samples)
 * (L = 50, 20 samples → 2.5 → 2; L = 70 → 3.5 → 4).
 *
 * @param lifespan L_r, the lifespan length in sessions (> 0)
 * @param samples n_samples, the number of checkpoints taken (> 0)
 * @returns m, an integer >= 1 when samples <= lifespan
 * @throws {RangeError} if either count is not a positive integer
 */
export function artifactReplicas(lifespan: number, samples: number): number {
  if (!Number.isInteger(lifespan) || lifespan < 1 || !Number.isInteger(samples) || samples < 1) {
    throw new RangeError(
      `Cannot reweight: lifespan and samples must be integers >= 1, got ${lifespan} and ${samples}`,
    );
  }
  return roundHalfEven(lifespan / samples);
}
