/**
 * What `memaudit scale ladder --json` prints (paper 002 §3.1), declared once as a zod schema
 * ({@linkcode LADDER_REPORT}): its keys, `data/schema/scale_ladder_report.schema.json` and the
 * columns of the `--csv` and text table ({@linkcode LADDER_COLUMNS}).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import { type Ladder, ladderSummary, TOKEN_PROXY_METHOD } from "./ladder.ts";

const count = z.number().int().min(0);

/** One rung of the ladder, averaged over the queries. */
const ScaleRowSchema = z.strictObject({
  scale: z.string().describe("the rung's label"),
  n_irr: count.describe("N_irr: filler sessions per query (the all rung: the largest)"),
  all: z.literal(true).optional()
    .describe("present on the rung that holds all of each query's own non-evidence sessions"),
  n: count.describe("queries"),
  mean_sessions: z.number().describe("mean sessions per query, evidence and filler"),
  mean_token_proxy: z.number().describe("mean token proxy per query"),
  max_token_proxy: z.number().describe("largest token proxy of a query"),
});

/** The zod schema of `scale ladder --json`. */
export const LadderReportSchema = z.strictObject({
  source: z.strictObject({ kind: z.string(), files: z.array(z.string()) })
    .describe("locomo or longmemeval (+filler with a filler corpus), and the file names"),
  seed: z.union([z.number(), z.string()]).describe("the global seed"),
  scales: z.array(ScaleRowSchema).describe("the rungs, in ladder order"),
  reachable: z.strictObject({ min: count, max: count, note: z.string() })
    .describe("the smallest and largest filler pool of a query, and which scales were reachable"),
  token_proxy: z.string().describe("how the token proxy is counted"),
  issues: z.record(z.string(), count).describe("the source's and the ladder's issues per code"),
  files: z.array(z.string()).describe("the paths written"),
  warnings: z.array(z.string())
    .describe("what the source's reader kept that the format does not quite say (read as told)"),
});

/** The shape of `scale ladder --json`: its JSON and JSON Schema. */
export const LADDER_REPORT: ReportShape<typeof LadderReportSchema> = reportShape(
  "scale_ladder_report",
  LadderReportSchema,
  "Generated from lib/scale/ladder_report.ts by `deno task schema`; do not edit. " +
    "`memaudit scale ladder --json` prints one object of this shape.",
);

/** Columns of the rung table (`--csv`, the text table): a row's keys but `all`. */
export const LADDER_COLUMNS: readonly string[] = rowColumns(ScaleRowSchema, ["all"]);

/**
 * The `--json` report of a ladder written to a folder.
 *
 * @param ladder the ladder
 * @param files the paths `writeLadder` wrote
 * @param warnings what reading the source told (e.g. numeric LongMemEval answers read as text)
 * @returns the report, checked against {@linkcode LadderReportSchema}
 * @throws {TypeError} when the report breaks its schema (a defect of the producer)
 */
export function ladderReport(
  ladder: Ladder,
  files: string[],
  warnings: string[] = [],
): z.output<typeof LadderReportSchema> {
  const issues: Record<string, number> = {};
  for (const i of ladder.issues) issues[i.code] = (issues[i.code] ?? 0) + 1;
  return LADDER_REPORT.json({
    source: ladder.source,
    seed: ladder.seed,
    scales: ladderSummary(ladder).map((r, j) => ({
      scale: r.scale,
      n_irr: r.nIrr,
      ...(ladder.scales[j].all ? { all: true as const } : {}),
      n: r.n,
      mean_sessions: r.meanSessions,
      mean_token_proxy: r.meanTokenProxy,
      max_token_proxy: r.maxTokenProxy,
    })),
    reachable: ladder.reachable,
    token_proxy: TOKEN_PROXY_METHOD,
    issues,
    files,
    warnings,
  });
}
