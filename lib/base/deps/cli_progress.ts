/**
 * cli-progress: the progress bar of long commands on a terminal.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { default as cliProgress } from "npm:cli-progress@3.12.0";
