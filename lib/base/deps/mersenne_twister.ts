/**
 * mersenne-twister: MT19937 behind the CPython-compatible `PyRandom`. Pinned here only (README.md).
 * Private to lib/.
 *
 * @module
 */
export { default as MersenneTwister } from "npm:mersenne-twister@1.1.0";
