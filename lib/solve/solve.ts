/**
 * One entry point for exact optima: `solve()` picks or combines the exact solvers and always
 * returns a {@linkcode Certificate} (paper 000 §3).
 *
 * `auto` runs branch-and-bound first, within a work cap ({@linkcode AUTO_BNB_WORK} or `bnbWork`)
 * and, only when asked, `bnbTimeMs`, then the MILP. Without a time limit the hand-over (and so
 * which of several tied optimal stores is returned) is the same on every machine. The solvers
 * return drafts; the call issues one certificate, with the best store any of its solvers found
 * (lib/certificate/issue.ts). Above {@linkcode AUTO_BNB_MAX_GROUPS} experiences the MILP path runs
 * first, and its exact decomposition (lib/solve/frontier.ts) first of all: also where a
 * time-limited solve does not call HiGHS.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { searchBnb } from "./bnb.ts";
import { enumerateBrute } from "./brute.ts";
import { coveringPart } from "./milp_proof.ts";
import { MILP_TIMED_MAX_CANDIDATES, milpDraft, runMilpSync } from "./milp.ts";
import { cachedRuntime } from "./highs.ts";
import { frontierDraft } from "./frontier.ts";
import type { Certificate, CertificateDraft } from "../certificate/result.ts";
import { checkSolveArgs, closeGap, issueAnswer } from "../certificate/issue.ts";

/**
 * Above this many experiences (groups with covering candidates), `auto` runs the MILP first:
 * the exact search rarely finishes there (bench/README.md), and its time would only delay the
 * MILP's certificate.
 */
export const AUTO_BNB_MAX_GROUPS = 40;

/**
 * Branch-and-bound work (`workLimit`: nodes plus the knapsack bound's option evaluations) `auto`
 * spends before it hands over to the MILP: a cap on work, not time, so the hand-over is the same
 * on every machine (issue 29 item 4). Measured on notebook 05's k = 2 packages at 0.1-0.4 µs per
 * unit on a loaded 2-core machine: 0.1-0.4 s. conv-48_q36 (7 experiences, B = 100) needed 114 M
 * nodes (25 s) in branch-and-bound alone and 0.1-0.2 s in HiGHS.
 */
export const AUTO_BNB_WORK = 1_000_000;

/** Options of {@linkcode solve}. */
export interface SolveOptions {
  /**
   * `auto` (default): branch-and-bound (ties not explored: the OPT value is certified, the store is
   * one optimal store) within `bnbWork` and `bnbTimeMs`, then the MILP certificate for whatever is
   * left of the time limit; `bnb`, `milp`, `brute`: that solver only.
   */
  solver?: "auto" | "bnb" | "milp" | "brute";
  /** Group cap k (default: the package's). */
  k?: number;
  /** Overall time limit in milliseconds (default: none). */
  timeLimitMs?: number;
  /**
   * Branch-and-bound share of `auto` in milliseconds (default: none without `timeLimitMs`, where
   * only the work cap hands over; 1,000 with it). A wall-clock share makes the hand-over, and so
   * which tied optimal store comes back, depend on the machine's speed; the OPT does not.
   */
  bnbTimeMs?: number;
  /**
   * Branch-and-bound work cap of `auto`: nodes plus bound evaluations (default
   * {@linkcode AUTO_BNB_WORK}).
   */
  bnbWork?: number;
}

/** A solve's answer and the other drafts its solvers made (their stores count too). */
type Run = { answer: CertificateDraft; found: CertificateDraft[] };

/**
 * Certifies OPT_P(B).
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts solver choice, k, time limits
 * @returns a certificate; only status `optimal` with a gap within its tolerance is a certified
 *   OPT. A time limit gives `time_limit` with a bound and a gap, a solver failure
 *   `no_certificate`; neither is ever labelled optimal
 * @throws {RangeError} for a budget that is not a positive finite number, a k
 *   that is not an integer >= 1, or a negative or non-finite time limit
 */
export async function solve(
  cp: CompiledPackage,
  budget: number,
  opts: SolveOptions = {},
): Promise<Certificate> {
  const k = checkOptions(cp, budget, opts);
  const { answer, found } = await solveAuto(cp, budget, k, opts);
  return issueAnswer(cp, answer, found);
}

/**
 * Synchronous `auto` solve without a time limit: above {@linkcode AUTO_BNB_MAX_GROUPS} experiences
 * the MILP path's exact decomposition first (lib/solve/frontier.ts), then branch-and-bound within
 * {@linkcode AUTO_BNB_WORK}, then the MILP when HiGHS is loaded (`await loadMilpSolver()` once
 * first), then, if neither certified, the exhaustive search to the end. Without a loaded HiGHS it
 * is the exhaustive search alone.
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts.k group cap (default: the package's)
 * @param opts.exploreTies explore ties in the branch-and-bound phase (default false; true applies
 *   the artifact's tie rule to the store whenever the search finishes within its work cap, as
 *   `solveBnb()`)
 * @returns the certificate, as {@linkcode solve}
 * @throws {RangeError} for a budget that is not a positive finite number or a bad k
 */
