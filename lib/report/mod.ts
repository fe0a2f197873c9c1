/**
 * Tables, checks and output paths.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./out.ts";
export * from "./table.ts";
export * from "./checks.ts";
