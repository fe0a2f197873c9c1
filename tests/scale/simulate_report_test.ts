/** lib/scale/simulate_report.ts: `memaudit scale simulate --json`, declared once. */
import assert from "node:assert/strict";
import { buildLadder } from "../../lib/scale/ladder.ts";
import { simulateLadder, SIMULATOR_PRESETS } from "../../lib/scale/simulate.ts";
import {
  SIMULATE_COLUMNS,
  SIMULATE_REPORT,
  simulateReport,
} from "../../lib/scale/simulate_report.ts";
import { loadLongMemEval, longMemEvalLadderSource } from "../../lib/scale/sources/longmemeval.ts";
import { assertFitsPublished } from "../_published_schema.ts";

const FIXTURE = new URL("./fixtures/longmemeval_small.json", import.meta.url).pathname;
const ladder = buildLadder(longMemEvalLadderSource(await loadLongMemEval(FIXTURE)), {
  seed: 3,
  nIrr: [0, 2],
});
const specs = ["sim-single-shot", "sim-fixed-depth-3"].map((n) => ({
  ...SIMULATOR_PRESETS[n],
  granularity: "session" as const,
}));

Deno.test("simulateReport(): one group per simulator and rung, R and the share correct, in the published schema", async () => {
  const ts = simulateLadder(ladder, specs, { seed: 1 });
  const r = simulateReport(ts, specs, ladder.scales, { seed: 1, file: "t.jsonl" });
  assert.equal(r.trajectories, 2 * 2 * 4);
  assert.equal("shard" in r, false);
  assert.deepEqual(r.groups.map((g) => [g.agent, g.system, g.scale, g.n, g.mean_r]), [
    ["sim-single-shot", "sim-bm25-session", "s0", 4, 1],
    ["sim-single-shot", "sim-bm25-session", "s1", 4, 1],
    ["sim-fixed-depth-3", "sim-bm25-session", "s0", 4, 3],
    ["sim-fixed-depth-3", "sim-bm25-session", "s1", 4, 3],
  ]);
  assert.deepEqual(Object.keys(r.groups[0]), [...SIMULATE_COLUMNS]);
  await assertFitsPublished("scale_simulate_report", r);
  // A shard with no trajectory of a group: n 0, R and the share null.
  const none = simulateReport([], specs.slice(0, 1), ladder.scales.slice(0, 1), {
    seed: "s",
    file: "d/trajectories.jsonl",
    shard: { index: 1, count: 2 },
  });
  assert.deepEqual(none.groups[0], {
    agent: "sim-single-shot",
    system: "sim-bm25-session",
    scale: "s0",
    n_irr: 0,
    n: 0,
    mean_r: null,
    correct: null,
  });
  assert.deepEqual(none.shard, { index: 1, count: 2 });
  await assertFitsPublished("scale_simulate_report", none);
});

Deno.test("SIMULATE_REPORT.json() refuses simulated: false and a key it does not declare", () => {
  const r = simulateReport([], [], [], { seed: 0, file: "t.jsonl" });
  assert.throws(
    () => SIMULATE_REPORT.json({ ...r, simulated: false as true }),
    /^TypeError: scale_simulate_report: simulated: /,
  );
  assert.throws(
    () => SIMULATE_REPORT.json({ ...r, agents: [] } as never),
    /^TypeError: scale_simulate_report: \(root\): .*agents/,
  );
});
