/**
 * Reports: tables printed as HTML/Markdown/CSV, checks that raise when a claim fails (an
 * uncheckable claim is skipped, never passed), and the output folder's paths.
 *
 * Entry point `memaudit/report` (deno.json `exports["./report"]`): this list is what the part
 * offers; anything under `lib/report/` it does not name is internal and may change.
 *
 * @example A table
 * ```ts
 * import assert from "node:assert/strict";
 * import { Table } from "./mod.ts";
 * const t = new Table("demo", [{ budget: 8, ratio: 1 }]);
 * assert.deepEqual(t.columns.map((c) => c.key), ["budget", "ratio"]);
 * ```
 *
 * @module
 */
export { outPath } from "./out.ts";
export { at } from "../base/report_shape.ts";
export { type Column, Table } from "./table.ts";
export { type Check, Checks, type ChecksSummary } from "./checks.ts";
