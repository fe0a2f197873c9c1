/**
 * What `memaudit scale recall --json` prints (paper 002 on LongMemEval retrieval; the metrics of
 * upstream's eval_utils.py), declared once as a zod schema ({@linkcode RECALL_REPORT}): its keys,
 * `data/schema/scale_recall_report.schema.json`, and the columns of the `--csv` / text tables
 * ({@linkcode RECALL_SCALE_COLUMNS}, {@linkcode RECALL_TRANSITION_COLUMNS}).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import type { RecallReport } from "./recall.ts";

const IntervalSchema = z.strictObject({
  low: z.number(),
  high: z.number(),
  half_width: z.number().describe("(high - low) / 2"),
});

const ScaleSchema = z.strictObject({
  label: z.string().describe("the rung's label"),
  n: z.number().int().describe("questions scored"),
  means: z.record(z.string(), z.number()).describe("mean of every metric, by <metric>@<k>"),
  ci: z.record(z.string(), IntervalSchema).nullable()
    .describe("bootstrap 95 % interval of every mean, or null without resamples"),
  file: z.string(),
  retriever: z.string().describe("bm25 (ranked here) or retrieval-log"),
  left_out: z.strictObject({ abstention: z.number().int(), no_evidence: z.number().int() })
    .describe("questions left out, by reason"),
  left_out_ids: z.strictObject({
    abstention: z.array(z.string()),
    no_evidence: z.array(z.string()),
  }),
  mean_corpus: z.number().describe("mean documents (turns, or sessions) per question"),
});

const TransitionSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  metric: z.string().describe("<metric>@<k>"),
  shared: z.number().int().describe("questions scored at both rungs"),
  kept: z.number().int().describe("1 at both"),
  lost: z.number().int().describe("1, then 0"),
  gained: z.number().int().describe("0, then 1"),
  never: z.number().int().describe("0 at both"),
});

const BoundarySchema = z.strictObject({
  s_star: z.string().describe("first rung whose mean is below alpha, or >LAST"),
  recovers: z.boolean().describe("a later rung is back at alpha or above"),
  s_star_sustained: z.string().describe("first rung from which every later mean is below alpha"),
});

/** The zod schema of `scale recall --json`. */
export const RecallReportSchema = z.strictObject({
  scales: z.array(ScaleSchema).describe("rungs, in ladder order"),
  questions: z.array(
    z.looseObject({ question_id: z.string(), label: z.string() })
      .catchall(z.union([z.string(), z.number()])),
  ).describe("per question and rung; the other keys are <metric>@<k> values"),
  transitions: z.array(TransitionSchema).describe("per consecutive pair and recall metric"),
  s_star: z.strictObject({
    alpha: z.number(),
    by_metric: z.record(z.string(), BoundarySchema),
  }).describe("s*_alpha per metric"),
  params: z.strictObject({
    level: z.enum(["turn", "session"]),
    ks: z.array(z.number().int()),
    roles: z.array(z.string()),
    tokens: z.string(),
    bm25: z.strictObject({ k1: z.number(), b: z.number(), epsilon: z.number() }),
    alpha: z.number(),
    bootstrap: z.strictObject({
      resamples: z.number().int(),
      level: z.number(),
      seed: z.union([z.number(), z.string()]),
      unit: z.literal("question"),
    }),
  }).describe("level, cut-offs, tokens, roles, BM25 parameters, bootstrap and alpha"),
  warnings: z.array(z.string()).describe("assumptions and gaps that qualify a number"),
});

/** The shape of `scale recall --json`: its JSON and JSON Schema. */
export const RECALL_REPORT: ReportShape<typeof RecallReportSchema> = reportShape(
  "scale_recall_report",
  RecallReportSchema,
  "Generated from lib/scale/recall_report.ts by `deno task schema`; do not edit. " +
    "`memaudit scale recall --json` writes one object of this shape.",
);

/** One row of the scale table: a rung at a cut-off k. */
const ScaleRowSchema = z.strictObject({
  scale: z.string(),
  k: z.number().int(),
  n: z.number().int(),
  recall_any: z.number(),
  recall_any_low: z.number().nullable(),
  recall_any_high: z.number().nullable(),
  recall_all: z.number(),
  recall_all_low: z.number().nullable(),
  recall_all_high: z.number().nullable(),
  ndcg_any: z.number(),
});

/** Columns of the scale table (`--csv`, the text table, scales.csv). */
export const RECALL_SCALE_COLUMNS: readonly string[] = rowColumns(ScaleRowSchema);
/** Columns of the transitions table (transitions.csv). */
export const RECALL_TRANSITION_COLUMNS: readonly string[] = rowColumns(TransitionSchema);

/**
 * The `--json` report of a recall run: the rungs with their left-out counts and ids, the
 * questions, transitions, s*_alpha under its alpha, the parameters and warnings.
 *
 * @param r what `scaleRecall` returned
 * @returns the report, checked against {@linkcode RecallReportSchema}
 * @throws {TypeError} when the report breaks its schema (a defect of the producer)
 */
export function recallReportJson(r: RecallReport): z.output<typeof RecallReportSchema> {
  return RECALL_REPORT.json({
    scales: r.scales.map((s) => ({
      label: s.label,
      n: s.n,
      means: s.means,
      ci: s.ci,
      file: s.file,
      retriever: s.retriever,
      left_out: {
        abstention: s.left_out.abstention.length,
        no_evidence: s.left_out.no_evidence.length,
      },
      left_out_ids: s.left_out,
      mean_corpus: s.mean_corpus,
    })),
    questions: r.questions,
    transitions: r.transitions,
    s_star: { alpha: r.params.alpha, by_metric: r.s_star },
    params: r.params,
    warnings: r.warnings,
  });
}

/**
 * The scale table's rows: one per rung and cut-off k.
 *
 * @param r what `scaleRecall` returned
 * @returns rows with {@linkcode RECALL_SCALE_COLUMNS}
 */
export function recallScaleRows(r: RecallReport): z.output<typeof ScaleRowSchema>[] {
  return r.scales.flatMap((s) =>
    r.params.ks.map((k) => ({
      scale: s.label,
      k,
      n: s.n,
      recall_any: s.means[`recall_any@${k}`],
      recall_any_low: s.ci?.[`recall_any@${k}`].low ?? null,
      recall_any_high: s.ci?.[`recall_any@${k}`].high ?? null,
      recall_all: s.means[`recall_all@${k}`],
      recall_all_low: s.ci?.[`recall_all@${k}`].low ?? null,
      recall_all_high: s.ci?.[`recall_all@${k}`].high ?? null,
      ndcg_any: s.means[`ndcg_any@${k}`],
    }))
  );
}
