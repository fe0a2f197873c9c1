/**
 * What `memaudit scale score --json` prints (paper 002: Pass@B, p_exh / p_wrong, P90R, s*_alpha;
 * COMPANIONS §1), declared once as a zod schema ({@linkcode SCALE_SCORE_REPORT}): the keys and
 * their order, `data/schema/scale_score_report.schema.json`, and the columns of the text and CSV
 * tables ({@linkcode SCALE_GROUP_COLUMNS}, {@linkcode SCALE_BOUNDARY_COLUMNS}).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import type { ScaleScore } from "./score.ts";

const Scale = z.union([z.number(), z.string()]);
const IntervalSchema = z.strictObject({
  low: z.number(),
  high: z.number(),
  half_width: z.number().describe("(high - low) / 2, the paper's ±"),
});

/** The zod schema of `memaudit scale score --json`. */
export const ScaleScoreReportSchema = z.strictObject({
  groups: z.array(z.strictObject({
    agent: z.string(),
    system: z.string(),
    scale: Scale.nullable().describe("the label the input gave, else N_irr; null without a scale"),
    n: z.number().int().describe("trajectories"),
    pass_at_b: z.number().describe("Pass@B: fraction of all trajectories correct within B calls"),
    p_exh: z.number().describe("P[R > B]"),
    p_wrong: z.number().describe("P[R <= B and wrong]"),
    p90r: z.number().describe("P90R, memory calls (nearest rank)"),
    mean_r: z.number().describe("mean R, memory calls"),
    ci: z.strictObject({
      pass_at_b: IntervalSchema,
      p_exh: IntervalSchema,
      p_wrong: IntervalSchema,
    })
      .nullable().describe("bootstrap intervals over query ids; null with 0 resamples"),
  })).describe("one per (agent, system, scale), in ladder order"),
  boundaries: z.array(z.strictObject({
    agent: z.string(),
    system: z.string(),
    s_star: Scale.describe("s*_alpha: the N_irr or label where Pass@B first drops below alpha"),
    recovers: z.boolean().describe("a later scale is back at or above alpha"),
    s_star_sustained: Scale.describe("the sustained boundary"),
    missing_scales: z.array(Scale).describe("ladder scales this pair has no trajectories at"),
    points: z.array(z.strictObject({
      scale: Scale,
      pass_at_b: z.number(),
      n: z.number().int(),
      ci: IntervalSchema.nullable(),
    })),
  })),
  params: z.strictObject({
    budget: z.number().describe("B, memory calls"),
    alpha: z.number(),
    boundary_rule: z.enum(["first", "sustained"]),
    bootstrap: z.strictObject({
      resamples: z.number().int().describe("resamples (0: no intervals)"),
      level: z.number().describe("confidence level"),
      seed: z.union([z.number(), z.string()]).describe("seedrandom seed of the resamples"),
      unit: z.literal("query_id").describe("what is resampled"),
    }).describe("the percentile bootstrap of the intervals: the numbers it needs to recur"),
    ladder: z.array(Scale),
    n: z.number().int(),
    format: z.string().describe("the input format read"),
  }),
  skipped: z.array(z.strictObject({ line: z.number().int(), reason: z.string() }))
    .describe("source records an adapter did not map"),
  warnings: z.array(z.string()).describe("every assumption that changes a number"),
});

/** The shape of `memaudit scale score --json`: its JSON and JSON Schema. */
export const SCALE_SCORE_REPORT: ReportShape<typeof ScaleScoreReportSchema> = reportShape(
  "scale_score_report",
  ScaleScoreReportSchema,
  "Generated from lib/scale/score_report.ts by `deno task schema`; do not edit. " +
    "`memaudit scale score --json` writes one object of this shape.",
);

/** Columns of the groups' text and CSV table (the interval as its half width). */
export const SCALE_GROUP_COLUMNS: readonly string[] = [
  "agent",
  "system",
  "scale",
  "n",
  "pass_at_b",
  "pass_ci_half_width",
  "p_exh",
  "p_wrong",
  "p90r",
  "mean_r",
];

/** Columns of the boundaries' text and CSV table. */
export const SCALE_BOUNDARY_COLUMNS: readonly string[] = [
  "agent",
  "system",
  "s_star",
  "recovers",
  "s_star_sustained",
  "missing_scales",
];

/**
 * The report of a score, checked against its schema.
 *
 * @param res the score (`scoreScale`, `ScaleScorer`)
 * @param extra the input format read, the records not mapped, every warning
 * @returns the `--json` object
 * @throws {TypeError} when the score does not fit the schema (a defect of the scorer)
 */
export function scaleScoreReport(
  res: ScaleScore,
  extra: { format: string; skipped: { line: number; reason: string }[]; warnings: string[] },
): z.output<typeof ScaleScoreReportSchema> {
  return SCALE_SCORE_REPORT.json({
    groups: res.groups.map((g) => ({
      agent: g.agent,
      system: g.system,
      scale: g.scale,
      n: g.n,
      pass_at_b: g.pass_at_b,
      p_exh: g.p_exh,
      p_wrong: g.p_wrong,
      p90r: g.p90r,
      mean_r: g.mean_r,
      ci: g.ci,
    })),
    boundaries: res.boundaries.map((b) => ({
      agent: b.agent,
      system: b.system,
      s_star: b.s_star,
      recovers: b.recovers,
      s_star_sustained: b.s_star_sustained,
      missing_scales: b.missing_scales,
      points: b.points,
    })),
    params: {
      budget: res.budget,
      alpha: res.alpha,
      boundary_rule: res.boundary_rule,
      bootstrap: res.bootstrap,
      ladder: res.ladder,
      n: res.n,
      format: extra.format,
    },
    skipped: extra.skipped,
    warnings: extra.warnings,
  });
}
