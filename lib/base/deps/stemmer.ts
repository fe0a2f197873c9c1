/**
 * stemmer (Porter): the lexical judge's and BM25's token normalisation. Pinned here only
 * (README.md). Private to lib/.
 *
 * @module
 */
export { stemmer } from "npm:stemmer@2.0.1";
