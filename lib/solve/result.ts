/**
 * The certificate every exact solver returns.
 *
 * @module
 */

/** Outcome of an exact solve. Only `optimal` is a certified OPT (zero gap). */
export type SolveStatus = "optimal" | "time_limit" | "no_certificate";

/** Result of an exact solver: status block always present, numbers clearly optional. */
export interface Certificate {
  /** Only "optimal" is a certified OPT (zero gap). */
  status: SolveStatus;
  /** The exact solver that made it: branch-and-bound, the HiGHS MILP or brute force. */
  solver: "bnb" | "milp" | "brute";
  /** The budget B it was solved at, in cost units. */
  budget: number;
  /** The group cap k it was solved with (at most k candidates per experience). */
  k: number;
  /** F of the decoded store, re-evaluated in TypeScript (null if no store). */
  objective: number | null;
  /** Candidate ids (solver's order). */
  store: string[];
  /** Total cost of the store. */
  cost: number;
  /** Proven upper bound on OPT (= objective when optimal). */
  bound: number | null;
  /** (bound − objective) / bound (0 when bound is 0); 0 when optimal. */
  gap: number | null;
  /** Search nodes (branch-and-bound, brute force) or HiGHS' node count; null when not known. */
  nodes: number | null;
  /** Wall time of the solve, in milliseconds (not deterministic). */
  timeMs: number;
  /** Why there is no certificate, solver status text, ... */
  message?: string;
}

/** True when the certificate proves OPT: status `optimal` and gap 0. */
export function isCertified(c: Certificate): boolean {
  return c.status === "optimal" && c.gap === 0;
}
