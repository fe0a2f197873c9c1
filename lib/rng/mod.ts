/**
 * Seeded random streams: {@linkcode PyRandom} (CPython-compatible, for the
 * artifact's distributions) and {@linkcode SeededRandom} (for new work).
 *
 * @module
 */
export type { Rng } from "./rng.ts";
export { PyRandom } from "./py_random.ts";
export { SeededRandom } from "./seeded_random.ts";
