/**
 * d3-random: the reference for the scale scorer's binomial draws. lib/scale/_binomial.ts steps the
 * same sampler in typed code (the bootstrap's law, part of the scorer: issue 29 item 7), and
 * tests/scale/_binomial_test.ts checks its draws against this package's. Pinned here only
 * (README.md). Used by tests and benches.
 *
 * @module
 */
// @ts-types="npm:@types/d3-random@3.0.4"
export { randomBinomial } from "npm:d3-random@3.0.2";
