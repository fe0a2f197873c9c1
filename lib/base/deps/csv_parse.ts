/**
 * csv-parse (synchronous): CSV folders, per-item CSV files, imported judgements (the retention
 * tables have their own streaming reader, lib/retention/_csv.ts). Pinned here only (README.md).
 * Private to lib/.
 *
 * @module
 */
export { parse as parseCsv } from "npm:csv-parse@7.0.3/sync";
