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
export * from "./budget_steps.ts";
export * from "./budget_figure.ts";
export * from "./bounds.ts";
export * from "./lp_lines.ts";
export * from "./ties.ts";
export * from "./writer_gaps.ts";
export * from "./exercise.ts";
export * from "./lab_mode.ts";
