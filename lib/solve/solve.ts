/**
 * One entry point for exact optima: `solve()` picks or combines the exact
 * solvers and always returns a {@linkcode Certificate} (paper 000 §3).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { solveBnb } from "./bnb.ts";
import { solveBrute } from "./brute.ts";
import { coveringPart, MILP_TIMED_MAX_CANDIDATES, solveMilp } from "./milp.ts";
import type { Certificate } from "../certificate/result.ts";
import { checkSolveArgs } from "./_validate.ts";
import { type CertificateDraft, issueCertificate } from "../certificate/registry.ts";

/**
 * Above this many experiences (groups with covering candidates), `auto` runs the MILP first:
 * the exact search rarely finishes there (bench/README.md), and its time would only delay the
 * MILP's certificate.
 */
export const AUTO_BNB_MAX_GROUPS = 40;

/** Options of {@linkcode solve}. */
export interface SolveOptions {
  /**
   * `auto` (default): branch-and-bound (ties not explored: the OPT value is
   * certified, the store is one optimal store) for up to `bnbTimeMs`, then the MILP
   * certificate for whatever is left of the time limit; `bnb`, `milp`,
   * `brute`: that solver only.
   */
  solver?: "auto" | "bnb" | "milp" | "brute";
  /** Group cap k (default: the package's). */
  k?: number;
  /** Overall time limit in milliseconds (default: none). */
  timeLimitMs?: number;
  /** Branch-and-bound share of `auto` in milliseconds (default 1,000). */
  bnbTimeMs?: number;
}

/**
 * Certifies OPT_P(B).
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts solver choice, k, time limits
 * @returns a certificate; only status `optimal` with gap 0 is a certified OPT.
 *   A time limit gives `time_limit` with a bound and a gap, a solver failure
 *   `no_certificate`; neither is ever labelled optimal
 * @throws {RangeError} for a budget that is not a positive finite number, a k
 *   that is not an integer >= 1, or a negative or non-finite time limit
 */
export async function solve(
  cp: CompiledPackage,
  budget: number,
  opts: SolveOptions = {},
): Promise<Certificate> {
  return issueCertificate(cp, await solveAuto(cp, budget, opts));
}

async function solveAuto(
  cp: CompiledPackage,
  budget: number,
  opts: SolveOptions = {},
): Promise<CertificateDraft> {
  if (!(budget > 0) || !Number.isFinite(budget)) {
    throw new RangeError(`Cannot solve: budget must be a positive finite number, got ${budget}`);
  }
  const k = opts.k ?? cp.k;
  checkSolveArgs("solve()", budget, k);
  const limit = opts.timeLimitMs;
  for (const [name, v] of [["timeLimitMs", limit], ["bnbTimeMs", opts.bnbTimeMs]] as const) {
    if (v !== undefined && !(v >= 0 && Number.isFinite(v))) {
      throw new RangeError(`Cannot solve: ${name} must be finite and >= 0, got ${v}`);
    }
  }
  switch (opts.solver ?? "auto") {
    case "bnb":
      return solveBnb(cp, budget, { k, timeLimitMs: limit, exploreTies: false });
    case "brute":
      return solveBrute(cp, budget, { k });
    case "milp":
      return await solveMilp(cp, budget, {
        k,
        timeLimitSec: limit === undefined ? undefined : limit / 1000,
      });
  }
  const t0 = performance.now();
  // Auto searches the package without the candidates that cover nothing (the same OPT: they
  // add cost and no value); a union package often holds hundreds. Only which of several tied
  // optimal stores is returned can differ from a search of the whole package.
  cp = coveringPart(cp);
  const elapsed = () => performance.now() - t0;
  const left = () => limit === undefined ? undefined : Math.max(0, limit - elapsed());
  // Where a time-limited MILP is not run (too many candidates), B&B gets the whole limit.
  const milpRuns = limit === undefined || cp.candIds.length <= MILP_TIMED_MAX_CANDIDATES;
  if (milpRuns && cp.groups.length > AUTO_BNB_MAX_GROUPS) {
    // Large: the MILP and its proof step first; the exact search only if it did not certify.
    const milp = await solveMilp(cp, budget, { k, timeLimitSec: seconds(left()) });
    if (milp.status === "optimal" || left() === 0) return { ...milp, timeMs: elapsed() };
    const bnb = solveBnb(cp, budget, { k, timeLimitMs: left(), exploreTies: false });
    return bnb.status === "optimal"
      ? { ...bnb, timeMs: elapsed() }
      : neitherCertified(bnb, milp, elapsed());
  }
  const first = milpRuns ? Math.min(opts.bnbTimeMs ?? 1000, limit ?? Infinity) : limit;
  const bnb = solveBnb(cp, budget, { k, timeLimitMs: first, exploreTies: false });
  if (bnb.status === "optimal") return bnb;
  if (left() === 0 || !milpRuns) return { ...bnb, timeMs: elapsed() };
  const milp = await solveMilp(cp, budget, { k, timeLimitSec: seconds(left()) });
  if (milp.status === "optimal") return { ...milp, timeMs: elapsed() };
  return neitherCertified(bnb, milp, elapsed());
}

function seconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : ms / 1000;
}

/** Neither solver certified: the better incumbent with the tighter bound, never as optimal. */
function neitherCertified(bnb: Certificate, milp: Certificate, timeMs: number): CertificateDraft {
  const best = (milp.objective ?? -Infinity) > (bnb.objective ?? -Infinity) ? milp : bnb;
  const bound = Math.min(bnb.bound ?? Infinity, milp.bound ?? Infinity);
  const objective = best.objective;
  return {
    ...best,
    status: "time_limit",
    method: "none",
    bound: Number.isFinite(bound) ? bound : null,
    gap: objective === null || !Number.isFinite(bound)
      ? null
      : bound > 0
      ? (bound - objective) / bound
      : 0,
    timeMs,
    message: `no certificate within the time limit (bnb: ${bnb.message ?? bnb.status}; milp: ${
      milp.message ?? milp.status
    })`,
  };
}
