/**
 * HiGHS compiled to WebAssembly: the MILP solver (`solveMilp`); the loader and its API type. Pinned
 * here only (README.md). Private to lib/.
 *
 * @module
 */
export { default as highsModule } from "npm:highs@1.15.3";
export type { Highs } from "npm:highs@1.15.3";
