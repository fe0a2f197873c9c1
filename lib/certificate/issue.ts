/**
 * Certificates that cannot be laundered (DESIGN §3; issue 10 finding 4).
 *
 * A number labelled OPT must come from an exact solver that ran on the same package, at the same
 * budget B and group cap k. The registry (lib/certificate/registry.ts, a `WeakMap`, so nothing
 * leaks) keeps the certificates the exact solvers made, each with the compiled package it was made
 * for. Every scorer that divides by OPT (ratios, audits, union scores, natural scores) calls
 * {@linkcode requireCertificate}, which refuses an object no solver made (a literal, a copy, a
 * value that crossed a worker or a JSON file), a certificate of another package (by the SHA-256 of
 * its canonical JSON), budget or k, and a compiled package changed after `compilePackage()` (its
 * typed arrays are writable; compiling keeps private copies to compare). A feasible store whose F
 * exceeds the certificate's proven bound by more than its tolerance is an error
 * ({@linkcode requireWithinBound}, a `ClaimError`; the CLI exits 1): a ratio above 1 is never "ok".
 *
 * Issued certificates are frozen. The solvers (lib/solve/) return drafts; only the public entry
 * points (`solve()`, `solveSync()`, `solveBnb()`, `solveMilp()`, `solveMilpSync()`, `solveBrute()`)
 * issue, once per call, through {@linkcode issueAnswer}. This module adds the checks' public entry
 * points and {@linkcode raiseCap}.
 *
 * @example Scoring against a certified OPT
 * ```ts
 * import assert from "node:assert/strict";
 * import { requireCertificate } from "./issue.ts";
 * import { solve } from "../solve/solve.ts";
 * import { compilePackage } from "../package/compile.ts";
 * import { readPackageJson } from "../package/json_io.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const opt = await solve(cp, 8);
 * assert.equal(requireCertificate(opt, { cp, budget: 8 }, "score").objective, 3);
 * assert.throws(() => requireCertificate({ ...opt }, { cp, budget: 8 }, "score"), TypeError);
 * ```
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { saturate, valueTol } from "../objective.ts";
import { type Certificate, type CertificateDraft, isCertified } from "./result.ts";
import { issueCertificate, requireCertificate } from "./registry.ts";

export {
  type CertificateUse,
  ClaimError,
  isIssued,
  issuedFor,
  requireCertificate,
  requireWithinBound,
} from "./registry.ts";

/**
 * A certificate at a larger group cap from a certified one at a smaller cap that already reaches
 * the largest value F can take on the package ({@linkcode largestF}). Its store holds at most the
 * smaller cap per group, so it is feasible under the larger cap, and no store can exceed that
 * value: it is OPT under the larger cap too. This is a proof, not a search; any other case returns
 * null.
 *
 * @param cp the compiled package (the certificate must belong to it)
 * @param cert an issued, certified certificate of `cp` at a cap below `k`
 * @param k the larger group cap
 * @returns the issued certificate at cap `k`, or null when the proof does not apply
 * @throws {TypeError} if no exact solver made `cert`
 * @throws {RangeError} if `cert` belongs to another package
 */
export function raiseCap(cp: CompiledPackage, cert: Certificate, k: number): Certificate | null {
  requireCertificate(cert, { cp, budget: cert.budget, k: cert.k }, "raise the group cap");
  if (!(cert.k < k) || !isCertified(cert) || cert.objective === null) return null;
  const maxF = largestF(cp);
  if (!(cert.objective >= maxF - 1e-12 * Math.abs(maxF))) return null;
  const gap = maxF > 0 ? Math.max(0, (maxF - cert.objective) / maxF) : 0;
  return issueCertificate(cp, {
    ...cert,
    method: "cap",
    k,
    store: [...cert.store],
    bound: Math.max(maxF, cert.objective),
    gap,
    tolerance: Math.max(cert.tolerance, gap),
    nodes: 0,
    timeMs: 0,
    message:
      `OPT under k = ${cert.k} already reaches the largest possible F (Σ w = ${maxF}): OPT under k = ${k} too`,
  });
}

/**
 * The one budget rule of every exact solver: B (in cost units) is a positive finite number
 * (DESIGN §2, "budget B > 0"; a package's `budgets` are refused at 0 the same way). `solver` names
 * the solver in the message.
 *
 * @throws {RangeError} for a budget that is not a positive finite number
 */
export function checkBudget(solver: string, budget: number): void {
  if (!(budget > 0) || !Number.isFinite(budget)) {
    throw new RangeError(
      `Cannot solve with ${solver}: budget must be a positive finite number (B > 0), got ${budget}`,
    );
  }
}

/**
 * The argument checks of every exact solver: B as {@linkcode checkBudget}, and the group cap k an
 * integer at least 1. Bad arguments are programming errors (RangeError), never a certificate.
 *
 * @throws {RangeError} naming the bad argument
 */
export function checkSolveArgs(solver: string, budget: number, k: number): void {
  checkBudget(solver, budget);
  if (!Number.isInteger(k) || k < 1) {
    throw new RangeError(`Cannot solve with ${solver}: k must be an integer >= 1, got ${k}`);
  }
}

