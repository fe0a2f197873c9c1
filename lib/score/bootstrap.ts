/**
 * The artifact's bootstrap confidence interval of a mean (ARTIFACT-SPEC §6.2, §8 item 17). The
 * seedrandom-based bootstrap for new work is in `bootstrap_ci.ts`.
 *
 * @module
 */
import { PyRandom } from "../base/rng/py_random.ts";
import { DEFAULT_SUMMATION, pySum, pySumAt, type Summation } from "./_py_sum.ts";

/** Options of {@linkcode artifactBootstrap}. The defaults are the artifact's. */
export interface ArtifactBootstrapOptions {
  /** Number of resamples (default 1,000). */
  resamples?: number;
  /** Seed of the CPython-compatible stream, re-created on every call (default 0). */
  seed?: number;
  /** How each resample's sum is accumulated (default `neumaier`, see `_py_sum.ts`). */
  summation?: Summation;
}

// Resampling indices depend only on (seed, n, resamples): every group of the
// same size shares them (ARTIFACT-SPEC §8 item 17), so they are drawn once.
const indexCache = new Map<string, Int32Array>();
const INDEX_CACHE_LIMIT = 16;

function resampleIndices(seed: number, n: number, resamples: number): Int32Array {
  const key = `${seed}:${n}:${resamples}`;
  let idx = indexCache.get(key);
  if (idx === undefined) {
    idx = new Int32Array(n * resamples);
    new PyRandom(seed).fillRandbelow(n, idx); // randrange(n) n·R times
    if (indexCache.size >= INDEX_CACHE_LIMIT) indexCache.delete(indexCache.keys().next().value!);
    indexCache.set(key, idx);
  }
  return idx;
}

/** Whether every value is the same number (`Object.is`: 0 and -0 differ). */
function allSame(values: ArrayLike<number>): boolean {
  for (let i = 1; i < values.length; i++) if (!Object.is(values[i], values[0])) return false;
  return true;
}

/** Throws unless `resamples` is a positive integer (shared with `bootstrap_ci.ts`). */
export function checkResamples(resamples: number): void {
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(
      `Cannot bootstrap: resamples must be a positive integer, got ${resamples}`,
    );
  }
}

/**
 * The artifact's bootstrap 95% interval of a mean (ARTIFACT-SPEC §6.2).
 *
 * A new CPython `Random(seed)` per call; each of the `resamples` resamples draws n indices with
 * `randrange(n)`, in order, and records `sum(values[i] ...) / n`; the means are sorted and the
 * interval is `(means[max(0, int(0.025 R) − 1)], means[min(R − 1, int(0.975 R))])`, i.e. indices 24
 * and 975 for R = 1,000. One value v gives (v, v); no values give (0, 0).
 *
 * @example The artifact's special cases
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactBootstrap } from "./bootstrap.ts";
 * assert.ok(artifactBootstrap([]).join() === "0,0");
 * assert.ok(artifactBootstrap([0.5]).join() === "0.5,0.5");
 * ```
 *
 * @param values the sample, in the artifact's row order (seed order); null ratios already dropped
 * @param opts resamples, seed and summation mode
 * @returns [low, high], in the units of `values`
 * @throws {RangeError} if `resamples` is not a positive integer
 */
export function artifactBootstrap(
  values: ArrayLike<number>,
  opts: ArtifactBootstrapOptions = {},
): [number, number] {
  const resamples = opts.resamples ?? 1000;
  const seed = opts.seed ?? 0;
  const mode = opts.summation ?? DEFAULT_SUMMATION;
  checkResamples(resamples);
  const n = values.length;
  if (n === 0) return [0, 0];
  if (n === 1) return [values[0], values[0]];
  if (allSame(values)) {
    // Every resample is n copies of the same value, summed in the same order: one mean.
    const m = pySum(values, mode) / n;
    return [m, m];
  }
  const idx = resampleIndices(seed, n, resamples);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) means[b] = pySumAt(values, idx, b * n, n, mode) / n;
  means.sort();
  const low = Math.max(0, Math.trunc(0.025 * resamples) - 1);
  const high = Math.min(resamples - 1, Math.trunc(0.975 * resamples));
  return [means[low], means[high]];
}
