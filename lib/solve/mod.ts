/**
 * Exact solvers: branch-and-bound, MILP (HiGHS), brute force, solve().
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./result.ts";
export * from "./bnb.ts";
export * from "./brute.ts";
export * from "./lp_text.ts";
export * from "./milp.ts";
export * from "./solve.ts";
export * from "./audit.ts";
