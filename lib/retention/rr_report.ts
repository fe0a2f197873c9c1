/**
 * The `memaudit retention rr` workflow as one function (issue 27 item 1): Memory Retention Rate
 * (paper 003, PerMem-Bench; COMPANIONS §2(a)) from a facts and a presence table, or from
 * PerMem-Bench session and snapshot folders judged for presence. Its input is a discriminated
 * union of the modes ({@linkcode RrInputSchema}); its report's machine shape is one zod schema
 * ({@linkcode rrReportShape}: the `--json` keys, the table and `--csv` columns; published for
 * every k as {@linkcode RR_REPORT}).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { keyPatternSchema, reportShape, rowColumns } from "../base/report_shape.ts";
import { bankFromSnapshotFile, judgeTracks, lexicalJudge, provenanceJudge } from "./judges.ts";
import { pairSnapshotFolders } from "./pair_folders.ts";
import * as read from "./read.ts";
import type { BankSnapshot } from "./replay.ts";
import { endOnUpdate, type FactTrack, retentionRate } from "./retention_rate.ts";

const K = z.number().int().min(2).max(2 ** 31 - 1).default(20);
const REWEIGHT = z.enum(["artifact", "exact"]).default("artifact");

/** What `retentionReport` reads: one of two inputs (strict: a key of the other mode is refused). */
export const RrInputSchema = z.discriminatedUnion("mode", [
  z.strictObject({
    mode: z.literal("tables"),
    facts: z.string().min(1), // FACTS.csv: user,fact,type,t_start,t_target[,superseded_at]
    presence: z.string().min(1), // PRESENCE.csv: user,fact,session,present
    k: K,
    reweight: REWEIGHT,
    end_on_update: z.boolean().default(false), // end a lifespan before its superseded_at session
  }),
  z.strictObject({
    mode: z.literal("folders"), // the facts from the sessions, presence judged in the snapshots
    sessions: z.string().min(1), // the data folder (<uuid>/session_NNNN.json)
    snapshots: z.string().min(1), // one system's snapshots (<uuid>/session_NNNN.json)
    judge: z.enum(["lexical", "provenance"]).default("lexical"),
    k: K,
    reweight: REWEIGHT,
  }),
]);

/**
 * The input of {@linkcode retentionReport}: a facts and a presence table (CSV), or PerMem-Bench
 * folders; k checkpoints per fact (>= 2, default 20), `artifact` (integer replicas, default) or
 * `exact` (L/n per sample) reweighting, the `lexical` (default; an approximation of the
 * benchmark's judge) or `provenance` judge for folders.
 */
export type RrInput = z.input<typeof RrInputSchema>;

const value = z.number().nullable();

/**
 * The report's shape at `k` checkpoints (the K-checkpoint key is `pooled_k<k>`): one row schema
 * gives the users' `--json` rows and, with `facts` and `error`, the table's rows.
 */
function schemas(k: number) {
  const kKey = `pooled_k${k}`;
  const values = {
    pooled_exact: value.describe("RR pooled over every lifespan session (null: no facts)"),
    [kKey]: value.describe("its estimate from k checkpoints per fact (the key is pooled_k<k>)"),
    per_fact_exact: value.describe("the mean over facts of each fact's exact RR"),
  };
  const tableRow = z.strictObject({
    user: z.string(),
    facts: z.number().int(),
    pooled_exact: value,
    [kKey]: value,
    error: value.describe("the K-checkpoint estimate minus the exact pooled RR"),
    per_fact_exact: value,
  });
  const report = z.strictObject({
    judge: z.string().optional().describe("the presence judge (folder input only)"),
    users: z.array(z.strictObject({ user: z.string(), ...values })),
    benchmark: z.strictObject(values).describe("the unweighted mean over users"),
    warnings: z.array(z.string()).describe("what was assumed, also on stderr"),
  });
  return { kKey, tableRow, report };
}

/**
 * The shape of the `retention rr` report at `k` checkpoints, and its table columns.
 *
 * @param k checkpoints per fact
 * @returns the report's shape (`json`, `jsonSchema`) and the columns of its table
 */
