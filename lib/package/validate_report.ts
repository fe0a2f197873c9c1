/**
 * What `memaudit validate --json` prints (and `--out DIR` writes as `validate.json`): a valid
 * package's counts (DESIGN §2), declared once as a zod schema ({@linkcode VALIDATE_REPORT}): its
 * keys, their order and `data/schema/validate_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import type { Package } from "./schema.ts";

const count = z.number().int().min(0);

/** The zod schema of `memaudit validate --json`. */
export const ValidateReportSchema = z.strictObject({
  package: z.string().describe("the PACKAGE argument, as given"),
  form: z.enum(["json", "csv"]).describe("a package JSON file, or a folder of CSV tables"),
  id: z.string().describe("the package's id"),
  experiences: count,
  candidates: count,
  units: count.describe("evidence units r"),
  queries: count,
  coverage_rows: count.describe("rows of the coverage table (candidate, unit)"),
  budgets: z.array(z.number()).describe("the package's budgets B in cost units"),
  weight_source: z.enum(["queries", "explicit"]).describe("where the unit weights w_r come from"),
  group_cap: z.number().int().min(1).describe("group cap k: at most k candidates per experience"),
});

/** The shape of `memaudit validate --json`: its JSON and JSON Schema. */
export const VALIDATE_REPORT: ReportShape<typeof ValidateReportSchema> = reportShape(
  "validate_report",
  ValidateReportSchema,
  "Generated from lib/package/validate_report.ts by `deno task schema`; do not edit. " +
    "`memaudit validate --json` prints one object of this shape (--out DIR writes it as " +
    "validate.json).",
);

/**
 * The counts of a package that was read and validated.
 *
 * @param pkg the package
 * @param form the form it was read from
 * @param path the path it was read from, as given
 * @returns the report, keys in {@linkcode ValidateReportSchema} order
 * @throws {TypeError} when the report breaks its schema (a defect of the producer)
 */
export function validateReport(
  pkg: Package,
  form: "json" | "csv",
  path: string,
): z.output<typeof ValidateReportSchema> {
  return VALIDATE_REPORT.json({
    package: path,
    form,
    id: pkg.id,
    experiences: pkg.experiences.length,
    candidates: pkg.candidates.length,
    units: pkg.units.length,
    queries: pkg.queries.length,
    coverage_rows: pkg.coverage.length,
    budgets: pkg.budgets,
    weight_source: pkg.weight_source,
    group_cap: pkg.group_cap,
  });
}
