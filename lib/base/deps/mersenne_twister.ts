/**
 * mersenne-twister: MT19937 behind the CPython-compatible `PyRandom`.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { default as MersenneTwister } from "npm:mersenne-twister@1.1.0";
