/**
 * A whole SIMULATED PerMem-Bench-shaped run written to disk, so every
 * reader and the `memaudit retention` commands can be tried offline:
 * session files, one system's budgeted snapshots (replayed FIFO under a
 * gating policy), the facts and presence CSVs (provenance judge, exact on
 * these entries) and a predictions CSV of the policy. Everything it writes
 * is simulated (the folder holds a `SIMULATED.txt` saying so), and its manifest
 * `memaudit-run.json` lists every file with its SHA-256: a later run into the same folder
 * removes those files and nothing else (lib/base/run_dir.ts).
 *
 * With a shard (lib/shard/), only the users at positions p with
 * p mod N = I (users in cohort order) are written, and the folder also holds
 * `shard.json` (the run digest and every file's SHA-256); every draw is
 * seeded per user (`<seed>/<uuid>` for the cohort, `<seed>/writes/<uuid>` for
 * the memory system, `<seed>/session-local/<uuid>` for the noisy gate), so a
 * user's files and rows are the same in a shard as in the whole run, and
 * `memaudit merge` (lib/retention/simulate_shards.ts) joins the shards into
 * exactly the files of one run.
 *
 * @module
 */
import { join, relative, sep } from "node:path";
import { stringifyCsv } from "../base/deps/csv_stringify.ts";
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { writeTextAtomic } from "../base/fs.ts";
import { clearEarlierRun, RUN_MANIFEST, RUN_SCHEMA, RunRecorder } from "../base/run_dir.ts";
import { type Shard, shardItems } from "../shard/partition.ts";
import { runDigest } from "../shard/digest.ts";
import { type Blocks, SHARD_MANIFEST, SHARD_SCHEMA, ShardWriter } from "../shard/manifest.ts";
import { type Cohort, generateCohort, writeCohort } from "./cohort.ts";
import { FACTS_CSV_COLUMNS, PREDICTIONS_CSV_COLUMNS, PRESENCE_CSV_COLUMNS } from "./formats.ts";
import { judgeTracks, provenanceJudge } from "./judges.ts";
import { defaultPolicies, type GatingPolicy } from "./policies.ts";
import { replayBank, simulateWrites, toSnapshotFile } from "./replay.ts";

/** The `kind` of a simulated run's manifest (and of its shards'). */
const RUN_KIND = "retention-simulate";

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
  /** Write only this shard of the users (and `shard.json`). */
  shard?: Shard;
}

/** What {@linkcode writeSimulatedRun} wrote: `memaudit retention simulate --json`. */
const SimulatedRunFilesSchema = z.strictObject({
  sessions: z.string().describe("<out>/permem: session files"),
  snapshots: z.string().describe("<out>/snapshots/<policy>-B<budget>: snapshots"),
  facts: z.string().describe("<out>/facts.csv"),
  presence: z.string().describe("<out>/presence.csv (every lifespan session, provenance judge)"),
  predictions: z.string().describe("<out>/predictions.csv (the policy's decisions)"),
});

/** What {@linkcode writeSimulatedRun} wrote. */
export type SimulatedRunFiles = z.output<typeof SimulatedRunFilesSchema>;

/** The shape of `memaudit retention simulate --json`: its JSON and JSON Schema. */
export const SIMULATED_RUN_REPORT: ReportShape<typeof SimulatedRunFilesSchema> = reportShape(
  "retention_simulate_report",
  SimulatedRunFilesSchema,
  "Generated from lib/retention/simulate.ts by `deno task schema`; do not edit. " +
    "`memaudit retention simulate --json` prints one object of this shape (the paths written).",
);

/** A CSV's header line and one chunk of records per user (joined: the CSV of all rows). */
const csv = (columns: string[], byUser: Record<string, unknown>[][]) => ({
  head: stringifyCsv([], { header: true, columns }),
  chunks: byUser.map((rows) =>
    stringifyCsv(rows.map((r) => columns.map((c) => r[c])), { columns })
  ),
});

/**
 * The snapshots folder's name under `snapshots/`: `<policy>-B<budget>`.
 *
 * @param policy the gating policy's name
 * @param budget the entry budget (Infinity: none, `inf`)
 * @returns the name, the policy's name with runs of other characters than letters and digits as `_`
 */
