/**
 * HiGHS compiled to WebAssembly: the MILP solver (`solveMilp`); the loader and its API type.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { default as highsModule } from "npm:highs@1.15.3";
export type { Highs } from "npm:highs@1.15.3";
