/**
 * csv-stringify (synchronous): every CSV file memaudit writes. Pinned here only (README.md).
 * Private to lib/.
 *
 * @module
 */
export { stringify as stringifyCsv } from "npm:csv-stringify@6.9.0/sync";

/**
 * memaudit's cast for csv-stringify: booleans as `true` and `false`, as in JSON (its default
 * writes `1` for true and an empty cell for false, which reads as a missing value).
 */
export const CSV_CAST = { boolean: (b: boolean): string => String(b) };
