/**
 * What `memaudit solve PACKAGE --json` prints: one row per budget, each what the certificate proved
 * there (paper 000 §3), declared once as a zod schema ({@linkcode SOLVE_REPORT}): the keys, the
 * `--csv` and table columns ({@linkcode SOLVE_COLUMNS}) and `data/schema/solve_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import type { Certificate } from "../certificate/result.ts";

/** One budget: the certificate but its node count, wall time and message. */
const SolveRowSchema = z.strictObject({
  budget: z.number().describe("budget B in cost units"),
  k: z.number().int().describe("group cap k: at most k candidates per experience"),
  status: z.enum(["optimal", "unverified", "time_limit", "no_certificate"])
    .describe("only optimal, with a gap within tolerance, certifies OPT"),
  objective: z.number().nullable().describe("F of the store (weight units); null if no store"),
  bound: z.number().nullable().describe("proven upper bound on OPT (weight units); null if none"),
  gap: z.number().nullable().describe("(bound - objective) / bound; null without both"),
  method: z.string().describe("how the bound was proved (bnb, brute, milp+bnb, milp, cap, ...)"),
  tolerance: z.number().describe("relative tolerance of the proof, a fraction of the bound"),
  solver: z.string().describe("the exact solver that made it (bnb, milp or brute)"),
  store: z.array(z.string()).describe("candidate ids, in the solver's order"),
  cost: z.number().describe("total cost of the store"),
  package: z.string().describe("SHA-256 (hex) of the package's canonical JSON"),
});

/** The zod schema of `solve PACKAGE --json`: the rows, in budget order. */
const SolveReportSchema = z.array(SolveRowSchema);

/** The shape of `memaudit solve PACKAGE --json`: its JSON and JSON Schema. */
export const SOLVE_REPORT: ReportShape<typeof SolveReportSchema> = reportShape(
  "solve_report",
  SolveReportSchema,
  "Generated from lib/solve/solve_report.ts by `deno task schema`; do not edit. " +
    "`memaudit solve PACKAGE --json` prints one array of this shape (several packages: " +
    "solve_batch_report).",
);

/** Columns of the `--csv` and text table: a row's keys. */
export const SOLVE_COLUMNS: readonly string[] = rowColumns(SolveRowSchema);

/**
 * The `--json` rows of one package's certificates.
 *
 * @param certs the certificates, one per budget
 * @returns the rows, keys in {@linkcode SOLVE_COLUMNS} order
 * @throws {TypeError} when a row breaks its schema (a certificate field the row does not declare)
 */
export function solveReport(certs: readonly Certificate[]): z.output<typeof SolveReportSchema> {
  return SOLVE_REPORT.json(certs.map(({ nodes: _n, timeMs: _t, message: _m, ...row }) => row));
}
