/**
 * cli-progress: the progress bar of long commands on a terminal. Pinned here only (README.md).
 * Private to lib/.
 *
 * @module
 */
export { default as cliProgress } from "npm:cli-progress@3.12.0";
