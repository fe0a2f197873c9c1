/**
 * `deno bench -A bench/retention_bench.ts`: paper 003 retention at scale
 * (issue 12, "Must show").
 *
 * - Retention: 100 users × 300 sessions × 300 entries (one entry per
 *   session, each carrying one reference fact whose lifespan runs from its
 *   session to a seeded end; 30,000 facts, about 4.5 M (fact, session)
 *   checks). `retentionRate` alone on prebuilt tracks (exact and K = 20 with
 *   artifact reweighting, both computed in one pass), and the whole
 *   pipeline: FIFO replay at B = 50 and at B = 300 (nothing evicted, the
 *   largest banks), provenance judge, retention.
 * - Optimum: the certified retention optimum (HiGHS) for the 20 simulated
 *   users of `generateCohort({ users: 20, seed: 1 })` with the simulated
 *   memory system, at B = 5, 20 and 50 entries (60 solves per iteration).
 *
 * @module
 */
import { SeededRandom } from "../lib/base/rng/seeded_random.ts";
import { generateCohort } from "../lib/retention/cohort.ts";
import { judgeTracks, provenanceJudge } from "../lib/retention/judges.ts";
import { retentionOptimum } from "../lib/retention/optimum.ts";
import { type MemoryEntry, replayBank, simulateWrites } from "../lib/retention/replay.ts";
import {
  type FactTrack,
  type ReferenceFact,
  retentionRate,
} from "../lib/retention/retention_rate.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";

const USERS = 100, SESSIONS = 300;
const rng = new SeededRandom("retention-bench");
const sessions = Array.from({ length: SESSIONS }, (_, i) => i + 1);
const streams = Array.from({ length: USERS }, (_, u) => {
  const user = `u${u}`;
  const facts: ReferenceFact[] = [];
  const writes = new Map<number, MemoryEntry[]>();
  for (const t of sessions) {
    const fact = `f${t}`;
    facts.push({ user, fact, type: "ongoing_state", tStart: t, tTarget: rng.randint(t, SESSIONS) });
    writes.set(t, [{ id: `e${t}`, session: t, text: fact, tokens: 1, facts: [fact] }]);
  }
  return { user, facts, writes };
});
const judge = provenanceJudge();
const pipeline = (budget = 50): FactTrack[] =>
  streams.flatMap((s) =>
    judgeTracks(
      s.facts,
      new Map([[s.user, replayBank(sessions, s.writes, { maxEntries: budget })]]),
      judge,
    )
  );
const tracks = pipeline();
let sink = 0;

Deno.bench({
  name: "retentionRate: 100 users x 300 facts (exact + K = 20)",
  group: "retention",
  baseline: true,
  fn() {
    sink += retentionRate(tracks).benchmark.pooledK!;
  },
});

Deno.bench({
  name: "replay B=50 + provenance + retentionRate: 100 users x 300 sessions x 300 entries",
  group: "retention",
  fn() {
    sink += retentionRate(pipeline()).benchmark.pooledExact!;
  },
});

Deno.bench({
  name: "replay B=300 (no eviction) + provenance + retentionRate: same streams",
  group: "retention",
  fn() {
    sink += retentionRate(pipeline(300)).benchmark.pooledExact!;
  },
});

await loadMilpSolver();
const cohort = generateCohort({ users: 20, seed: 1 });
const optInputs = cohort.users.map((u) => ({
  user: u.uuid,
  facts: u.facts,
  stream: [...simulateWrites(u, { seed: 1 }).values()].flat().map((e) => ({
    id: e.id,
    session: e.session,
    facts: e.facts,
  })),
}));

Deno.bench({
  name: "retentionOptimum: 20 simulated users x B = 5, 20, 50 (60 certified solves)",
  group: "optimum",
  n: 3,
  warmup: 1,
  async fn() {
    for (const b of [5, 20, 50]) {
      for (const u of optInputs) {
        const o = await retentionOptimum(u.user, u.stream, u.facts, { value: b });
        if (o.status !== "optimal") throw new Error(`${u.user} B=${b}: ${o.message}`);
        sink += o.retention!;
      }
    }
  },
});

globalThis.addEventListener("unload", () => {
  if (Number.isNaN(sink)) console.log(sink);
});
