/**
 * A whole SIMULATED PerMem-Bench-shaped run written to disk, so every
 * reader and the `memaudit retention` commands can be tried offline:
 * session files, one system's budgeted snapshots (replayed FIFO under a
 * gating policy), the facts and presence CSVs (provenance judge, exact on
 * these entries) and a predictions CSV of the policy. Everything it writes
 * is simulated (the folder holds a `SIMULATED.txt` saying so).
 *
 * With a shard (lib/shard.ts), only the users at positions p with
 * p mod N = I (users in cohort order) are written, and the folder also holds
 * `retention_shard.json` (the shard and the run's identity); every draw is
 * seeded per user (`<seed>/<uuid>` for the cohort, `<seed>/writes/<uuid>` for
 * the memory system, `<seed>/session-local/<uuid>` for the noisy gate), so a
 * user's files and rows are the same in a shard as in the whole run, and
 * `mergeRetentionShards` (lib/retention/simulate_shards.ts) joins the shards
 * into exactly the files of one run.
 *
 * @module
 */
import { join } from "node:path";
import { stringifyCsv } from "../deps.ts";
import { writeTextAtomic } from "../fs.ts";
import { type Shard, shardItems } from "../shard.ts";
import { generateCohort, writeCohort } from "./cohort.ts";
import { judgeTracks, provenanceJudge } from "./judges.ts";
import { defaultPolicies } from "./policies.ts";
import { replayBank, simulateWrites, toSnapshotFile } from "./replay.ts";

/** Options of {@linkcode writeSimulatedRun}. */
export interface SimulatedRunOptions {
  /** Users (default 5). */
  users?: number;
  /** Seed of the cohort, the memory system and the noisy gate (default 0). */
  seed?: number | string;
  /** Entry budget of the snapshots (default: none). */
  budget?: number;
  /** Gating policy by name, one of `defaultPolicies()` (default `universal`). */
  policy?: string;
  /** Add the dynamic variant's profile shift (default false). */
  profileShift?: boolean;
  /** Write only this shard of the users (and `retention_shard.json`). */
  shard?: Shard;
}

/** Schema tag of a retention-simulate shard's `retention_shard.json`. */
export const RETENTION_SHARD_SCHEMA = "memaudit.retention-simulate-shard/1";

/** File name of a retention-simulate shard's record. */
export const RETENTION_SHARD_FILE = "retention_shard.json";

/** What identifies a simulated retention run (equal across its shards). */
export interface RetentionRunIdentity {
  /** Always true. */
  simulated: true;
  /** Users of the whole run. */
  users: number;
  /** Seed, as text (`--seed 0` and the default 0 are one run). */
  seed: string;
  /** Entry budget (null: none). */
  budget: number | null;
  /** Gating policy name. */
  policy: string;
  /** Profile shift added. */
  profile_shift: boolean;
}

/** The content of `retention_shard.json`. */
export interface RetentionShardMeta {
  /** {@linkcode RETENTION_SHARD_SCHEMA}. */
  schema: string;
  /** This shard. */
  shard: Shard;
  /** The run. */
  run: RetentionRunIdentity;
  /** Units (users) of the whole run. */
  units: number;
  /** This shard's users, in cohort order. */
  shard_users: string[];
  /** The snapshots folder's name under `snapshots/` (`<policy>-B<budget>`). */
  snapshots: string;
}

/** What {@linkcode writeSimulatedRun} wrote. */
export interface SimulatedRunFiles {
  /** `<out>/permem`: session files. */
  sessions: string;
  /** `<out>/snapshots/<policy>-B<budget>`: snapshots. */
  snapshots: string;
  /** `<out>/facts.csv`. */
  facts: string;
  /** `<out>/presence.csv` (every lifespan session, provenance judge). */
  presence: string;
  /** `<out>/predictions.csv` (the policy's decisions). */
  predictions: string;
}

const csv = (columns: string[], rows: Record<string, unknown>[]) =>
  stringifyCsv(rows.map((r) => columns.map((c) => r[c])), { header: true, columns });

/**
 * Most users {@linkcode writeSimulatedRun} simulates: 50 x PerMem-Bench's 20.
 * The run is held in memory before it is written; 100,000 users exhausted the heap.
 */
export const MAX_SIMULATED_USERS = 1000;

/**
 * Generates and writes a simulated run.
 *
 * @param out the output folder
 * @param opts users, seed, budget, policy, profile shift, shard
 * @returns the paths written
 * @throws {RangeError} for an unknown policy or a bad option (users outside
 *   [1, {@linkcode MAX_SIMULATED_USERS}])
 * @throws {InputError} if the folder cannot be made
 */
