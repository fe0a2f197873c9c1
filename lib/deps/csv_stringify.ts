/**
 * csv-stringify (synchronous): every CSV file memaudit writes.
 *
 * The one place its npm version is written (see lib/deps/README.md). Private to lib/.
 *
 * @module
 */
export { stringify as stringifyCsv } from "npm:csv-stringify@6.9.0/sync";
