/**
 * Seeded random streams: {@linkcode PyRandom} (CPython-compatible, for the
 * artifact's distributions) and {@linkcode SeededRandom} (for new work).
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export type { Rng } from "./rng.ts";
export { PyRandom } from "./py_random.ts";
export { SeededRandom } from "./seeded_random.ts";