export function rrReportShape(k: number) {
  const s = schemas(k);
  return {
    shape: reportShape(
      "retention_rr_report",
      s.report,
      "Generated from lib/retention/rr_report.ts by `deno task schema`; do not edit. " +
        "`memaudit retention rr --json` prints one object of this shape (--out DIR writes it as " +
        "rr.json); its K-checkpoint key is pooled_k<k>, k from --k (>= 2).",
    ),
    columns: rowColumns(s.tableRow),
  };
}

/**
 * The shape of `retention rr --json` at every k, as published
 * (`data/schema/retention_rr_report.schema.json`): {@linkcode rrReportShape}'s with `pooled_k<k>`
 * a key pattern.
 */
export const RR_REPORT: { name: string; jsonSchema(): Record<string, unknown> } = {
  name: "retention_rr_report",
  jsonSchema: () =>
    keyPatternSchema(
      rrReportShape(2).shape.jsonSchema(),
      "pooled_k2",
      "^pooled_k([2-9]|[1-9][0-9]+)$",
    ),
};

/** The columns of `rr_facts.csv`. */
export const RR_FACT_COLUMNS: readonly string[] = (
  "user fact type t_start t_target lifespan checked held exact samples sampled replicas"
).split(" ");

/** The `--json` report of `retention rr` (`K` the K-checkpoint key, `pooled_k<k>`). */
export interface RrReport {
  /** The presence judge (folder input only). */
  judge?: string;
  /** Per user: `user`, `pooled_exact`, `pooled_k<k>`, `per_fact_exact` (null where undefined). */
  users: Record<string, string | number | null>[];
  /** The mean over users of the same three values. */
  benchmark: Record<string, number | null>;
  /** What was assumed (users without a snapshot folder, ...), also on stderr. */
  warnings: string[];
}

/** Result of {@linkcode retentionReport}. */
export interface RrResult {
  /** The `--json` report, checked against {@linkcode rrReportShape}. */
  report: RrReport;
  /** The table's columns (`user, facts, pooled_exact, pooled_k<k>, error, per_fact_exact`). */
  columns: string[];
  /** The table's rows: one per user, then the benchmark (mean over users). */
  rows: Record<string, unknown>[];
  /** The rows of `rr_facts.csv` ({@linkcode RR_FACT_COLUMNS}). */
  facts: Record<string, unknown>[];
  /** The input as validated (defaults filled in). */
  input: z.output<typeof RrInputSchema>;
  /** The presence judge's name (folders), else null. */
  judge: string | null;
}

/** The tracks and checked-session counts of folder input (facts judged in the banks). */
async function folderTracks(
  i: Extract<z.output<typeof RrInputSchema>, { mode: "folders" }>,
  warnings: string[],
): Promise<{ tracks: FactTrack[]; checked: number[]; judge: string }> {
  const paired = pairSnapshotFolders(
    await read.readSessionFolder(i.sessions),
    await read.readSnapshotFolder(i.snapshots),
    { sessions: i.sessions, snapshots: i.snapshots },
  );
  if (paired.sessions.size === 0) {
    const expected = `expected a snapshot folder for at least one user of ${i.sessions}`;
    throw InputError.atRoot(i.snapshots, expected);
  }
  warnings.push(...paired.warnings);
  const banks = new Map<string, BankSnapshot[]>();
  for (const [u, list] of paired.snapshots) banks.set(u, list.map(bankFromSnapshotFile));
  const facts = [...paired.sessions.values()].flatMap(read.referenceFacts);
  const judge = i.judge === "lexical" ? lexicalJudge() : provenanceJudge();
  const tracks = judgeTracks(facts, banks, judge);
  const checked = tracks.map((t) => {
    const have = new Set((banks.get(t.user) ?? []).map((b) => b.session));
    let n = 0;
    for (let x = t.tStart; x <= t.tTarget; x++) n += have.has(x) ? 1 : 0;
    return n;
  });
  return { tracks, checked, judge: judge.name };
}

