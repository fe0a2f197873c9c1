/**
 * Ratios against a certified OPT (paper 000 definition 1; ARTIFACT-SPEC §6.1).
 *
 * @module
 */
import { checkFeasible, evaluateStore, valueTol } from "../objective.ts";
import type { CompiledPackage } from "../package/compile.ts";
import { type Certificate, isCertified } from "../certificate/result.ts";
import { type CertificateUse, requireCertificate } from "../certificate/issue.ts";
import { requireWithinBound } from "../certificate/registry.ts";

/**
 * The artifact's absolute zero for its safe ratio (ARTIFACT-SPEC §6.1). Ratios to a
 * certificate use the package-relative `valueTol(cp)` instead (1e-12 × F(all candidates)).
 */
export const DEGENERATE_TOL = 1e-12;

/** A ratio with the reason it may be missing. */
export interface Ratio {
  /** F(X)/OPT, or null when it cannot be reported. */
  ratio: number | null;
  /** `ok`, `degenerate_opt` (OPT = 0: never divided) or `uncertified` (no zero-gap OPT). */
  flag: "ok" | "degenerate_opt" | "uncertified";
}

/**
 * The package ratio rho = F(X) / OPT_P(B), reported only against a certified OPT of the same
 * package, budget and k; a degenerate OPT = 0 is flagged, never divided.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { solve } from "../solve/solve.ts";
 * import { compilePackage } from "../package/compile.ts";
 * import { readPackageJson } from "../package/json_io.ts";
 * import { ratioToOpt } from "./ratio.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const opt = await solve(cp, 8);
 * assert.deepEqual(ratioToOpt(1.5, opt, { cp, budget: 8 }), { ratio: 0.5, flag: "ok" });
 * ```
 *
 * @param value F(X) of the scored store, in weight units
 * @param opt an exact solver's certificate (as `solve()`, `solveBnb()`, ... return it)
 * @param use the package, budget and k the ratio is for: the certificate must belong to them
 * @returns the ratio and its flag (`uncertified` when the certificate is genuine but certifies
 *   nothing: `unverified`, `time_limit`, `no_certificate`)
 * @throws {TypeError} if no exact solver made `opt` (see `requireCertificate`), or the package
 *   was modified after compilePackage()
 * @throws {RangeError} if `opt` belongs to another package, budget or k
 * @throws {ClaimError} (name `ClaimError`) if `value` exceeds the certificate's proven bound by
 *   more than its tolerance: a ratio above 1 is an error, never "ok"
 */
export function ratioToOpt(value: number, opt: Certificate, use: CertificateUse): Ratio {
  requireCertificate(opt, use, "take a ratio to OPT");
  if (!isCertified(opt) || opt.objective === null) return { ratio: null, flag: "uncertified" };
  requireWithinBound(value, opt, "take a ratio to OPT", valueTol(use.cp));
  if (Math.abs(opt.objective) <= valueTol(use.cp)) return { ratio: null, flag: "degenerate_opt" };
  return { ratio: value / opt.objective, flag: "ok" };
}

/**
 * F(X) / OPT_P(B) for a store X of a LARGER package (the union P+ of P and a
 * system's memories, lib/systems/union_score.ts) against the certificate of
 * P: the same checks as {@linkcode ratioToOpt} except the bound, since X may
 * use what P does not hold, so a value above 1 is a finding there, not an
 * error. Every ratio of a store to its own package's OPT uses `ratioToOpt`.
 *
 * @param value F(X) on the larger package, in weight units
 * @param opt the certificate of P
 * @param use P, the budget and k
 * @returns the ratio and its flag
 * @throws {TypeError} / {RangeError} as {@linkcode ratioToOpt}
 */
export function ratioToSmallerPackageOpt(
  value: number,
  opt: Certificate,
  use: CertificateUse,
): Ratio {
  requireCertificate(opt, use, "take a ratio to OPT");
  if (!isCertified(opt) || opt.objective === null) return { ratio: null, flag: "uncertified" };
  if (Math.abs(opt.objective) <= valueTol(use.cp)) return { ratio: null, flag: "degenerate_opt" };
  return { ratio: value / opt.objective, flag: "ok" };
}

/**
 * The artifact's safe ratio (ARTIFACT-SPEC §6.1), used to reproduce its means: null denominator ->
 * null; |d| <= 1e-12 -> 1.0 if |v| <= 1e-12 else null; else v/d.
 *
 * @param v numerator
 * @param d denominator (a certified OPT value)
 */
export function artifactSafeRatio(v: number, d: number | null): number | null {
  if (d === null) return null;
  if (Math.abs(d) <= DEGENERATE_TOL) return Math.abs(v) <= DEGENERATE_TOL ? 1.0 : null;
  return v / d;
}

/** A store scored against a certified OPT: F, cost, feasibility and the package ratio. */
export interface StoreScore {
  /** F(X) in weight units. */
  value: number;
  /** Total cost of X in cost units. */
  cost: number;
  /**
   * Whether X satisfies eq. 1: every id known and not repeated, total cost <= B, at most k
   * candidates per experience.
   */
  feasible: boolean;
  /** Why X is infeasible (unknown ids, repeats, over budget, group cap). */
  reasons: string[];
  /** F(X)/OPT, or null when infeasible, uncertified or degenerate. */
  ratio: number | null;
  /**
   * The ratio's flag ({@linkcode Ratio}), or `infeasible` when X violates eq. 1 (then `ratio` is
   * null).
   */
  flag: Ratio["flag"] | "infeasible";
}

/**
 * Scores a store given by candidate ids against a certified OPT at the same
 * budget: checks feasibility (eq. 1) first, then the package ratio
 * (definition 1). An infeasible store gets no ratio.
 *
 * @param cp compiled package
 * @param storeIds candidate ids of the store X
 * @param opt an exact solver's certificate for `cp` at its own budget and `cp.k`
 * @returns value, cost, feasibility with reasons, ratio and flag
 * @throws {TypeError} if no exact solver made `opt`
 * @throws {RangeError} if `opt` is for another package or another k
 */
export function scoreStore(
  cp: CompiledPackage,
  storeIds: readonly string[],
  opt: Certificate,
): StoreScore {
  const use = { cp, budget: opt.budget, k: cp.k };
  requireCertificate(opt, use, "score a store against OPT");
  const feas = checkFeasible(cp, storeIds, opt.budget);
  const known = storeIds.filter((id) => cp.candIndex.has(id)).map((id) => cp.candIndex.get(id)!);
  const value = evaluateStore(cp, known);
  // An infeasible store gets no ratio (and its certificate is not checked against F).
  const ratio: Pick<StoreScore, "ratio" | "flag"> = feas.feasible
    ? ratioToOpt(value, opt, use)
    : { ratio: null, flag: "infeasible" };
  const reasons = feas.feasible ? [] : feas.reasons;
  return { value, cost: feas.cost, feasible: feas.feasible, reasons, ...ratio };
}
