/**
 * stopword: the English stop words of the lexical judge.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { eng as englishStopwords } from "npm:stopword@3.1.5";
