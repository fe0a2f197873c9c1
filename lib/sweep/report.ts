/**
 * What `memaudit sweep --json` prints about a finished sweep (ARTIFACT-SPEC §4.2-§4.3), declared
 * once as a zod schema ({@linkcode SWEEP_REPORT}): its keys, the `--csv` / table columns of the
 * aggregates ({@linkcode SWEEP_AGGREGATE_COLUMNS}) and `data/schema/sweep_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import type { Shard } from "../shard/partition.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import type { SweepResult } from "./run_sweep.ts";

/** One aggregate: a (distribution, budget, method) cell over the seeds. */
const AggregateSchema = z.strictObject({
  distribution: z.string(),
  budget: z.number().describe("absolute budget B"),
  method: z.string(),
  n: z.number().int().describe("packages (seeds) in the cell"),
  mean_ratio_to_opt: z.number().nullable().describe("mean F / OPT over the cell's packages"),
  ci95_low: z.number().nullable().describe("artifact bootstrap 95 % interval, low end"),
  ci95_high: z.number().nullable().describe("artifact bootstrap 95 % interval, high end"),
  n_degenerate_opt: z.number().int().describe("packages with OPT = 0 (no ratio)"),
});

/** The zod schema of a {@linkcode SweepReport}. */
export const SweepReportSchema = z.strictObject({
  out: z.string().describe("the output folder as given"),
  shard: z.strictObject({ index: z.number().int(), count: z.number().int() }).nullable()
    .describe("the shard run (0-based index of count), or null"),
  rows: z.number().int().describe("result rows written"),
  units: z.number().int().describe("(distribution, seed) packages in the run"),
  resumed_units: z.number().int().describe("units read back from a journal"),
  budgets: z.array(z.number()).describe("the absolute budgets"),
  files: z.strictObject({
    results: z.string(),
    csv: z.string(),
    summary: z.string(),
    timings: z.string(),
    journal: z.string(),
  }).describe("the files written (the journal is removed when the sweep completes)"),
  aggregates: z.array(AggregateSchema),
});

/** `memaudit sweep --json`: the run and its aggregates ({@linkcode SweepReportSchema}). */
export type SweepReport = z.output<typeof SweepReportSchema>;

/** The shape of {@linkcode SweepReport}: its JSON and JSON Schema. */
export const SWEEP_REPORT: ReportShape<typeof SweepReportSchema> = reportShape(
  "sweep_report",
  SweepReportSchema,
  "Generated from lib/sweep/report.ts by `deno task schema`; do not edit. " +
    "`memaudit sweep --json` writes one object of this shape.",
);

/** Columns of the aggregates' `--csv` and text table. */
export const SWEEP_AGGREGATE_COLUMNS: readonly string[] = rowColumns(AggregateSchema);

/**
 * The report of a finished sweep.
 *
 * @param res what `runSweep` returned
 * @param out the output folder as given
 * @param shard the shard run, if any
 * @returns the report, checked against its schema
 */
export function sweepReport(res: SweepResult, out: string, shard?: Shard): SweepReport {
  return SWEEP_REPORT.json({
    out,
    shard: shard ?? null,
    rows: res.summary.num_rows,
    units: res.units,
    resumed_units: res.resumedUnits,
    budgets: res.grid.budgets,
    files: res.files,
    aggregates: res.summary.by_distribution_budget_method.map((a) => ({
      distribution: a.distribution,
      budget: a.budget,
      method: a.method,
      n: a.n,
      mean_ratio_to_opt: a.mean_ratio_to_opt,
      ci95_low: a.bootstrap95_ratio_to_opt_low,
      ci95_high: a.bootstrap95_ratio_to_opt_high,
      n_degenerate_opt: a.n_degenerate_opt,
    })),
  });
}
