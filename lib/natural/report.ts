/**
 * What `memaudit natural --json` prints for a LoCoMo run, and what `natural_summary.json` holds
 * (paper 000 §5), declared once as a zod schema ({@linkcode NATURAL_REPORT}): its keys, the
 * columns of the summary's `--csv` and text table ({@linkcode NATURAL_SUMMARY_COLUMNS}) and
 * `data/schema/natural_report.schema.json`. The LongMemEval run extends it
 * (lib/longmemeval/report.ts).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import type { NaturalSummaryRow } from "./score_natural.ts";

/** One (method, budget) of the summary: the mean ratio to OPT and its denominators. */
export const NaturalSummaryRowSchema = z.strictObject({
  method: z.string().describe("`opt` or a writer id"),
  budget: z.number().describe("budget B in cost units"),
  items: z.number().int().describe("packages scored"),
  scored: z.number().int().describe("packages with a ratio (the mean's denominator)"),
  degenerate: z.number().int().describe("packages with OPT = 0 at this budget (no ratio)"),
  uncertified: z.number().int().describe("packages without a certified OPT (no ratio)"),
  mean: z.number().nullable().describe("mean ratio to OPT over the scored packages"),
  low: z.number().nullable().describe("95 % conversation-cluster bootstrap interval, low end"),
  high: z.number().nullable().describe("95 % conversation-cluster bootstrap interval, high end"),
  clusters: z.number().int().describe("conversations among the scored packages"),
  mean_value: z.number().nullable().describe(
    "mean F over all items (opt: mean certified OPT over the certified items)",
  ),
});

/** The run's settings, as the summary records them. */
export const NaturalGridSchema = z.strictObject({
  data: z.strictObject({ file: z.string(), sha256: z.string() })
    .describe("the data file's name and SHA-256"),
  conversations: z.array(z.string()).nullable()
    .describe("conversations kept, or null for every conversation"),
  packages: z.number().int().describe("packages of the scoring set (all shards together)"),
  budgets: z.array(z.number()).describe("budgets B in cost units"),
  methods: z.array(z.string()).describe("writer ids (an opt row is always written too)"),
  k: z.number().int().nullable().describe("group cap k of OPT, or null for each package's own"),
  shard: z.strictObject({ index: z.number().int(), count: z.number().int() }).optional()
    .describe("the shard, on a shard's folder only"),
});

/** The zod schema of a LoCoMo run's summary (`NaturalRunSummary` of lib/natural/run.ts). */
export const NaturalReportSchema = z.strictObject({
  grid: NaturalGridSchema,
  rows: z.number().int().describe("rows in natural_rows.jsonl"),
  summary: z.array(NaturalSummaryRowSchema).describe("per (method, budget), in method order"),
});

// The interface beside the code is written out for readers; the compiler proves it is the schema's
// type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<NaturalSummaryRow, z.output<typeof NaturalSummaryRowSchema>> = true;

/** The shape of a LoCoMo natural run's summary: its JSON and JSON Schema. */
export const NATURAL_REPORT: ReportShape<typeof NaturalReportSchema> = reportShape(
  "natural_report",
  NaturalReportSchema,
  "Generated from lib/natural/report.ts by `deno task schema`; do not edit. " +
    "`memaudit natural --locomo ... --json` writes one object of this shape (natural_summary.json " +
    "holds the same, keys sorted).",
);

/** Columns of the summary's `--csv` and text table (LoCoMo and LongMemEval alike). */
export const NATURAL_SUMMARY_COLUMNS: readonly string[] = rowColumns(NaturalSummaryRowSchema);
