/**
 * The report page of a reproduction run (`out/index.html`) and the paper's reference panels it
 * shows beside our figures. Above lib/report and lib/plot: it draws with both.
 *
 * In-repository barrel (scripts, tests): not part of the toolkit's public API.
 *
 * @module
 */
export * from "./index_html.ts";
export * from "./reference.ts";