/** The warning (if any) for lifespan sessions of `tracks` (as read) without a presence row. */
function uncheckedWarning(
  tracks: readonly FactTrack[],
  checked: readonly number[],
  presence: string,
): string[] {
  const gaps = tracks.map((t, n) => t.tTarget - t.tStart + 1 - checked[n]);
  const missing = gaps.reduce((a, g) => a + g, 0);
  if (missing === 0) return [];
  const total = tracks.reduce((a, t) => a + t.tTarget - t.tStart + 1, 0);
  const first = tracks[gaps.findIndex((g) => g > 0)];
  return [
    `absent by default: ${missing} of ${total} lifespan session(s) have no presence row in ` +
    `${presence} and count as absent (${gaps.filter((g) => g > 0).length} fact(s), e.g. ` +
    `${first.user}/${first.fact})`,
  ];
}

/**
 * Memory Retention Rate per user and for the benchmark (the unweighted mean over users): the
 * pooled RR over all sessions (lifespan-weighted), its K-checkpoint estimate and the per-fact
 * macro average (paper 003; lib/retention/retention_rate.ts).
 *
 * @param input the tables or the folders, k, reweighting, judge, end on update
 * @returns the report, the table rows and the per-fact rows
 * @throws {RangeError} when `input` is off {@linkcode RrInputSchema} (naming the field)
 * @throws {InputError} naming the file for a bad table or folder, a facts table without facts,
 *   or snapshots for no user
 */
export async function retentionReport(input: RrInput): Promise<RrResult> {
  const parsed = RrInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RangeError(
      `Cannot compute retention: ${issue.path.join(".") || "(input)"}: ${issue.message}`,
    );
  }
  const i = parsed.data;
  const warnings: string[] = [];
  let tracks: FactTrack[], checked: number[], judge: string | null = null;
  if (i.mode === "tables") {
    ({ tracks, checked } = await read.readFactsAndPresence(i.facts, i.presence, {
      superseded: i.end_on_update,
    }));
    if (tracks.length === 0) {
      throw InputError.atRoot(i.facts, "expected at least one fact, the table has none");
    }
    warnings.push(...uncheckedWarning(tracks, checked, i.presence));
  } else ({ tracks, checked, judge } = await folderTracks(i, warnings));
  // Checked sessions per fact as read (before any truncation).
  const checkedOf = new Map(tracks.map((t, n) => [JSON.stringify([t.user, t.fact]), checked[n]]));
  if (i.mode === "tables" && i.end_on_update) tracks = endOnUpdate(tracks);
  const r = retentionRate(tracks, { k: i.k, reweight: i.reweight });
  const { kKey } = schemas(i.k);
  const { shape, columns } = rrReportShape(i.k);
  const report: RrReport = shape.json({
    ...(judge !== null ? { judge } : {}),
    users: r.users.map((u) => ({
      user: u.user,
      pooled_exact: u.pooledExact,
      [kKey]: u.pooledK,
      per_fact_exact: u.perFactExact,
    })),
    benchmark: {
      pooled_exact: r.benchmark.pooledExact,
      [kKey]: r.benchmark.pooledK,
      per_fact_exact: r.benchmark.perFactExact,
    },
    warnings,
  });
  const row = (user: string, facts: number, v: typeof r.benchmark) => ({
    user,
    facts,
    pooled_exact: v.pooledExact,
    [kKey]: v.pooledK,
    error: v.pooledError,
    per_fact_exact: v.perFactExact,
  });
  return {
    report,
    columns,
    rows: [
      ...r.users.map((u) => row(u.user, u.facts, { ...u, users: 0, usersWithoutFacts: 0 })),
      row(`benchmark (mean of ${r.benchmark.users} users)`, r.facts.length, r.benchmark),
    ],
    facts: r.facts.map((f) => ({
      user: f.user,
      fact: f.fact,
      type: f.type,
      t_start: f.tStart,
      t_target: f.tTarget,
      lifespan: f.lifespan,
      checked: checkedOf.get(JSON.stringify([f.user, f.fact])),
      held: f.held,
      exact: f.exact,
      samples: f.samples,
      sampled: f.sampled,
      replicas: f.replicas,
    })),
    input: i,
    judge,
  };
}
