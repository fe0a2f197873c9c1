/**
 * stemmer (Porter): the lexical judge's and BM25's token normalisation.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { stemmer } from "npm:stemmer@2.0.1";
