/**
 * Package format: schema, validation, compiled form, I/O.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./schema.ts";
export * from "./parse.ts";
export * from "./compile.ts";
export * from "./union.ts";
export * from "./io.ts";
