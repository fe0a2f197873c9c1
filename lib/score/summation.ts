/**
 * The float summation modes of means, bootstrap resamples and update metrics, as a public type (the
 * implementation, `_py_sum.ts`, is private to lib/score). `neumaier` is what CPython >= 3.12's
 * `sum()` does, `naive` what CPython <= 3.11 does (ARTIFACT-SPEC §6.2).
 *
 * @module
 */
export { DEFAULT_SUMMATION, type Summation } from "./_py_sum.ts";
