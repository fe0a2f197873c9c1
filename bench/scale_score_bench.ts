/**
 * Scoring speed of the paper-002 scorer (issue 11: 1,000,000 short-form
 * trajectories in < 2 s). Input: 1,000,000 seeded short-form trajectories,
 * 4 agents × 5 systems × 5 scales (N_irr 0..400) × 10,000 queries, R in
 * 0..8. Cases: scoring the parsed records (no bootstrap intervals, the
 * Pass@B(B) curve included); reading the same trajectories from a JSONL
 * string and scoring them (end to end); and, for scale, the default
 * 2,000-resample bootstrap on 10,000 trajectories.
 *
 * Run: `deno bench -A bench/scale_score_bench.ts`.
 *
 * @module
 */
import { SeededRandom } from "../lib/rng/seeded_random.ts";
import { scoreScale } from "../lib/scale/score.ts";
import { readTrajectories, type ScoreRecord } from "../lib/scale/trajectory.ts";

function makeRecords(n: number): ScoreRecord[] {
  const rng = new SeededRandom(2026);
  const agents = ["qwen3-8b", "qwen3-32b", "qwen3-235b", "gpt-4o"];
  const systems = ["hipporag", "licomemory", "mem0", "openclaw", "memos-tree"];
  const scales = [0, 100, 200, 300, 400];
  const perGroup = n / (agents.length * systems.length * scales.length);
  const out: ScoreRecord[] = [];
  for (const agent of agents) {
    for (const system of systems) {
      for (const [j, s] of scales.entries()) {
        for (let q = 0; q < perGroup; q++) {
          const R = rng.randbelow(9);
          out.push({
            query_id: `q${q}`,
            agent,
            system,
            scale: { label: `s${j}`, n_irr: s },
            R,
            correct: rng.random() < 0.8 - 0.05 * j,
          });
        }
      }
    }
  }
  return out;
}

const records = makeRecords(1_000_000);
const jsonl = records.map((r) =>
  JSON.stringify({
    query_id: r.query_id,
    scale: r.scale,
    agent: r.agent,
    system: r.system,
    R: r.R,
    correct: r.correct,
  })
).join("\n") + "\n";
const small = makeRecords(10_000);

Deno.bench("scoreScale: 1,000,000 parsed short-form trajectories (no intervals)", () => {
  const res = scoreScale(records, { resamples: 0 });
  if (res.groups.length !== 100) throw new Error("expected 100 groups");
});

Deno.bench("readTrajectories + scoreScale: 1,000,000 short-form JSONL lines, end to end", () => {
  const res = scoreScale(readTrajectories(jsonl, "bench.jsonl"), { resamples: 0 });
  if (res.n !== 1_000_000) throw new Error("expected 1,000,000 trajectories");
});

Deno.bench("scoreScale: 10,000 trajectories with the default 2,000-resample bootstrap", () => {
  const res = scoreScale(small, {});
  if (res.groups[0].ci === null) throw new Error("expected intervals");
});
