/**
 * The exact-solver certification audit (paper 000 Table 1; ARTIFACT-SPEC §5.3): the same packages
 * and budgets solved by branch-and-bound and by the MILP, objectives compared.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { solveBnb } from "./bnb.ts";
import { loadMilpSolver } from "./highs.ts";
import { solveMilpSync } from "./milp.ts";

/** One audited (package, budget). */
export interface AuditRow {
  /** Package name as given. */
  package: string;
  /** Budget B in cost units. */
  budget: number;
  /** Branch-and-bound objective (null without a store). */
  bnb: number | null;
  /** MILP objective (null without a certificate). */
  milp: number | null;
  /** Branch-and-bound certificate status. */
  bnbStatus: string;
  /** MILP certificate status. */
  milpStatus: string;
  /** |B&B − MILP|, or null when either has no certificate. */
  diff: number | null;
  /** Both certified and |diff| <= `tolerance`. */
  match: boolean;
  /** Branch-and-bound wall time in ms. */
  bnbMs: number;
  /** MILP wall time in ms (its verification included). */
  milpMs: number;
}

/**
 * Solves every (package, budget) with both exact solvers.
 *
 * @param packages named compiled packages
 * @param budgets budgets B, or a function giving a package's budgets
 * @param opts.tolerance objective tolerance for a match (default 1e-8, the artifact's)
 * @returns one row per (package, budget), in input order
 */
export async function auditSolvers(
  packages: readonly { name: string; cp: CompiledPackage }[],
  budgets: readonly number[] | ((cp: CompiledPackage) => readonly number[]),
  opts: { tolerance?: number } = {},
): Promise<AuditRow[]> {
  const tol = opts.tolerance ?? 1e-8;
  await loadMilpSolver();
  const rows: AuditRow[] = [];
  for (const { name, cp } of packages) {
    for (const B of typeof budgets === "function" ? budgets(cp) : budgets) {
      const b = solveBnb(cp, B), m = solveMilpSync(cp, B);
      const both = b.status === "optimal" && m.status === "optimal";
      const diff = both ? Math.abs(b.objective! - m.objective!) : null;
      rows.push({
        package: name,
        budget: B,
        bnb: b.objective,
        milp: m.objective,
        bnbStatus: b.status,
        milpStatus: m.status,
        diff,
        match: diff !== null && diff <= tol,
        bnbMs: b.timeMs,
        milpMs: m.timeMs,
      });
    }
  }
  return rows;
}

/** Summarizes audit rows as paper Table 1 (rows, matches, max diff) plus total solver times. */
export function summarizeAudit(rows: readonly AuditRow[]): {
  /** Audited (package, budget) rows. */
  rows: number;
  /** Rows where both certified and agree within the tolerance. */
  matches: number;
  /** Largest |B&B − MILP| (Infinity if a row had no certificate). */
  maxDiff: number;
  /** Total branch-and-bound time in ms. */
  bnbMs: number;
  /** Total MILP time in ms. */
  milpMs: number;
} {
  return {
    rows: rows.length,
    matches: rows.filter((r) => r.match).length,
    maxDiff: rows.reduce((m, r) => Math.max(m, r.diff ?? Infinity), 0),
    bnbMs: rows.reduce((s, r) => s + r.bnbMs, 0),
    milpMs: rows.reduce((s, r) => s + r.milpMs, 0),
  };
}
