/**
 * The proof step of a HiGHS "optimal" answer (paper 000 §3; DESIGN §3; issue 18 point 6; issue
 * 29 item 5), see lib/solve/milp.ts's module doc: the exhaustive branch-and-bound re-proves it
 * within a work cap (`milp+bnb`; a better store it finds becomes the answer, `bnb`), else HiGHS'
 * dual bound is widened by the most its tolerances can move it (`milp`).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import type { CertificateDraft } from "../certificate/result.ts";
import { restrictPackage } from "../package/restrict.ts";
import type { LpModel } from "./lp_text.ts";
import { searchBnb } from "./bnb.ts";
import { FEASIBILITY_TOL, type HighsAnswer } from "./highs.ts";

/** What {@linkcode proveOptimal} needs besides the model and HiGHS' answer. */
export interface ProofInput {
  /** F of the decoded store, re-evaluated. */
  f: number;
  /** Most F that coverage HiGHS dropped can be worth. */
  slack: number;
  /** Whether the runtime was injected (its word is not trusted without the exact search). */
  injected: boolean;
  /** Whether to prove at all (`verify: false` gives `unverified`). */
  verify: boolean;
  /** Milliseconds the exact search may take (Infinity: its work cap only). */
  verifyMs: number;
  /** The message's start (HiGHS' status and notes). */
  head: string;
  /** Milliseconds since the solve started. */
  ms: () => number;
}

/**
 * Most branch-and-bound work (nodes x candidates) the exact check of a MILP answer gets by
 * default: a cap on work, not time, so whether an answer is proved exactly does not depend on
 * the machine's speed. Packages of up to a few dozen experiences finish within it; larger ones
 * are proved by HiGHS' bound ({@linkcode milpBoundTolerance}).
 */
export const MILP_EXACT_WORK = 2e6;

/**
 * Most experiences (groups with covering candidates) for which the exact search re-proves a
 * MILP answer; above, it rarely finishes within its work cap and the proof is HiGHS' bound.
 */
export const MILP_EXACT_MAX_GROUPS = 40;

/**
 * Largest relative widening of HiGHS' bound ({@linkcode milpBoundTolerance}) for which its
 * answer is certified without the exact search.
 */
export const MILP_MAX_RTOL = 1e-6;

/**
 * The relative allowance for HiGHS' tolerances on the scaled model: its dual bound D, widened to
 * D (1 + delta), bounds OPT although HiGHS decides feasibility, integrality and dual feasibility
 * only up to {@linkcode FEASIBILITY_TOL} (1e-9) each. On the power-of-two scaled model (objective
 * coefficients c_j <= 1, each coverage row's largest value in [0.5, 1), so y_r has a coefficient
 * of at least 0.5 in its row) a y_r can exceed its coverage by at most 2 tol, an x_u within tol of
 * 0 or 1 adds at most tol to each row it is in, and a dual infeasibility of tol per column moves
 * the LP bound by at most tol per column of range 1:
 *
 *     delta = tol x (2 sum_j c_j + 2 nnz max_j c_j + columns) / F_scaled
 *
 * (nnz: coverage entries; F_scaled: the store's F in the model's units). A worst case, not an
 * estimate: on the bench packages (80-400 experiences) it is 1e-8 .. 4e-7.
 *
 * @param cp compiled package
 * @param lp the normalised model
 * @param f F of the store, in weight units
 * @returns delta (Infinity when F is 0)
 */
export function milpBoundTolerance(cp: CompiledPackage, lp: LpModel, f: number): number {
  let sumC = 0, maxC = 0, nnz = 0;
  for (const v of lp.unitVars) {
    const c = v.objective * lp.objectiveScale;
    sumC += c;
    if (c > maxC) maxC = c;
  }
  for (const r of cp.rowUnits) nnz += r.length;
  const cols = lp.xNames.length + lp.unitVars.length;
  const fScaled = f * lp.objectiveScale;
  if (!(fScaled > 0)) return Infinity;
  return FEASIBILITY_TOL * (2 * sumC + 2 * nnz * maxC + cols) / fScaled;
}

