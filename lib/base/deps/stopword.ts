/**
 * stopword: the English stop words of the lexical judge. Pinned here only (README.md). Private to
 * lib/.
 *
 * @module
 */
export { eng as englishStopwords } from "npm:stopword@3.1.5";