export async function writeSimulatedRun(
  out: string,
  opts: SimulatedRunOptions = {},
): Promise<SimulatedRunFiles> {
  const users = opts.users ?? 5;
  if (!(Number.isSafeInteger(users) && users >= 1 && users <= MAX_SIMULATED_USERS)) {
    // The run is built in memory before it is written (about 0.4 MB and 1.2 MB of files a user).
    throw new RangeError(
      `Cannot simulate: users must be an integer in [1, ${MAX_SIMULATED_USERS}], got ${users}`,
    );
  }
  const seed = opts.seed ?? 0;
  const policy = defaultPolicies(seed).find((p) => p.name === (opts.policy ?? "universal"));
  if (policy === undefined) {
    throw new RangeError(
      `Cannot simulate: unknown policy '${opts.policy}'; expected one of ${
        defaultPolicies().map((p) => p.name).join(", ")
      }`,
    );
  }
  const cohort = generateCohort({
    users,
    seed,
    profileShift: opts.profileShift ?? false,
  });
  const all = cohort.users;
  if (opts.shard !== undefined) cohort.users = shardItems(all, opts.shard);
  const budget = opts.budget ?? Infinity;
  const label = `${policy.name.replace(/[^a-z0-9]+/gi, "_").replace(/_+$/, "")}-B${
    Number.isFinite(budget) ? budget : "inf"
  }`;
  const files: SimulatedRunFiles = {
    sessions: join(out, "permem"),
    snapshots: join(out, "snapshots", label),
    facts: join(out, "facts.csv"),
    presence: join(out, "presence.csv"),
    predictions: join(out, "predictions.csv"),
  };
  await writeCohort(files.sessions, cohort);
  const factRows: Record<string, unknown>[] = [];
  const presenceRows: Record<string, unknown>[] = [];
  const predictionRows: Record<string, unknown>[] = [];
  for (const u of cohort.users) {
    const decisions = policy.decide(u.uuid, u.sessions);
    const skip = new Set(decisions.filter((d) => !d.predicted).map((d) => d.session));
    const banks = replayBank(u.sessions.map((s) => s.session_id), simulateWrites(u, { seed }), {
      maxEntries: budget,
      skip,
    });
    for (const b of banks) {
      const name = `session_${String(b.session).padStart(4, "0")}.json`;
      await writeTextAtomic(
        join(files.snapshots, u.uuid, name),
        JSON.stringify(toSnapshotFile(u.uuid, b), null, 2) + "\n",
      );
    }
    const tracks = judgeTracks(u.facts, new Map([[u.uuid, banks]]), provenanceJudge());
    for (const t of tracks) {
      factRows.push({
        user: t.user,
        fact: t.fact,
        type: t.type,
        t_start: t.tStart,
        t_target: t.tTarget,
      });
      t.present.forEach((p, i) =>
        presenceRows.push({ user: t.user, fact: t.fact, session: t.tStart + i, present: p })
      );
    }
    for (const d of decisions) {
      predictionRows.push({
        user: d.user,
        session: d.session,
        required: d.required ? 1 : 0,
        predicted: d.predicted ? 1 : 0,
      });
    }
  }
  await writeTextAtomic(
    files.facts,
    csv(["user", "fact", "type", "t_start", "t_target"], factRows),
  );
  await writeTextAtomic(
    files.presence,
    csv(["user", "fact", "session", "present"], presenceRows),
  );
  await writeTextAtomic(
    files.predictions,
    csv(["user", "session", "required", "predicted"], predictionRows),
  );
  if (opts.shard !== undefined) {
    const meta: RetentionShardMeta = {
      schema: RETENTION_SHARD_SCHEMA,
      shard: { index: opts.shard.index, count: opts.shard.count },
      run: {
        simulated: true,
        users: all.length,
        seed: String(seed),
        budget: Number.isFinite(budget) ? budget : null,
        policy: policy.name,
        profile_shift: opts.profileShift ?? false,
      },
      units: all.length,
      shard_users: cohort.users.map((u) => u.uuid),
      snapshots: label,
    };
    await writeTextAtomic(join(out, RETENTION_SHARD_FILE), JSON.stringify(meta, null, 2) + "\n");
  }
  await writeTextAtomic(
    join(out, "SIMULATED.txt"),
    `Everything in this folder is SIMULATED by memaudit (seed ${seed}, policy ${policy.name}, ` +
      `budget ${Number.isFinite(budget) ? budget : "none"}); it is not PerMem-Bench data.\n`,
  );
  return files;
}