/** The proof step of a HiGHS "optimal" answer (see the module doc and lib/solve/milp.ts's). */
export function proveOptimal(
  cp: CompiledPackage,
  budget: number,
  k: number,
  lp: LpModel,
  answer: HighsAnswer,
  common: Omit<CertificateDraft, "status" | "bound" | "gap" | "timeMs">,
  p: ProofInput,
): CertificateDraft {
  // HiGHS' store with what the proof step found (status, method, bound, gap, tolerance).
  type Proof = Pick<CertificateDraft, "status" | "method" | "bound" | "gap" | "tolerance">;
  const outcome = (proof: Proof, message: string): CertificateDraft => ({
    ...common,
    ...proof,
    timeMs: p.ms(),
    message: `${p.head}${message}`,
  });
  const unverified = (why: string) =>
    outcome(
      { status: "unverified", method: "none", bound: null, gap: null },
      `; ${why}: not a certificate`,
    );
  if (!p.verify) return unverified("NOT verified (verify: false): HiGHS' word");
  // Candidates with an empty coverage row add cost and no value: OPT without them is OPT with
  // them (F is monotone and dropping a candidate keeps a store feasible), so the check searches
  // the package without them (a union package often has hundreds).
  const part = coveringPart(cp);
  const check = part.groups.length <= MILP_EXACT_MAX_GROUPS
    ? searchBnb(part, budget, {
      k,
      lowerBound: p.f,
      exploreTies: false,
      timeLimitMs: Number.isFinite(p.verifyMs) ? p.verifyMs : undefined,
      nodeLimit: Math.max(1000, Math.floor(MILP_EXACT_WORK / Math.max(1, part.candIds.length))),
    })
    : null;
  if (check !== null && check.status === "optimal") {
    if (check.objective! > p.f) {
      // The search proved a better store than HiGHS': that store is the answer, with the
      // search's bound and tie tolerance (never HiGHS' F as a bound below a store found).
      return {
        ...check,
        solver: "milp",
        method: "bnb",
        timeMs: p.ms(),
        message: `${p.head}, with F ${p.f}; branch-and-bound found and proved a store with F ` +
          `${check.objective} (an improvement hidden below HiGHS' tolerances)`,
      };
    }
    const bound = Math.max(p.f, check.bound ?? p.f);
    return outcome(
      { status: "optimal", method: "milp+bnb", bound, gap: 0 },
      "; verified by branch-and-bound",
    );
  }
  const why = check === null
    ? `the exact search is not run above ${MILP_EXACT_MAX_GROUPS} experiences`
    : `branch-and-bound could not verify it within its share (${check.message})`;
  if (p.injected) return unverified(`an injected HiGHS runtime's answer, and ${why}`);
  const delta = milpBoundTolerance(cp, lp, p.f);
  const bound = (Math.max(answer.dualBound, p.f) + p.slack) * (1 + delta);
  const gap = bound > 0 ? (bound - p.f) / bound : 0;
  if (!(delta <= MILP_MAX_RTOL)) {
    const finite = (x: number) => Number.isFinite(x) ? x : null;
    return outcome(
      { status: "no_certificate", method: "none", bound: finite(bound), gap: finite(gap) },
      `; ${why}, and HiGHS' tolerances allow ${delta} relative (more than ${MILP_MAX_RTOL}): ` +
        `not certified`,
    );
  }
  return outcome(
    { status: "optimal", method: "milp", bound, gap, tolerance: gap },
    `; bound = HiGHS' dual bound x (1 + ${delta}) for its tolerances`,
  );
}

const coveringParts = new WeakMap<CompiledPackage, CompiledPackage>();

/**
 * The package without its candidates whose coverage row is empty (the same object when there are
 * none, or when no candidate covers anything), cached per package: the same OPT value, a smaller
 * search for the MILP's verification. Internal (not in mod.ts).
 */
export function coveringPart(cp: CompiledPackage): CompiledPackage {
  let part = coveringParts.get(cp);
  if (part === undefined) {
    // Unchanged when every candidate covers something, or none does (OPT = 0 either way).
    part = cp.rowUnits.every((r) => r.length > 0) || cp.rowUnits.every((r) => r.length === 0)
      ? cp
      : restrictPackage(cp, (c) => cp.rowUnits[c].length > 0);
    coveringParts.set(cp, part);
  }
  return part;
}
