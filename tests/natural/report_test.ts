/**
 * lib/natural/report.ts: the LoCoMo natural run's declared shape: a summary in that shape passes
 * with its keys in the schema's order, one that breaks it is refused naming the path, and the
 * table's columns come from the row schema (the committed JSON Schema:
 * tests/structure/schema_files_test.ts).
 */
import assert from "node:assert/strict";
import { NATURAL_REPORT, NATURAL_SUMMARY_COLUMNS } from "../../lib/natural/report.ts";

const row = {
  method: "opt",
  budget: 30,
  items: 2,
  scored: 2,
  degenerate: 0,
  uncertified: 0,
  mean: 1,
  low: 1,
  high: 1,
  clusters: 1,
  mean_value: 0.75,
};
const grid = {
  data: { file: "locomo8.json", sha256: "ab" },
  conversations: ["conv-26"],
  packages: 2,
  budgets: [30],
  methods: ["density"],
  k: null,
};

Deno.test("NATURAL_SUMMARY_COLUMNS: the summary row's keys, in order", () => {
  assert.deepEqual(NATURAL_SUMMARY_COLUMNS, Object.keys(row));
});

Deno.test("NATURAL_REPORT.json: keys in the schema's order; a broken report names its path", () => {
  const r = NATURAL_REPORT.json({ summary: [row], rows: 4, grid });
  assert.deepEqual(Object.keys(r), ["grid", "rows", "summary"]);
  assert.throws(
    () =>
      NATURAL_REPORT.json({ grid, rows: 4, summary: [{ ...row, mean: "1" as unknown as number }] }),
    /^TypeError: natural_report: summary\.0\.mean: .*\(the report breaks its schema\)$/,
  );
});
