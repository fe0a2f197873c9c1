/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing.
 *
 * Re-exports only; see each folder's mod.ts.
 *
 * @module
 */
export * from "./lib/errors.ts";
export * from "./lib/package/mod.ts";
export * from "./lib/objective.ts";
export * from "./lib/solve/mod.ts";
export * from "./lib/score/mod.ts";
export * from "./lib/report/mod.ts";
export * from "./lib/plot/mod.ts";
export * from "./lib/rng/mod.ts";
export * from "./lib/generate/mod.ts";
export * from "./lib/natural/mod.ts";
export * from "./lib/writers/mod.ts";
export * from "./lib/sweep/mod.ts";
export * from "./lib/repro/mod.ts";
export * from "./lib/adjudicate/mod.ts";
export * from "./lib/systems/mod.ts";
// Scale-conditioned reliability (paper 002)
export * from "./lib/scale/mod.ts";