export function snapshotLabel(policy: string, budget: number): string {
  const name = policy.replace(/[^a-z0-9]+/gi, "_").replace(/_+$/, "");
  return `${name}-B${Number.isFinite(budget) ? budget : "inf"}`;
}

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
 * @throws {InputError} if the folder cannot be made, or `out` holds anything but an earlier
 *   simulated run's files as its manifest lists them (`memaudit-run.json`, or a shard's
 *   `shard.json`: each file with its SHA-256; lib/base/run_dir.ts), before anything is removed
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
    const names = defaultPolicies().map((p) => p.name).join(", ");
    throw new RangeError(
      `Cannot simulate: unknown policy '${opts.policy}'; expected one of ${names}`,
    );
  }
  const cohort = generateCohort({ users, seed, profileShift: opts.profileShift ?? false });
  const all = cohort.users;
  if (opts.shard !== undefined) cohort.users = shardItems(all, opts.shard);
  const budget = opts.budget ?? Infinity;
  const label = snapshotLabel(policy.name, budget);
  const files: SimulatedRunFiles = {
    sessions: join(out, "permem"),
    snapshots: join(out, "snapshots", label),
    facts: join(out, "facts.csv"),
    presence: join(out, "presence.csv"),
    predictions: join(out, "predictions.csv"),
  };
  // Only the earlier run's own files, as its manifest lists them, are removed (issue 29 item 6).
  await clearEarlierRun(out, { kind: RUN_KIND, manifests: RUN_MANIFESTS });
  const run = opts.shard === undefined ? new RunRecorder(RUN_KIND) : undefined;
  const shard = opts.shard === undefined ? undefined : new ShardWriter(out, {
    kind: RUN_KIND,
    shard: opts.shard,
    run: runDigest("memaudit retention simulate", runFlags(all.length, seed, budget, policy, opts)),
    units: all.length,
    unitIds: cohort.users.map((u) => u.uuid),
  });
  // Written as made (a run can be large); a shard's writer records each file's SHA-256.
  const put = async (path: string, text: string | Blocks) => {
    const whole = typeof text === "string" ? text : text.head + text.chunks.join("");
    await writeTextAtomic(path, whole);
    const rel = relative(out, path).split(sep).join("/");
    shard?.record(rel, text);
    run?.record(rel, whole);
  };
  await writeCohort(files.sessions, cohort, put);
  const rows: UserRows[] = [];
  for (const u of cohort.users) {
    const { banks, ...r } = userRows(u, policy, budget, seed);
    for (const b of banks) {
      const name = `session_${String(b.session).padStart(4, "0")}.json`;
      await put(
        join(files.snapshots, u.uuid, name),
        JSON.stringify(toSnapshotFile(u.uuid, b), null, 2) + "\n",
      );
    }
    rows.push(r);
  }
  await put(files.facts, csv([...FACTS_CSV_COLUMNS], rows.map((r) => r.facts)));
  await put(files.presence, csv([...PRESENCE_CSV_COLUMNS], rows.map((r) => r.presence)));
  await put(files.predictions, csv([...PREDICTIONS_CSV_COLUMNS], rows.map((r) => r.predictions)));
  await put(
    join(out, "SIMULATED.txt"),
    `Everything in this folder is SIMULATED by memaudit (seed ${seed}, policy ${policy.name}, ` +
      `budget ${Number.isFinite(budget) ? budget : "none"}); it is not PerMem-Bench data.\n`,
  );
  await shard?.close();
  await run?.writeManifest(out);
  return files;
}

/** The manifests a simulated run writes: `memaudit-run.json`, or a shard's `shard.json`. */
const RUN_MANIFESTS = [
  { name: RUN_MANIFEST, schema: RUN_SCHEMA },
  { name: SHARD_MANIFEST, schema: SHARD_SCHEMA },
];

/** The settings of a simulated run that its shards' run digest records. */
function runFlags(
  users: number,
  seed: number | string,
  budget: number,
  policy: GatingPolicy,
  opts: SimulatedRunOptions,
): Record<string, unknown> {
  return {
    simulated: true,
    users,
    seed: String(seed),
    budget: Number.isFinite(budget) ? budget : null,
    policy: policy.name,
    profile_shift: opts.profileShift ?? false,
  };
}

/** One user's rows of the three CSVs. */
interface UserRows {
  facts: Record<string, unknown>[];
  presence: Record<string, unknown>[];
  predictions: Record<string, unknown>[];
}

/** A user's snapshots (FIFO under the budget, gated by the policy) and CSV rows. */
function userRows(
  u: Cohort["users"][number],
  policy: GatingPolicy,
  budget: number,
  seed: number | string,
): UserRows & { banks: ReturnType<typeof replayBank> } {
  const decisions = policy.decide(u.uuid, u.sessions);
  const skip = new Set(decisions.filter((d) => !d.predicted).map((d) => d.session));
  const banks = replayBank(u.sessions.map((s) => s.session_id), simulateWrites(u, { seed }), {
    maxEntries: budget,
    skip,
  });
  const predictions = decisions.map((d) => ({
    ...d,
    required: Number(d.required),
    predicted: Number(d.predicted),
  }));
  const out: UserRows = { facts: [], presence: [], predictions };
  for (const t of judgeTracks(u.facts, new Map([[u.uuid, banks]]), provenanceJudge())) {
    out.facts.push({
      user: t.user,
      fact: t.fact,
      type: t.type,
      t_start: t.tStart,
      t_target: t.tTarget,
    });
    t.present.forEach((p, i) =>
      out.presence.push({ user: t.user, fact: t.fact, session: t.tStart + i, present: p })
    );
  }
  return { ...out, banks };
}
