/**
 * seedrandom: the reference for `SeededRandom`'s ARC4 stream (typed by its DefinitelyTyped
 * package). lib/base/rng/seeded_random.ts steps the same stream in typed code (issue 29 item 7);
 * tests/base/rng/seeded_random_test.ts checks its words against this package's; benches use it.
 * Pinned here only (README.md). Used by tests and benches.
 *
 * @module
 */
// @ts-types="npm:@types/seedrandom@3.0.8"
export { default as seedrandom } from "npm:seedrandom@3.0.5";
