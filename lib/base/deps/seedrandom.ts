/**
 * seedrandom: the ARC4 stream behind `SeededRandom` (typed by its DefinitelyTyped package).
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
// @ts-types="npm:@types/seedrandom@3.0.8"
export { default as seedrandom } from "npm:seedrandom@3.0.5";