const largest = new WeakMap<CompiledPackage, number>();

/**
 * The largest value F can take on the package, in weight units (cached per package):
 * Σ_r w_r max_z h_r(z) (w_r for the default h = min(1, z); the sum of a piecewise h's pieces
 * otherwise). No store exceeds it.
 */
export function largestF(cp: CompiledPackage): number {
  let v = largest.get(cp);
  if (v === undefined) {
    v = 0;
    for (let r = 0; r < cp.weights.length; r++) {
      v += cp.weights[r] * saturate(cp.segments[r], Infinity);
    }
    largest.set(cp, v);
  }
  return v;
}

/**
 * A draft whose proven bound already meets its F within the tie tolerance (`valueTol`) read as
 * `optimal` (issue 29 item 1), with the method saying how: `total_weight` when F reaches
 * {@linkcode largestF} (a proof by value, whichever solver found the store), `bnb` when the
 * stopped search's own bound meets F. Other drafts are returned unchanged (HiGHS' time-limited
 * bound is judged in lib/solve/milp.ts, where its tolerances are known; `unverified` stays).
 *
 * @param cp the compiled package the draft was solved on
 * @param d a solver's draft
 * @returns the draft, or an optimal one
 */
export function closeGap(cp: CompiledPackage, d: CertificateDraft): CertificateDraft {
  if (d.status !== "time_limit" && d.status !== "no_certificate") return d;
  if (d.objective === null) return d;
  const tol = valueTol(cp), top = largestF(cp), f = d.objective;
  if (f >= top - tol) {
    const bound = Math.max(top, f);
    return {
      ...d,
      status: "optimal",
      method: "total_weight",
      bound,
      gap: bound > 0 ? (bound - f) / bound : 0,
      tolerance: bound > 0 ? tol / bound : 0,
      message: `F = ${f} reaches the largest F the package allows (Σ w_r max h_r = ${top}): ` +
        `optimal` + (d.message === undefined ? "" : ` (${d.message})`),
    };
  }
  if (d.solver === "bnb" && d.status === "time_limit" && d.bound !== null && d.bound - f <= tol) {
    return {
      ...d,
      status: "optimal",
      method: "bnb",
      bound: Math.max(d.bound, f),
      gap: d.bound > 0 ? Math.max(0, (d.bound - f) / d.bound) : 0,
      message: `the search's bound ${d.bound} meets F within the tie tolerance: optimal` +
        (d.message === undefined ? "" : ` (stopped: ${d.message})`),
    };
  }
  return d;
}

/**
 * The answer of one solve with the best store any solver of the call found (issue 29 item 5):
 * a better store than the answer's replaces it while the answer's proof still covers it (F at
 * most bound x (1 + tolerance); the bound is raised to that F); a store above that contradicts
 * the proof, and the answer is `no_certificate` with that store.
 *
 * @param cp the compiled package
 * @param answer the draft that would be issued
 * @param found the other drafts of the same call (same budget and k)
 * @returns the draft to issue
 */
export function keepBest(
  cp: CompiledPackage,
  answer: CertificateDraft,
  found: readonly CertificateDraft[],
): CertificateDraft {
  let best: CertificateDraft = answer;
  for (const d of found) {
    if (d.objective !== null && d.objective > (best.objective ?? -Infinity)) best = d;
  }
  if (best === answer) return answer;
  const f = best.objective!, bound = answer.bound;
  const store = { objective: f, store: [...best.store], cost: best.cost };
  if (bound === null || answer.status !== "optimal") {
    const b = bound === null ? null : Math.max(bound, f);
    return { ...answer, ...store, bound: b, gap: b === null ? null : b > 0 ? (b - f) / b : 0 };
  }
  const tol = answer.tolerance ?? (bound > 0 ? valueTol(cp) / bound : 0);
  if (f <= bound + tol * Math.abs(bound)) {
    const b = Math.max(bound, f);
    return { ...answer, ...store, bound: b, gap: b > 0 ? (b - f) / b : 0 };
  }
  return {
    ...answer,
    ...store,
    status: "no_certificate",
    method: "none",
    bound: null,
    gap: null,
    message:
      `the ${best.solver} search found F = ${f}, above the ${answer.method ?? answer.solver} ` +
      `bound ${bound} (tolerance ${tol}): not certified`,
  };
}

/**
 * Issues the answer of one public solver call, once: the budget rule, the best store of the
 * call ({@linkcode keepBest}), a closed gap read as optimal ({@linkcode closeGap}), then the
 * registry (frozen, with the package digest).
 *
 * @param cp the compiled package solved
 * @param answer the solver's draft
 * @param found other drafts of the same call
 * @returns the issued certificate
 * @throws {RangeError} for a budget that is not positive and finite
 * @throws {TypeError} if `cp` was modified after compilePackage()
 */
export function issueAnswer(
  cp: CompiledPackage,
  answer: CertificateDraft,
  found: readonly CertificateDraft[] = [],
): Certificate {
  checkBudget(`${answer.solver}`, answer.budget);
  return issueCertificate(cp, closeGap(cp, keepBest(cp, answer, found)));
}
