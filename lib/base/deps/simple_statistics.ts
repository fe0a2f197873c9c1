/**
 * simple-statistics: the quantile of sorted values used by bootstrap intervals and scale scores.
 * Pinned here only (README.md). Private to lib/.
 *
 * @module
 */
export { quantileSorted } from "npm:simple-statistics@7.12.1";
