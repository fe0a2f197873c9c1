/** lib/package/validate_report.ts: `memaudit validate --json`, declared once. */
import assert from "node:assert/strict";
import { readPackageFrom } from "../../lib/package/read_any.ts";
import {
  VALIDATE_REPORT,
  validateReport,
  ValidateReportSchema,
} from "../../lib/package/validate_report.ts";
import { assertFitsPublished } from "../_published_schema.ts";

const EXAMPLE = "data/examples/vegetarian_pescatarian.json";

Deno.test("validateReport(): the example's counts, keys in the schema's order, in the published schema", async () => {
  const { pkg, form } = await readPackageFrom(EXAMPLE);
  const r = validateReport(pkg, form, EXAMPLE);
  assert.deepEqual(r, {
    package: EXAMPLE,
    form: "json",
    id: "vegetarian_to_pescatarian",
    experiences: 2,
    candidates: 6,
    units: 5,
    queries: 3,
    coverage_rows: 12,
    budgets: [4, 8, 12, 21],
    weight_source: "queries",
    group_cap: 1,
  });
  assert.deepEqual(Object.keys(r), Object.keys(ValidateReportSchema.shape));
  await assertFitsPublished("validate_report", r);
});

Deno.test("VALIDATE_REPORT.json() refuses a wrong key and a wrong value, naming the path", () => {
  const ok = {
    package: "p.json",
    form: "json" as const,
    id: "p",
    experiences: 1,
    candidates: 1,
    units: 1,
    queries: 0,
    coverage_rows: 1,
    budgets: [],
    weight_source: "explicit" as const,
    group_cap: 1,
  };
  assert.equal(VALIDATE_REPORT.json(ok).form, "json");
  assert.throws(
    () => VALIDATE_REPORT.json({ ...ok, coverage: 1 } as typeof ok),
    /^TypeError: validate_report: \(root\): .*coverage/,
  );
  assert.throws(
    () => VALIDATE_REPORT.json({ ...ok, units: 1.5 }),
    /^TypeError: validate_report: units: /,
  );
});
