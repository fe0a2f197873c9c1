/**
 * What `memaudit natural --longmemeval FILE --json` prints, and what its `natural_summary.json`
 * holds (paper 000 §5, the reliability table), declared once as a zod schema
 * ({@linkcode LONGMEMEVAL_NATURAL_REPORT}): the LoCoMo run's report (lib/natural/report.ts) with
 * the questions' reliability counts, flags and warnings; `data/schema/longmemeval_natural_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { NaturalReportSchema } from "../natural/report.ts";

const Counts = z.strictObject({
  attempted: z.number().int().describe("questions read"),
  accepted: z.number().int().describe("questions whose package is scored"),
  flagged: z.number().int().describe("questions kept for audit, not scored"),
});

/** The zod schema of a LongMemEval natural run's summary (`LongMemEvalNaturalSummary`, run.ts). */
export const LongMemEvalNaturalReportSchema = z.strictObject({
  source: z.literal("longmemeval"),
  attempted: z.number().int().describe("questions read"),
  accepted: z.number().int().describe("questions whose package is scored"),
  flagged: z.array(z.strictObject({ question_id: z.string(), reason: z.string() }))
    .describe("flagged questions (kept for audit, not scored) and why"),
  reliability: z.strictObject({
    all: Counts,
    by_type: z.record(z.string(), Counts).describe("per question type, in first-seen order"),
  }).describe("the paper's reliability counts"),
  whole_turn_units: z.number().int()
    .describe("evidence turns whose answer was not located (whole-turn units), accepted packages"),
  adjudicator: z.string().describe("the coverage adjudicator's name"),
  warnings: z.array(z.string()).describe("every warning of the reader and the run"),
  ...NaturalReportSchema.shape,
});

/** The shape of a LongMemEval natural run's summary: its JSON and JSON Schema. */
export const LONGMEMEVAL_NATURAL_REPORT: ReportShape<typeof LongMemEvalNaturalReportSchema> =
  reportShape(
    "longmemeval_natural_report",
    LongMemEvalNaturalReportSchema,
    "Generated from lib/longmemeval/report.ts by `deno task schema`; do not edit. " +
      "`memaudit natural --longmemeval FILE --json` writes one object of this shape " +
      "(natural_summary.json holds the same, keys sorted).",
  );
