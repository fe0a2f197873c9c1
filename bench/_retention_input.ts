/**
 * The retention rr input at real size (issue 22 item 5): 100 users × 300
 * sessions, one reference fact per session with a seeded lifespan end
 * (t_target uniform in t..300, as in retention_bench.ts), and one presence
 * row per (fact, session) of its lifespan, present with probability 0.6:
 * about 2.3 M presence rows. Seeded; the same seed writes the same bytes.
 *
 * @module
 */
import { SeededRandom } from "../lib/base/rng/seeded_random.ts";

/** Size of the generated retention input. */
export interface RetentionInputSize {
  /** Users. */
  users: number;
  /** Sessions per user (one fact each). */
  sessions: number;
}

/** The real size of issue 22 item 5. */
export const RR_SIZE: RetentionInputSize = { users: 100, sessions: 300 };

/**
 * Writes `facts.csv` and `presence.csv` into `dir`.
 *
 * @param dir an existing folder
 * @param size users and sessions
 * @param seed the generator's seed
 * @returns the paths and the number of presence rows
 */
export async function writeRetentionInput(
  dir: string,
  size: RetentionInputSize = RR_SIZE,
  seed = "retention-rr-bench",
): Promise<{ facts: string; presence: string; rows: number }> {
  const rng = new SeededRandom(seed);
  const facts = [`user,fact,type,t_start,t_target`];
  const presence: string[] = ["user,fact,session,present"];
  const out = await Deno.open(`${dir}/presence.csv`, { write: true, create: true, truncate: true });
  const enc = new TextEncoder();
  let rows = 0;
  const flush = async () => {
    const bytes = enc.encode(presence.join("\n") + "\n");
    let off = 0;
    while (off < bytes.length) off += await out.write(bytes.subarray(off));
    presence.length = 0;
  };
  for (let u = 0; u < size.users; u++) {
    for (let t = 1; t <= size.sessions; t++) {
      const end = rng.randint(t, size.sessions);
      const type = t % 3 === 0 ? "user_profile" : "ongoing_state";
      facts.push(`u${u},f${t},${type},${t},${end}`);
      for (let s = t; s <= end; s++) {
        presence.push(`u${u},f${t},${s},${rng.random() < 0.6 ? 1 : 0}`);
        rows++;
      }
    }
    await flush();
  }
  out.close();
  await Deno.writeTextFile(`${dir}/facts.csv`, facts.join("\n") + "\n");
  return { facts: `${dir}/facts.csv`, presence: `${dir}/presence.csv`, rows };
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? Deno.makeTempDirSync();
  const r = await writeRetentionInput(dir);
  console.log(`${r.facts}\n${r.presence}\n${r.rows} presence rows`);
}
