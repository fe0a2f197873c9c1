/**
 * Teaching helpers for notebooks 00–02 (paper 000 §2–§3): OPT at every budget, the bounds
 * inside branch-and-bound, the MILP line by line, tied optima, why greedy and GVT fail,
 * "predict, then check" answers and the lab mode.
 *
 * Entry point `memaudit/teach` (deno.json `exports["./teach"]`): this list is what the part
 * offers; anything under `lib/teach/` it does not name is internal and may change.
 *
 * @module
 */
export {
  type BudgetStep,
  budgetSteps,
  integerBudgets,
  type OptJump,
  optJumps,
} from "./budget_steps.ts";
export { optStepsSpec } from "./budget_figure.ts";
export { type BoundRow, boundRows, rootKnapsackBound, rootSuffixBound } from "./bounds.ts";
export { explainLp } from "./lp_lines.ts";
export { optimalStores } from "./ties.ts";
export { gvtRows, proposition1Package, THEOREM2_LINE } from "./writer_gaps.ts";
export { Answer, editedReason } from "./exercise.ts";
export { quickMode } from "./lab_mode.ts";
