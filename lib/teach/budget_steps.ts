/**
 * OPT_P(B) at every budget of a range, with writers beside it, and the budgets where OPT jumps
 * (paper 000 definition 1; the step figure of notebook 01).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { evaluateStore } from "../objective.ts";
import { solveBnb } from "../solve/bnb.ts";
import { getWriter } from "../writers/registry.ts";

/** One budget: the certified OPT, its store, and what each writer reaches there. */
export interface BudgetStep {
  /** Budget B, in cost units. */
  B: number;
  /** Certified OPT_P(B), in weight units (a branch-and-bound certificate with gap 0). */
  OPT: number;
  /** The optimal store branch-and-bound returns, in its path order. */
  store: string[];
  /** F of each writer's store at B, by method id, in weight units. */
  writers: Record<string, number>;
  /** Each writer's store at B, by method id. */
  stores: Record<string, string[]>;
}

/** A budget where OPT rises: OPT(B − step) = `from` < OPT(B) = `to`. */
export interface OptJump {
  /** First budget of the range with the new value. */
  B: number;
  /** OPT just below B, in weight units. */
  from: number;
  /** OPT at B, in weight units. */
  to: number;
  /** The optimal store at B. */
  store: string[];
}

/**
 * Integers lo, lo + 1, ..., hi.
 *
 * @param lo first budget
 * @param hi last budget (>= lo)
 * @returns the integer budgets
 * @throws {RangeError} if lo or hi is not an integer, or hi < lo
 */
export function integerBudgets(lo: number, hi: number): number[] {
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) {
    throw new RangeError(`Cannot list budgets: expected integers lo <= hi, got ${lo}, ${hi}`);
  }
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/**
 * Certifies OPT at each budget and runs the writers there.
 *
 * @example The paper's vegetarian → pescatarian package
 * ```ts
 * import assert from "node:assert/strict";
 * import { compilePackage, readPackageJson } from "../../mod.ts";
 * import { budgetSteps, integerBudgets } from "./budget_steps.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const steps = budgetSteps(cp, integerBudgets(0, 20), ["density_only"]);
 * assert.deepEqual([2, 3, 7, 16].map((B) => steps[B].OPT), [0, 1, 3, 3.25]);
 * assert.equal(steps[9].writers.density_only, 0.25);
 * ```
 *
 * @param cp compiled package
 * @param budgets budgets B (finite, >= 0), in cost units
 * @param writers method ids of the writers to run (default greedy, density-only, GVT)
 * @returns one step per budget, in the order given
 * @throws {RangeError} for an unknown writer id or a bad budget
 * @throws {Error} if branch-and-bound does not certify a budget (status other than optimal)
 */
export function budgetSteps(
  cp: CompiledPackage,
  budgets: readonly number[],
  writers: readonly string[] = ["greedy", "density_only", "oracle_gvt"],
): BudgetStep[] {
  const run = writers.map((id) => [id, getWriter(id)] as const);
  return budgets.map((B) => {
    // B = 0 is outside the solvers' domain (DESIGN §2: B > 0); every cost is positive, so the
    // empty store is the only one and OPT = F(empty store) without a search.
    const c = B === 0
      ? { status: "optimal", objective: evaluateStore(cp, []), store: [] as string[] }
      : solveBnb(cp, B);
    if (c.status !== "optimal" || c.objective === null) {
      throw new Error(`Cannot certify OPT at B = ${B}: branch-and-bound gave ${c.status}`);
    }
    const step: BudgetStep = { B, OPT: c.objective, store: c.store, writers: {}, stores: {} };
    for (const [id, w] of run) {
      const r = w(cp, B);
      step.writers[id] = r.value;
      step.stores[id] = r.store;
    }
    return step;
  });
}

/**
 * The budgets where OPT rises, comparing each step with the one before it.
 *
 * @param steps steps in increasing B (as {@linkcode budgetSteps} returns them for sorted budgets)
 * @param tol values closer than this are equal (default 1e-12)
 * @returns the jumps in increasing B
 */
export function optJumps(steps: readonly BudgetStep[], tol = 1e-12): OptJump[] {
  const out: OptJump[] = [];
  for (let i = 1; i < steps.length; i++) {
    const a = steps[i - 1], b = steps[i];
    if (b.OPT > a.OPT + tol) out.push({ B: b.B, from: a.OPT, to: b.OPT, store: b.store });
  }
  return out;
}
