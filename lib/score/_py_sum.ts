/**
 * Python's built-in `sum()` over floats, in both of its historical forms.
 *
 * The artifact averages with `sum(values) / len(values)` (ARTIFACT-SPEC §6.2, §6.3). CPython up to
 * 3.11 adds left to right in plain IEEE double; CPython 3.12 and later add floats with Neumaier's
 * compensated summation (gh-100425). The two agree to ~1e-16 relative, so every reported 4-decimal
 * number is the same; only the last bits of a mean can differ.
 *
 * @module
 */

/** How a float sum is accumulated: `naive` (CPython <= 3.11) or `neumaier` (CPython >= 3.12). */
export type Summation = "naive" | "neumaier";

/**
 * The default summation: Neumaier, as CPython >= 3.12 (and `valueOf` in lib/objective.ts). Evidence
 * that the artifact ran on 3.12+: its stress heatmap prints density-only on temporal_interval as
 * 0.662, which is the Neumaier mean 0.6625 (exactly 3.975/6 per package) formatted to 3 places; the
 * naive mean 0.6625000000000021 prints as 0.663.
 */
export const DEFAULT_SUMMATION: Summation = "neumaier";

/**
 * Sums `values` in order, as CPython's `sum()` would.
 *
 * @param values the addends, in order
 * @param mode `naive` or `neumaier` (default {@linkcode DEFAULT_SUMMATION})
 * @returns the sum (0 for no values)
 */
export function pySum(values: ArrayLike<number>, mode: Summation = DEFAULT_SUMMATION): number {
  return pySumAt(values, null, 0, values.length, mode);
}

/**
 * {@linkcode pySum} of `n` values picked by index, without gathering them: the sum of
 * `values[index[offset]], …, values[index[offset + n − 1]]` in that order (all of `values[0..n)`
 * when `index` is null). A bootstrap resample is summed this way.
 *
 * @param values the values
 * @param index indices into `values`, or null for `values` itself
 * @param offset first position in `index`
 * @param n number of addends
 * @param mode summation mode
 * @returns the sum (0 for n = 0)
 */
export function pySumAt(
  values: ArrayLike<number>,
  index: ArrayLike<number> | null,
  offset: number,
  n: number,
  mode: Summation = DEFAULT_SUMMATION,
): number {
  let s = 0, c = 0;
  const naive = mode === "naive";
  for (let i = 0; i < n; i++) {
    const x = index === null ? values[i] : values[index[offset + i]];
    if (naive) {
      s += x;
      continue;
    }
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  // CPython adds the compensation only when it is non-zero and finite.
  return c !== 0 && Number.isFinite(c) ? s + c : s;
}

/**
 * The artifact's `_mean`: sum / count over the values, 0.0 for none.
 *
 * @param values the values, in order
 * @param mode summation mode
 * @returns the mean, or 0 when `values` is empty
 */
export function pyMean(values: ArrayLike<number>, mode: Summation = DEFAULT_SUMMATION): number {
  return values.length === 0 ? 0 : pySum(values, mode) / values.length;
}
