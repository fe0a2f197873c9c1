/**
 * Small helpers shared by the timed benchmark scripts: order statistics and
 * a one-line description of the machine and its load.
 *
 * @module
 */

/**
 * The q-quantile of a sample by the nearest-rank rule (e.g. q = 0.9: p90).
 *
 * @param xs the sample (not modified)
 * @param q the quantile in [0, 1]
 * @returns the value at rank ceil(q·n) (1-based), or NaN for an empty sample
 */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil(q * s.length)));
  return s[rank - 1];
}

/**
 * The median of a sample (the mean of the two middle values for even sizes).
 *
 * @param xs the sample (not modified)
 * @returns the median, or NaN for an empty sample
 */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median, 90th percentile and maximum of a sample, in its units. */
export interface Spread {
  n: number;
  median: number;
  p90: number;
  max: number;
}

/**
 * Median, p90 (nearest rank) and maximum of a sample.
 *
 * @param xs the sample
 * @returns the spread
 */
export function spread(xs: readonly number[]): Spread {
  return { n: xs.length, median: median(xs), p90: quantile(xs, 0.9), max: Math.max(...xs) };
}

/**
 * The machine and its load as one line: cores, 1/5/15-minute load averages,
 * Deno and V8 versions, the date.
 *
 * @returns e.g. `2 cores, load 0.50 0.98 1.38, deno 2.9.6, v8 15.0, 2025-11-29T19:26Z`
 */
export function machineLine(): string {
  const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
  const cores = navigator.hardwareConcurrency;
  const when = new Date().toISOString().slice(0, 16) + "Z";
  return `${cores} cores, load ${load}, deno ${Deno.version.deno}, v8 ${Deno.version.v8}, ${when}`;
}

/**
 * Milliseconds with a precision suited to their size.
 *
 * @param ms a duration in milliseconds
 * @returns e.g. `0.0241`, `3.52`, `1,234`
 */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1) return ms.toFixed(4);
  if (ms < 100) return ms.toFixed(2);
  return Math.round(ms).toLocaleString("en-US");
}
