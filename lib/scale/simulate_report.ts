/**
 * What `memaudit scale simulate --json` prints (paper 002; SIMULATED trajectories, not real
 * agents), declared once as a zod schema ({@linkcode SIMULATE_REPORT}): its keys,
 * `data/schema/scale_simulate_report.schema.json` and the columns of the `--csv` and text table
 * ({@linkcode SIMULATE_COLUMNS}).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import type { SimulatorSpec } from "./simulate.ts";
import { memoryCallCount, type Trajectory } from "./trajectory.ts";

const count = z.number().int().min(0);

/** One simulator at one rung. */
const GroupSchema = z.strictObject({
  agent: z.string().describe("the simulator (sim-*)"),
  system: z.string().describe("sim-bm25-<granularity>"),
  scale: z.string().describe("the rung's label"),
  n_irr: count.describe("the rung's N_irr"),
  n: count.describe("trajectories"),
  mean_r: z.number().nullable().describe("mean memory calls R; null without trajectories"),
  correct: z.number().nullable()
    .describe("share judged correct (structural judge); null without trajectories"),
});

/** The zod schema of `scale simulate --json`. */
export const SimulateReportSchema = z.strictObject({
  simulated: z.literal(true).describe("always true: offline stand-ins, not real agents"),
  seed: z.union([z.number(), z.string()]).describe("the global seed"),
  trajectories: count.describe("trajectories written"),
  file: z.string().describe("the trajectories file (with --shard: DIR/trajectories.jsonl)"),
  shard: z.strictObject({ index: count, count: count }).optional()
    .describe("the shard I/N, with --shard only"),
  groups: z.array(GroupSchema).describe("per simulator (in --agents order), then per rung"),
});

/** The shape of `scale simulate --json`: its JSON and JSON Schema. */
export const SIMULATE_REPORT: ReportShape<typeof SimulateReportSchema> = reportShape(
  "scale_simulate_report",
  SimulateReportSchema,
  "Generated from lib/scale/simulate_report.ts by `deno task schema`; do not edit. " +
    "`memaudit scale simulate --json` prints one object of this shape.",
);

/** Columns of the group table (`--csv`, the text table). */
export const SIMULATE_COLUMNS: readonly string[] = rowColumns(GroupSchema);

/**
 * The `--json` report of a simulation: one group per simulator and rung, with its trajectories,
 * mean memory calls R and the share correct.
 *
 * @param ts the trajectories simulated (this shard's, with a shard)
 * @param specs the simulators run
 * @param scales the ladder's rungs
 * @param run the seed, the file written and the shard
 * @returns the report, checked against {@linkcode SimulateReportSchema}
 * @throws {TypeError} when the report breaks its schema (a defect of the producer)
 */
export function simulateReport(
  ts: readonly Trajectory[],
  specs: readonly SimulatorSpec[],
  scales: readonly { label: string; nIrr: number }[],
  run: { seed: number | string; file: string; shard?: { index: number; count: number } },
): z.output<typeof SimulateReportSchema> {
  const groups = specs.flatMap((spec) =>
    scales.map((s) => {
      const g = ts.filter((t) => t.agent === spec.name && t.scale?.label === s.label);
      const R = g.map((t) => memoryCallCount(t.steps, t.memory_tools ?? []));
      return {
        agent: spec.name,
        system: `sim-bm25-${spec.granularity}`,
        scale: s.label,
        n_irr: s.nIrr,
        n: g.length,
        mean_r: g.length ? R.reduce((a, b) => a + b, 0) / g.length : null,
        correct: g.length ? g.filter((t) => t.correct).length / g.length : null,
      };
    })
  );
  return SIMULATE_REPORT.json({
    simulated: true,
    seed: run.seed,
    trajectories: ts.length,
    file: run.file,
    ...(run.shard === undefined ? {} : { shard: run.shard }),
    groups,
  });
}
