/**
 * The certificate every exact solver returns (paper 000 §3; issue 18): what was proved (the store
 * and its F, a proven upper bound on OPT, the gap, the method and tolerance of the proof) and the
 * digest of the package it was proved for.
 *
 * @module
 */

/**
 * Outcome of an exact solve. `optimal`: the bound is proven and the gap is within the method's
 * tolerance. `unverified`: a solver's answer that nothing here proved (HiGHS' word with
 * `verify: false`, or an injected runtime); ratios and audits refuse it. `time_limit`: stopped,
 * with an incumbent and a bound. `no_certificate`: the solver could not certify.
 */
export type SolveStatus = "optimal" | "unverified" | "time_limit" | "no_certificate";

/**
 * How the bound was proved:
 * - `bnb`: exhaustive branch-and-bound (every store considered; stores within the tie tolerance of
 *   the best are not told apart);
 * - `brute`: every store enumerated;
 * - `milp+bnb`: HiGHS' store, its optimality re-proved by the exhaustive branch-and-bound
 *   (warm-started with HiGHS' F);
 * - `milp`: HiGHS' branch-and-cut at zero MIP gap on the power-of-two scaled model, its dual bound
 *   widened by the error HiGHS' tolerances can cause (see lib/solve/milp.ts);
 * - `frontier`: the package split into independent components (no shared unit or experience), each
 *   component's (cost, F) frontier enumerated exactly, and the multiple-choice knapsack over the
 *   frontiers solved by an exact state search with a Lagrangian bound; the bound is that search's,
 *   within the tie tolerance (see lib/solve/frontier.ts);
 * - `cap`: a proof by value (OPT at a smaller group cap already reaches the largest F the package
 *   allows);
 * - `total_weight`: a proof by value (the store's F reaches the largest F the package allows, Σ w_r
 *   max h_r, within the tie tolerance), whichever solver found the store;
 * - `trivial`: no weighted unit has coverage (OPT = 0);
 * - `none`: nothing was proved (unverified answers, failures).
 */
export type ProofMethod =
  | "bnb"
  | "brute"
  | "milp+bnb"
  | "milp"
  | "frontier"
  | "cap"
  | "total_weight"
  | "trivial"
  | "none";

/** Result of an exact solver: status block always present, numbers clearly optional. */
export interface Certificate {
  /** See {@linkcode SolveStatus}: only `optimal` (with a gap within tolerance) certifies OPT. */
  status: SolveStatus;
  /** The exact solver that made it: branch-and-bound, the HiGHS MILP or brute force. */
  solver: "bnb" | "milp" | "brute";
  /** How the bound was proved ({@linkcode ProofMethod}). */
  method: ProofMethod;
  /**
   * SHA-256 (hex) of the canonical JSON of the package the solver ran on (its frozen copy, so
   * the value cannot change after the solve; computed when first read); every use against
   * another compiled package compares it with that package's digest.
   */
  package: string;
  /** The budget B it was solved at, in cost units. */
  budget: number;
  /** The group cap k it was solved with (at most k candidates per experience). */
  k: number;
  /** F of the store, re-evaluated with the package objective (null if no store). */
  objective: number | null;
  /** Candidate ids (solver's order). */
  store: string[];
  /** Total cost of the store. */
  cost: number;
  /** Proven upper bound on OPT in weight units (null when none is known). */
  bound: number | null;
  /** (bound − objective) / bound (0 when bound is 0); null without both. */
  gap: number | null;
  /**
   * Relative tolerance of the proof, as a fraction of the bound: values closer than
   * tolerance x bound are not told apart by the method (the tie tolerance of the exact
   * search, 1e-12 of the package's value scale; for `milp`, the error HiGHS' tolerances can
   * cause). A certified gap is at most this, and a feasible store may exceed the objective
   * by at most (gap + tolerance) x bound: a larger F is an error, never a ratio.
   */
  tolerance: number;
  /** Search nodes (branch-and-bound, brute force) or HiGHS' node count; null when not known. */
  nodes: number | null;
  /** Wall time of the solve, in milliseconds (not deterministic). */
  timeMs: number;
  /** Why there is no certificate, solver status text, ... */
  message?: string;
}

/**
 * True when the certificate proves OPT: status `optimal`, a bound, and a gap within the
 * method's tolerance.
 *
 * @param c a certificate
 * @returns whether its objective is a certified OPT
 */
export function isCertified(c: Certificate): boolean {
  return c.status === "optimal" && c.objective !== null && c.bound !== null &&
    c.gap !== null && c.gap <= c.tolerance;
}

/**
 * A solver's result before it is issued (solvers return drafts; only the public entry points
 * issue them, once per call): the registry adds the package digest, and the method and tolerance
 * when the solver leaves them out (its solver's method; the exact search's tie tolerance).
 */
export type CertificateDraft =
  & Omit<Certificate, "package" | "method" | "tolerance">
  & { package?: string; method?: ProofMethod; tolerance?: number };