export function solveSync(
  cp: CompiledPackage,
  budget: number,
  opts: { k?: number; exploreTies?: boolean } = {},
): Certificate {
  const k = opts.k ?? cp.k;
  checkSolveArgs("solveSync()", budget, k);
  const exploreTies = opts.exploreTies ?? false;
  if (cachedRuntime().runtime === null) {
    return issueAnswer(cp, searchBnb(cp, budget, { k, exploreTies }));
  }
  const t0 = performance.now();
  const fr = cp.groups.length > AUTO_BNB_MAX_GROUPS ? frontierDraft(cp, budget, k, t0) : null;
  if (fr !== null && "draft" in fr) return issueAnswer(cp, fr.draft);
  const bnb = closeGap(cp, searchBnb(cp, budget, { k, exploreTies, workLimit: AUTO_BNB_WORK }));
  if (bnb.status === "optimal") return issueAnswer(cp, bnb);
  const milp = runMilpSync(cp, budget, { k, frontiers: fr === null });
  if (milp.status === "optimal") return issueAnswer(cp, took(milp, t0), [bnb]);
  const full = searchBnb(cp, budget, { k, exploreTies, lowerBound: bnb.objective ?? undefined });
  return issueAnswer(cp, took(full, t0), [bnb, milp]);
}

function took(d: CertificateDraft, t0: number): CertificateDraft {
  return { ...d, timeMs: performance.now() - t0 };
}

/** Checks the arguments of {@linkcode solve}; returns k. */
function checkOptions(cp: CompiledPackage, budget: number, opts: SolveOptions): number {
  const k = opts.k ?? cp.k;
  checkSolveArgs("solve()", budget, k);
  const limits = [
    ["timeLimitMs", opts.timeLimitMs],
    ["bnbTimeMs", opts.bnbTimeMs],
    ["bnbWork", opts.bnbWork],
  ] as const;
  for (const [name, v] of limits) {
    if (v !== undefined && !(v >= 0 && Number.isFinite(v))) {
      throw new RangeError(`Cannot solve: ${name} must be finite and >= 0, got ${v}`);
    }
  }
  return k;
}

async function solveAuto(
  cp: CompiledPackage,
  budget: number,
  k: number,
  opts: SolveOptions,
): Promise<Run> {
  const limit = opts.timeLimitMs, only = opts.solver ?? "auto";
  if (only === "bnb") {
    const answer = searchBnb(cp, budget, { k, timeLimitMs: limit, exploreTies: false });
    return { answer, found: [] };
  }
  if (only === "brute") return { answer: enumerateBrute(cp, budget, { k }), found: [] };
  if (only === "milp") {
    return { answer: await milpDraft(cp, budget, { k, timeLimitSec: seconds(limit) }), found: [] };
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
    const milp = await milpDraft(cp, budget, { k, timeLimitSec: seconds(left()) });
    if (closeGap(cp, milp).status === "optimal" || left() === 0) {
      return { answer: took(milp, t0), found: [] };
    }
    const bnb = searchBnb(cp, budget, { k, timeLimitMs: left(), exploreTies: false });
    return closeGap(cp, bnb).status === "optimal"
      ? { answer: took(bnb, t0), found: [milp] }
      : { answer: neitherCertified(bnb, milp, elapsed()), found: [bnb, milp] };
  }
  if (!milpRuns && cp.groups.length > AUTO_BNB_MAX_GROUPS) {
    // HiGHS is not called here (too many candidates for a time-limited solve); the MILP path's
    // decomposition, which needs no HiGHS, still may certify.
    const fr = frontierDraft(cp, budget, k, t0, t0 + limit!);
    if ("draft" in fr) return { answer: fr.draft, found: [] };
  }
  // Without a time limit only a given bnbTimeMs caps B&B by the clock; with one, 1 s at most.
  const share = limit === undefined ? opts.bnbTimeMs : Math.min(opts.bnbTimeMs ?? 1000, limit);
  const first = milpRuns ? share : left();
  const workLimit = milpRuns ? opts.bnbWork ?? AUTO_BNB_WORK : undefined;
  const search = searchBnb(cp, budget, { k, timeLimitMs: first, workLimit, exploreTies: false });
  const bnb = closeGap(cp, search);
  if (bnb.status === "optimal") return { answer: bnb, found: [] };
  if (left() === 0 || !milpRuns) return { answer: took(bnb, t0), found: [] };
  const milp = await milpDraft(cp, budget, { k, timeLimitSec: seconds(left()) });
  if (closeGap(cp, milp).status === "optimal") return { answer: took(milp, t0), found: [bnb] };
  return { answer: neitherCertified(bnb, milp, elapsed()), found: [bnb, milp] };
}

function seconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : ms / 1000;
}

/** Neither solver certified: the better incumbent with the tighter bound, never as optimal. */
function neitherCertified(
  bnb: CertificateDraft,
  milp: CertificateDraft,
  timeMs: number,
): CertificateDraft {
  const best = (milp.objective ?? -Infinity) > (bnb.objective ?? -Infinity) ? milp : bnb;
  const bound = Math.min(bnb.bound ?? Infinity, milp.bound ?? Infinity);
  const finite = Number.isFinite(bound), objective = best.objective;
  const why = (d: CertificateDraft) => d.message ?? d.status;
  return {
    ...best,
    status: "time_limit",
    method: "none",
    bound: finite ? bound : null,
    gap: objective === null || !finite ? null : bound > 0 ? (bound - objective) / bound : 0,
    timeMs,
    message: `no certificate within the time limit (bnb: ${why(bnb)}; milp: ${why(milp)})`,
  };
}
