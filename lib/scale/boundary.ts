/**
 * The usable-scale boundary s*_alpha (paper 002 §1(a) item 7; COMPANIONS
 * §6 decision 2) and the ladder order it is read in.
 *
 * memaudit's rule (the paper leaves ties and non-monotone curves open):
 * s*_alpha is the first scale in ladder order whose value is strictly below
 * alpha (a value equal to alpha is usable); a curve that falls below and
 * later comes back to alpha or above keeps the first crossing and gets
 * `recovers: true`; the `sustained` variant is the first scale from which
 * every later scale is below alpha. With no scale below alpha the boundary
 * is `">MAX"`, MAX the largest scale of the ladder (e.g. `">400"`).
 *
 * @module
 */

/** One point of a per-scale curve, in ladder order. */
export interface LadderPoint {
  /** The scale as reported: N_irr when known, else the ladder label. */
  scale: number | string;
  /** The value compared with alpha (Pass@B, or a package ratio). */
  value: number;
}

/** The boundary of one curve. */
export interface UsableScaleBoundary {
  /** First crossing: the first scale with value < alpha, or ">MAX". */
  s_star: number | string;
  /** Whether a scale after the first crossing is back at alpha or above. */
  recovers: boolean;
  /** Sustained variant: the first scale from which all later values are < alpha, or ">MAX". */
  s_star_sustained: number | string;
  /** Index of the first crossing in the ladder, or -1. */
  first_index: number;
  /** Index of the sustained crossing in the ladder, or -1. */
  sustained_index: number;
}

/**
 * Computes s*_alpha of a curve given in ladder order.
 *
 * @example A curve that dips below 0.7 at 100 and recovers at 200
 * ```ts
 * import assert from "node:assert/strict";
 * import { usableScaleBoundary } from "./boundary.ts";
 * const b = usableScaleBoundary([
 *   { scale: 0, value: 0.8 }, { scale: 100, value: 0.65 },
 *   { scale: 200, value: 0.72 }, { scale: 300, value: 0.6 },
 * ], 0.7);
 * assert.ok(b.s_star === 100 && b.recovers && b.s_star_sustained === 300);
 * ```
 *
 * @param points the curve, in ladder order (at least one point)
 * @param alpha the threshold (default 0.7)
 * @returns the first-crossing and sustained boundaries and the recovery flag
 * @throws {RangeError} if there are no points, alpha or a value is not finite
 */
export function usableScaleBoundary(
  points: readonly LadderPoint[],
  alpha = 0.7,
): UsableScaleBoundary {
  if (points.length === 0) throw new RangeError("Cannot compute s*: no scales");
  if (!Number.isFinite(alpha)) throw new RangeError(`Cannot compute s*: alpha is ${alpha}`);
  for (const p of points) {
    if (!Number.isFinite(p.value)) {
      throw new RangeError(`Cannot compute s*: value at scale ${p.scale} is ${p.value}`);
    }
  }
  const above = `>${points[points.length - 1].scale}`;
  const first = points.findIndex((p) => p.value < alpha);
  let sustained = -1;
  for (let j = points.length - 1; j >= 0 && points[j].value < alpha; j--) sustained = j;
  const recovers = first >= 0 && points.slice(first + 1).some((p) => p.value >= alpha);
  return {
    s_star: first >= 0 ? points[first].scale : above,
    recovers,
    s_star_sustained: sustained >= 0 ? points[sustained].scale : above,
    first_index: first,
    sustained_index: sustained,
  };
}

/**
 * What is wrong with a scorer's threshold alpha of s*_alpha (in [0, 1], default 0.7) or its
 * bootstrap's resamples (a non-negative integer, default 2,000) and level (in (0, 1), default
 * 0.95), in that order.
 *
 * @param o the options given
 * @returns the first problem ("alpha must be in [0, 1], got 2"), or undefined
 */
export function reliabilityOptionIssue(
  o: { alpha?: number; resamples?: number; level?: number },
): string | undefined {
  const a = o.alpha ?? 0.7, n = o.resamples ?? 2000, l = o.level ?? 0.95;
  if (!(a >= 0 && a <= 1)) return `alpha must be in [0, 1], got ${a}`;
  if (!(Number.isSafeInteger(n) && n >= 0)) {
    return `resamples must be a non-negative integer, got ${n}`;
  }
  if (!(l > 0 && l < 1)) return `level must be in (0, 1), got ${l}`;
}

/**
 * Compares ladder labels in natural order: digit runs compare as numbers,
 * other text by code unit (`s2` < `s10`, `s4` < `s4b`). Independent of the
 * order labels appear in.
 *
 * @param a a label
 * @param b another label
 * @returns negative, zero or positive
 */
export function compareLadderLabels(a: string, b: string): number {
  const ra = a.match(/\d+|\D+/g) ?? [], rb = b.match(/\d+|\D+/g) ?? [];
  for (let k = 0; k < Math.min(ra.length, rb.length); k++) {
    const x = ra[k], y = rb[k];
    const dx = /^\d/.test(x), dy = /^\d/.test(y);
    if (dx && dy) {
      // Exact for any length (Number() rounds past 2^53: "s99999999999999999998" = "...99").
      const ux = x.replace(/^0+(?=\d)/, ""), uy = y.replace(/^0+(?=\d)/, "");
      if (ux.length !== uy.length) return ux.length - uy.length;
      if (ux !== uy) return ux < uy ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length;
    } else if (x !== y) return x < y ? -1 : 1;
  }
  return ra.length - rb.length;
}
