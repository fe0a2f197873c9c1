/**
 * Scoring speed of the paper-002 scorer (issue 11: 1,000,000 short-form
 * trajectories in < 2 s). Input: 1,000,000 seeded short-form trajectories,
 * 4 agents × 5 systems × 5 scales (N_irr 0..400) × 10,000 queries, R in
 * 0..8. Cases: scoring the parsed records (no bootstrap intervals, the
 * Pass@B(B) curve included); reading the same trajectories from a JSONL
 * string and scoring them (end to end); streaming them from a file into
 * the scorer, each line read once (what `memaudit scale score` does; issue
 * 29 item 7); and, for scale, the default
 * 2,000-resample bootstrap on 10,000 trajectories.
 *
 * Run: `deno bench -A bench/scale_score_bench.ts`.
 *
 * @module
 */
import { ScaleScorer, scoreScale } from "../lib/scale/score.ts";
import { readTrajectories } from "../lib/scale/trajectory.ts";
import { streamTrajectoryFile } from "../lib/scale/trajectory_stream.ts";
import { scaleLines, scaleRecords } from "./_scale_input.ts";

const records = scaleRecords(1_000_000);
const jsonl = scaleLines(1_000_000).join("\n") + "\n";
const small = scaleRecords(10_000);
const file = await Deno.makeTempFile({ prefix: "memaudit-bench-", suffix: ".jsonl" });
await Deno.writeTextFile(file, jsonl);
globalThis.addEventListener("unload", () => Deno.removeSync(file));

Deno.bench("scoreScale: 1,000,000 parsed short-form trajectories (no intervals)", () => {
  const res = scoreScale(records, { resamples: 0 });
  if (res.groups.length !== 100) throw new Error("expected 100 groups");
});

Deno.bench("readTrajectories + scoreScale: 1,000,000 short-form JSONL lines, end to end", () => {
  const res = scoreScale(readTrajectories(jsonl, "bench.jsonl"), { resamples: 0 });
  if (res.n !== 1_000_000) throw new Error("expected 1,000,000 trajectories");
});

Deno.bench(
  "streamTrajectoryFile + ScaleScorer: 1,000,000 short-form lines from a file, each read once",
  async () => {
    const scorer = new ScaleScorer({ resamples: 0 });
    await streamTrajectoryFile(file, (r) => scorer.add(r));
    if (scorer.score().n !== 1_000_000) throw new Error("expected 1,000,000 trajectories");
  },
);

Deno.bench("scoreScale: 10,000 trajectories with the default 2,000-resample bootstrap", () => {
  const res = scoreScale(small, {});
  if (res.groups[0].ci === null) throw new Error("expected intervals");
});
