/**
 * A seedrandom-based percentile bootstrap interval of a mean, for new work
 * (the artifact's own procedure is `artifactBootstrap` in `bootstrap.ts`).
 *
 * @module
 */
import { quantileSorted } from "../base/deps/simple_statistics.ts";
import { SeededRandom } from "../base/rng/seeded_random.ts";
import { checkResamples } from "./bootstrap.ts";

/** Options of {@linkcode bootstrapCi}. */
export interface BootstrapCiOptions {
  /** seedrandom seed (default 0). */
  seed?: number | string;
  /** Number of resamples (default 1,000). */
  resamples?: number;
  /** Confidence level in (0, 1) (default 0.95). */
  level?: number;
}

/**
 * A percentile bootstrap interval of a mean for new work, drawn from a seeded
 * {@linkcode SeededRandom} stream: `resamples` resamples of n indices (`randbelow(n)`), the mean of
 * each, and the (1 − level)/2 and (1 + level)/2 quantiles of the means with linear interpolation.
 * The same seed gives the same interval on every machine. One value v gives (v, v).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapCi } from "./bootstrap_ci.ts";
 * const [lo, hi] = bootstrapCi([0.2, 0.4, 0.9, 1.0], { seed: 7 });
 * assert.ok(lo <= hi);
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
  checkBootstrap(resamples, level);
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
  return percentileInterval(means, level);
}

/** Throws unless `resamples` is a positive integer and `level` is in (0, 1). */
export function checkBootstrap(resamples: number, level: number): void {
  checkResamples(resamples);
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`Cannot bootstrap: level must be in (0, 1), got ${level}`);
  }
}

/** The (1 − level)/2 and (1 + level)/2 quantiles of the means (sorted in place), interpolated. */
export function percentileInterval(means: Float64Array, level: number): [number, number] {
  const sorted = Array.from(means.sort());
  return [quantileSorted(sorted, (1 - level) / 2), quantileSorted(sorted, (1 + level) / 2)];
}
