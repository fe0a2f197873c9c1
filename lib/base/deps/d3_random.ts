/**
 * d3-random: the exact binomial sampler behind the scale scorer's multinomial bootstrap.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
// @ts-types="npm:@types/d3-random@3.0.4"
export { randomBinomial } from "npm:d3-random@3.0.2";
