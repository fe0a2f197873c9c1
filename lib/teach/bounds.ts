/**
 * Inside branch-and-bound: the two pruning bounds at the root, and the nodes each bound lets
 * the search explore against the stores brute force enumerates (paper 000 §3; ARTIFACT-SPEC
 * §5.1 and its note 3: the paper describes "an optimistic fractional bound over current
 * marginal gains", the artifact's code uses the budget-blind suffix bound).
 *
 * @module
 */
import { loadMilpSolver, OPTIMAL, runHighsLp } from "../solve/highs.ts";
import type { CompiledPackage } from "../package/compile.ts";
import { fitsAlone, singletonValues, valueOf } from "../objective.ts";
import { solveBnb } from "../solve/bnb.ts";
import { solveBrute } from "../solve/brute.ts";

/**
 * The artifact's suffix bound at the root (k = 1): F(S_0) with S_0[r] = Σ over groups of the
 * largest a_ur among the group's candidates. It does not depend on B.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compilePackage, readPackageJson } from "../../mod.ts";
 * import { rootSuffixBound } from "./bounds.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * assert.equal(rootSuffixBound(cp), 3.5); // every weighted unit reachable: Σ w_r
 * ```
 *
 * @param cp compiled package
 * @returns the bound, in weight units
 */
export function rootSuffixBound(cp: CompiledPackage): number {
  const s = new Float64Array(cp.unitIds.length);
  for (const g of cp.groups) {
    const top = new Map<number, number>();
    for (const c of g) {
      cp.rowUnits[c].forEach((r, t) => top.set(r, Math.max(top.get(r) ?? 0, cp.rowVals[c][t])));
    }
    for (const [r, a] of top) s[r] += a;
  }
  return valueOf(cp, s);
}

/**
 * The fractional (LP) multiple-choice knapsack bound at the root, solved by HiGHS as an LP:
 * max Σ_u F({u}) x_u subject to Σ_u c_u x_u <= B, Σ_{u∈G_i} x_u <= 1, 0 <= x_u <= 1, over the
 * candidates that fit alone. By submodularity F(X) <= Σ_{u∈X} F({u}), so it bounds OPT_P(B);
 * branch-and-bound's `knapsack` bound is the smaller of it and the suffix bound.
 *
 * @param cp compiled package (k = 1)
 * @param budget B in cost units
 * @returns min(suffix bound, LP value), in weight units
 * @throws {Error} if HiGHS does not report the LP optimal
 */
export async function rootKnapsackBound(cp: CompiledPackage, budget: number): Promise<number> {
  const f = singletonValues(cp);
  const used = [...cp.candIds.keys()].filter((c) => f[c] > 0 && fitsAlone(cp.cost[c], budget));
  if (used.length === 0) return 0;
  const obj = used.map((c) => `+ ${f[c]} x${c}`).join(" ");
  const groups = cp.groups.map((g, i) => {
    const xs = [...g].filter((c) => used.includes(c)).map((c) => `+ x${c}`);
    return xs.length > 1 ? ` g${i}: ${xs.join(" ")} <= 1` : "";
  }).filter((l) => l !== "");
  const text = [
    "Maximize",
    ` F: ${obj}`,
    "Subject To",
    ` budget: ${used.map((c) => `+ ${cp.cost[c]} x${c}`).join(" ")} <= ${budget}`,
    ...groups,
    "Bounds",
    ...used.map((c) => ` 0 <= x${c} <= 1`),
    "End",
  ].join("\n");
  const answer = runHighsLp(await loadMilpSolver(), text, { precise: false });
  if (answer.status !== OPTIMAL) {
    throw new Error(`Cannot compute the knapsack bound: HiGHS status ${answer.status}`);
  }
  return Math.min(rootSuffixBound(cp), answer.objective);
}

/** Nodes explored at one budget by each bound, and the stores brute force enumerates. */
export interface BoundRow {
  /** Budget B, in cost units. */
  B: number;
  /** Certified OPT_P(B), in weight units. */
  OPT: number;
  /** Feasible stores brute force enumerates (its leaves). */
  brute: number;
  /** Branch-and-bound nodes with the artifact's suffix bound. */
  suffixNodes: number;
  /** Branch-and-bound nodes with the knapsack bound. */
  knapsackNodes: number;
  /** The suffix bound at the root (budget-blind), in weight units. */
  rootSuffix: number;
  /** The knapsack bound at the root, in weight units. */
  rootKnapsack: number;
}

/**
 * Solves each budget three ways (brute force, branch-and-bound with each bound) and reports
 * the work done and the root bounds.
 *
 * @param cp compiled package (small enough for brute force: see `solveBrute`)
 * @param budgets budgets B, in cost units
 * @returns one row per budget
 * @throws {Error} if the three solvers disagree on OPT (beyond 1e-12)
 */
export async function boundRows(
  cp: CompiledPackage,
  budgets: readonly number[],
): Promise<BoundRow[]> {
  const rootSuffix = rootSuffixBound(cp);
  const rows: BoundRow[] = [];
  for (const B of budgets) {
    const brute = solveBrute(cp, B);
    const s = solveBnb(cp, B, { bound: "suffix" }), k = solveBnb(cp, B, { bound: "knapsack" });
    const opt = brute.objective!;
    if (Math.abs(s.objective! - opt) > 1e-12 || Math.abs(k.objective! - opt) > 1e-12) {
      throw new Error(`Solvers disagree at B = ${B}: ${opt}, ${s.objective}, ${k.objective}`);
    }
    rows.push({
      B,
      OPT: opt,
      brute: brute.nodes!,
      suffixNodes: s.nodes!,
      knapsackNodes: k.nodes!,
      rootSuffix,
      rootKnapsack: await rootKnapsackBound(cp, B),
    });
  }
  return rows;
}
