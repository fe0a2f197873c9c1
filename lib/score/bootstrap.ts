/**
 * Bootstrap confidence intervals for a mean: the artifact's exact procedure
 * (ARTIFACT-SPEC §6.2, §8 item 17) and a seedrandom-based percentile
 * bootstrap for new work.
 *
 * @module
 */
import { PyRandom } from "../rng/py_random.ts";
import { SeededRandom } from "../rng/seeded_random.ts";
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
    const rng = new PyRandom(seed);
    idx = new Int32Array(n * resamples);
    for (let k = 0; k < idx.length; k++) idx[k] = rng.randrange(n);
    if (indexCache.size >= INDEX_CACHE_LIMIT) {
      indexCache.delete(indexCache.keys().next().value!);
    }
    indexCache.set(key, idx);
  }
  return idx;
}

function checkResamples(resamples: number): void {
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(
      `Cannot bootstrap: resamples must be a positive integer, got ${resamples}`,
    );
  }
}

/**
 * The artifact's bootstrap 95% interval of a mean (ARTIFACT-SPEC §6.2).
 *
 * A new CPython `Random(seed)` per call; each of the `resamples` resamples
 * draws n indices with `randrange(n)`, in order, and records
 * `sum(values[i] ...) / n`; the means are sorted and the interval is
 * `(means[max(0, int(0.025 R) − 1)], means[min(R − 1, int(0.975 R))])`,
 * i.e. indices 24 and 975 for R = 1,000. One value v gives (v, v); no values
 * give (0, 0).
 *
 * @example The artifact's special cases
 * ```ts
 * import { artifactBootstrap } from "./bootstrap.ts";
 * console.assert(artifactBootstrap([]).join() === "0,0");
 * console.assert(artifactBootstrap([0.5]).join() === "0.5,0.5");
 * ```
 *
 * @param values the sample, in the artifact's row order (seed order); null ratios already dropped
 * @param opts resamples, seed and summation mode
 * @returns [low, high], in the units of `values`
 * @throws {RangeError} if `resamples` is not a positive integer
 */
export function artifactBootstrap(
  values: readonly number[],
  opts: ArtifactBootstrapOptions = {},
): [number, number] {
  const resamples = opts.resamples ?? 1000;
  const seed = opts.seed ?? 0;
  const mode = opts.summation ?? DEFAULT_SUMMATION;
  checkResamples(resamples);
  const n = values.length;
  if (n === 0) return [0, 0];
  if (n === 1) return [values[0], values[0]];
  if (values.every((v) => Object.is(v, values[0]))) {
    // Every resample is n copies of the same value, summed in the same order: one mean.
    const m = pySum(values, mode) / n;
    return [m, m];
  }
  const idx = resampleIndices(seed, n, resamples);
  const means = new Float64Array(resamples);
  const v = Float64Array.from(values);
  for (let b = 0; b < resamples; b++) means[b] = pySumAt(v, idx, b * n, n, mode) / n;
  means.sort();
  const low = Math.max(0, Math.trunc(0.025 * resamples) - 1);
  const high = Math.min(resamples - 1, Math.trunc(0.975 * resamples));
  return [means[low], means[high]];
}

/** Options of {@linkcode bootstrapCi}. */
export interface BootstrapCiOptions {
  /** seedrandom seed (default 0). */
  seed?: number | string;
  /** Number of resamples (default 1,000). */
  resamples?: number;
  /** Confidence level in (0, 1) (default 0.95). */
  level?: number;
}

/** Linear-interpolation quantile of sorted values (numpy's default, Hyndman–Fan type 7). */
function quantileSorted(sorted: Float64Array, p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * A percentile bootstrap interval of a mean for new work, drawn from a
 * seeded {@linkcode SeededRandom} stream: `resamples` resamples of n indices
 * (`randbelow(n)`), the mean of each, and the (1 − level)/2 and
 * (1 + level)/2 quantiles of the means with linear interpolation. The same
 * seed gives the same interval on every machine. One value v gives (v, v).
 *
 * @example
 * ```ts
 * import { bootstrapCi } from "./bootstrap.ts";
 * const [lo, hi] = bootstrapCi([0.2, 0.4, 0.9, 1.0], { seed: 7 });
 * console.assert(lo <= hi);
 * ```
 *
 * @param values the sample (at least one value)
 * @param opts seed, resamples and level
 * @returns [low, high], in the units of `values`
 * @throws {RangeError} if `values` is empty, `resamples` is not a positive integer or `level` is not in (0, 1)
 */
export function bootstrapCi(
  values: readonly number[],
  opts: BootstrapCiOptions = {},
): [number, number] {
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  checkResamples(resamples);
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`Cannot bootstrap: level must be in (0, 1), got ${level}`);
  }
  const n = values.length;
  if (n === 0) throw new RangeError("Cannot bootstrap: no values");
  if (n === 1) return [values[0], values[0]];
  const rng = new SeededRandom(opts.seed ?? 0);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += values[rng.randbelow(n)];
    means[b] = s / n;
  }
  means.sort();
  return [quantileSorted(means, (1 - level) / 2), quantileSorted(means, (1 + level) / 2)];
}
