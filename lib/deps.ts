/**
 * The npm packages the library uses, each at the version it is pinned to: the one place a version
 * is written. Every file under `lib/` imports its npm dependencies from here (the plotting
 * packages from `deps_plot.ts`), by relative path, so the module imports from any folder with no
 * import map; `tests/import_anywhere_test.ts` checks that no other file names an `npm:` package.
 * Raising a version means editing one line here, then `deno cache` (and committing deno.lock).
 *
 * Private to lib/: these names are not part of memaudit's API.
 *
 * @module
 */

/** zod 4: schemas of every input format, their validation and the JSON Schema files. */
export { z } from "npm:zod@4.6.7";
/** csv-parse (synchronous): CSV folders, per-item CSV files, imported judgements (the retention tables have their own streaming reader, lib/retention/_csv.ts). */
export { parse as parseCsv } from "npm:csv-parse@7.0.3/sync";
/** csv-stringify (synchronous): every CSV file memaudit writes. */
export { stringify as stringifyCsv } from "npm:csv-stringify@6.9.0/sync";
/** simple-statistics: the quantile of sorted values used by bootstrap intervals and scale scores. */
export { quantileSorted } from "npm:simple-statistics@7.12.1";
/** d3-random: the exact binomial sampler behind the scale scorer's multinomial bootstrap. */
// @ts-types="npm:@types/d3-random@3.0.4"
export { randomBinomial } from "npm:d3-random@3.0.2";
/** seedrandom: the ARC4 stream behind `SeededRandom` (typed by its DefinitelyTyped package). */
// @ts-types="npm:@types/seedrandom@3.0.8"
export { default as seedrandom } from "npm:seedrandom@3.0.5";
/** mersenne-twister: MT19937 behind the CPython-compatible `PyRandom`. */
export { default as MersenneTwister } from "npm:mersenne-twister@1.1.0";
/** stemmer (Porter): the lexical judge's and BM25's token normalisation. */
export { stemmer } from "npm:stemmer@2.0.1";
/** stopword: the English stop words of the lexical judge. */
export { eng as englishStopwords } from "npm:stopword@3.1.5";
/** HiGHS compiled to WebAssembly: the MILP solver (`solveMilp`); the loader and its API type. */
export { default as highsModule } from "npm:highs@1.15.3";
export type { Highs } from "npm:highs@1.15.3";
/** cli-progress: the progress bar of long commands on a terminal. */
export { default as cliProgress } from "npm:cli-progress@3.12.0";
