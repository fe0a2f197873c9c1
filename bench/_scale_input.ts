/**
 * The `scale score` input at real size (issue 22 item 5): seeded short-form
 * trajectory lines `{query_id, scale, agent, system, R, correct}`, 4 agents
 * × 5 systems × 5 scales (N_irr 0..400) × `lines / 100` queries, R in 0..8,
 * correct with probability 0.8 − 0.05 × scale index. The same seed writes
 * the same bytes.
 *
 * @module
 */
import { SeededRandom } from "../lib/base/rng/seeded_random.ts";
import type { ScoreRecord } from "../lib/scale/trajectory.ts";

const AGENTS = ["qwen3-8b", "qwen3-32b", "qwen3-235b", "gpt-4o"];
const SYSTEMS = ["hipporag", "licomemory", "mem0", "openclaw", "memos-tree"];
const SCALES = [0, 100, 200, 300, 400];

/**
 * The trajectories as scored records.
 *
 * @param lines how many (a multiple of 100)
 * @param seed the generator's seed
 * @returns the records, agent by system by scale by query
 */
export function scaleRecords(lines: number, seed: number | string = 2026): ScoreRecord[] {
  const rng = new SeededRandom(seed);
  const perGroup = lines / (AGENTS.length * SYSTEMS.length * SCALES.length);
  const out: ScoreRecord[] = [];
  for (const agent of AGENTS) {
    for (const system of SYSTEMS) {
      for (const [j, s] of SCALES.entries()) {
        for (let q = 0; q < perGroup; q++) {
          const R = rng.randbelow(9);
          const correct = rng.random() < 0.8 - 0.05 * j;
          out.push({
            query_id: `q${q}`,
            agent,
            system,
            scale: { label: `s${j}`, n_irr: s },
            R,
            correct,
          });
        }
      }
    }
  }
  return out;
}

/**
 * The JSONL lines, one string per trajectory.
 *
 * @param lines how many (a multiple of 100)
 * @param seed the generator's seed
 * @returns the lines without newlines
 */
export function scaleLines(lines: number, seed: number | string = 2026): string[] {
  return scaleRecords(lines, seed).map((r) =>
    JSON.stringify({
      query_id: r.query_id,
      scale: r.scale,
      agent: r.agent,
      system: r.system,
      R: r.R,
      correct: r.correct,
    })
  );
}

/**
 * Writes `trajectories.jsonl` with `lines` lines into `dir`.
 *
 * @param dir an existing folder
 * @param lines how many lines (default 1,000,000)
 * @returns the file's path
 */
export async function writeScaleInput(dir: string, lines = 1_000_000): Promise<string> {
  const path = `${dir}/trajectories.jsonl`;
  await Deno.writeTextFile(path, scaleLines(lines).join("\n") + "\n");
  return path;
}

if (import.meta.main) {
  console.log(await writeScaleInput(Deno.args[0] ?? Deno.makeTempDirSync()));
}
