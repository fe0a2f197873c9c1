/**
 * Ratios against a certified OPT (paper 000 definition 1; ARTIFACT-SPEC §6.1).
 *
 * @module
 */
import { type Certificate, isCertified } from "../solve/result.ts";

/** Tolerance below which an OPT is degenerate (zero). */
export const DEGENERATE_TOL = 1e-12;

/** A ratio with the reason it may be missing. */
export interface Ratio {
  /** F(X)/OPT, or null when it cannot be reported. */
  ratio: number | null;
  /** `ok`, `degenerate_opt` (OPT = 0: never divided) or `uncertified` (no zero-gap OPT). */
  flag: "ok" | "degenerate_opt" | "uncertified";
}

/**
 * The package ratio rho = F(X) / OPT_P(B), reported only against a certified
 * OPT; a degenerate OPT = 0 is flagged, never divided.
 *
 * @param value F(X) of the scored store
 * @param opt the exact solver's certificate for the same package and budget
 * @returns the ratio and its flag
 */
export function ratioToOpt(value: number, opt: Certificate): Ratio {
  if (!isCertified(opt) || opt.objective === null) return { ratio: null, flag: "uncertified" };
  if (Math.abs(opt.objective) <= DEGENERATE_TOL) return { ratio: null, flag: "degenerate_opt" };
  return { ratio: value / opt.objective, flag: "ok" };
}

/**
 * The artifact's safe ratio (ARTIFACT-SPEC §6.1), used to reproduce its
 * means: null denominator -> null; |d| <= 1e-12 -> 1.0 if |v| <= 1e-12 else
 * null; else v/d.
 *
 * @param v numerator
 * @param d denominator (a certified OPT value)
 */
export function artifactSafeRatio(v: number, d: number | null): number | null {
  if (d === null) return null;
  if (Math.abs(d) <= DEGENERATE_TOL) return Math.abs(v) <= DEGENERATE_TOL ? 1.0 : null;
  return v / d;
}
