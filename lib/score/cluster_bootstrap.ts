/**
 * A cluster bootstrap interval of a mean: resample whole clusters (e.g.
 * LoCoMo conversations), not items, because items of one conversation share
 * sessions, candidates and annotators and are not independent.
 *
 * @module
 */
import { SeededRandom } from "../base/rng/seeded_random.ts";
import { checkBootstrap, percentileInterval } from "./bootstrap_ci.ts";

/**
 * Percentile cluster bootstrap of an item mean. Clusters are taken in sorted id order (so the
 * result does not depend on item order); each resample draws as many clusters as there are, with
 * replacement (`randbelow`), and records Σ values / Σ items over the drawn clusters; the interval
 * is the (1 − level)/2 and (1 + level)/2 quantiles of those means (linear interpolation). One
 * cluster gives (mean, mean).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clusterBootstrapCi } from "./cluster_bootstrap.ts";
 * const r = clusterBootstrapCi([1, 1, 0, 0], ["a", "a", "b", "b"], { seed: 1 });
 * assert.ok(r.mean === 0.5 && r.clusters === 2 && r.low <= r.high);
 * ```
 *
 * @param values item values
 * @param clusters cluster id of each item
 * @param opts seed, resamples, level
 * @returns mean, interval, item and cluster counts
 * @throws {RangeError} on no values, mismatched lengths, bad resamples or level
 */
export function clusterBootstrapCi(
  values: readonly number[],
  clusters: readonly string[],
  opts: {
    /** seedrandom seed (default 0). */
    seed?: number | string;
    /** Number of resamples (default 1,000). */
    resamples?: number;
    /** Confidence level in (0, 1) (default 0.95). */
    level?: number;
  } = {},
): {
  /** Mean over all items. */
  mean: number;
  /**
   * Lower end: the (1 − level)/2 quantile of the resampled means (equals `mean` for one cluster).
   */
  low: number;
  /**
   * Upper end: the (1 + level)/2 quantile of the resampled means (equals `mean` for one cluster).
   */
  high: number;
  /** Number of items. */
  n: number;
  /** Number of clusters. */
  clusters: number;
} {
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  if (values.length !== clusters.length) {
    throw new RangeError(
      `Cannot bootstrap: ${values.length} values but ${clusters.length} cluster ids`,
    );
  }
  if (values.length === 0) throw new RangeError("Cannot bootstrap: no values");
  checkBootstrap(resamples, level);
  const ids = [...new Set(clusters)].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const sum = new Float64Array(ids.length), count = new Float64Array(ids.length);
  values.forEach((v, t) => {
    const i = index.get(clusters[t])!;
    sum[i] += v;
    count[i]++;
  });
  const mean = sum.reduce((s, x) => s + x, 0) / values.length;
  const g = ids.length;
  if (g === 1) return { mean, low: mean, high: mean, n: values.length, clusters: 1 };
  const rng = new SeededRandom(opts.seed ?? 0);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0, c = 0;
    for (let k = 0; k < g; k++) {
      const i = rng.randbelow(g);
      s += sum[i];
      c += count[i];
    }
    means[b] = s / c;
  }
  const [low, high] = percentileInterval(means, level);
  return { mean, low, high, n: values.length, clusters: g };
}
