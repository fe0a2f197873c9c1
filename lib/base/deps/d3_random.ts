/**
 * d3-random: the reference that the scale scorer's binomial sampler (lib/scale/_binomial.ts) is
 * tested against (tests/scale/binomial_test.ts); lib/ no longer loads it.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
// @ts-types="npm:@types/d3-random@3.0.4"
export { randomBinomial } from "npm:d3-random@3.0.2";
