/** Exact solvers: branch-and-bound, MILP (HiGHS), brute force, solve(). @module */
export * from "./result.ts";
export * from "./bnb.ts";
export * from "./brute.ts";
export * from "./lp_text.ts";
export * from "./milp.ts";
export * from "./solve.ts";
export * from "./audit.ts";
