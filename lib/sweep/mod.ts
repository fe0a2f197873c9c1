/**
 * The sweep runner: grids of distributions × seeds × budgets × methods, run
 * in parallel, resumable, with byte-identical outputs (ARTIFACT-SPEC §4).
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./methods.ts";
export * from "./row.ts";
export * from "./run_unit.ts";
export * from "./run_sweep.ts";
export * from "./summary.ts";
export { JOURNAL_FORMAT } from "./journal.ts";
export * from "./progress.ts";
export * from "./shard.ts";
export * from "./grid.ts";
