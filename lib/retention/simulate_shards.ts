/**
 * The merge of `memaudit retention simulate --shard I/N` folders back into
 * the files one unsharded run writes (issue 14, "beyond one machine"; the
 * rule is lib/shard.ts's; units are the simulated users in cohort order).
 *
 * A shard folder (written by {@linkcode writeSimulatedRun} with a shard)
 * holds its users' session files and snapshots, the three CSVs with its
 * users' rows, `SIMULATED.txt` and `retention_shard.json` (shard, run
 * identity, its users). The merge copies every user's files, interleaves the
 * CSV rows back into cohort order (each record's text kept as written) and
 * writes `SIMULATED.txt`: byte-identical to one run; `retention_shard.json`
 * is not written. Everything is SIMULATED (not PerMem-Bench data).
 *
 * @module
 */
import { join } from "node:path";
import { parseCsv, z } from "../deps.ts";
import { canonicalJson } from "../canonical_json.ts";
import { InputError } from "../errors.ts";
import { readTextInput, statOrNull } from "../fs.ts";
import { writeFileSet } from "../_write_files.ts";
import { NAMES_JSON, readShardMeta, readShardSet, shardMergeError } from "../_shard_files.ts";
import { mergeShards } from "../shard.ts";
import { readDirSorted } from "./_dir.ts";
import {
  RETENTION_SHARD_FILE,
  RETENTION_SHARD_SCHEMA,
  type RetentionShardMeta,
} from "./simulate.ts";

/** The CSVs of a simulated run, in the order written. */
const CSVS = ["facts.csv", "presence.csv", "predictions.csv"] as const;

/** What {@linkcode mergeRetentionShards} wrote. */
export interface RetentionMergeResult {
  /** Shards joined. */
  shards: number;
  /** Users of the run. */
  units: number;
  /** CSV rows written (the three CSVs together). */
  rows: number;
  /** File role → path written (session and snapshot folders, the CSVs, SIMULATED.txt). */
  files: Record<string, string>;
}

/** Every file under `from` (names sorted, depth first) as [path relative to `from`, text]. */
async function readTree(from: string, at = ""): Promise<[string, string][]> {
  const files: [string, string][] = [];
  for (const e of await readDirSorted(join(from, at))) {
    const rel = join(at, e.name);
    if (e.isDirectory) files.push(...await readTree(from, rel));
    else if (e.isFile) files.push([rel, await readTextInput(join(from, rel))]);
  }
  return files;
}

/** Each record's raw text, grouped by its `user` column, plus the header line. */
function rowsByUser(text: string, file: string): { header: string; byUser: Map<string, string> } {
  // Records are joined as written: a last one without its newline would run into the next.
  if (!text.endsWith("\n")) {
    throw new InputError(file, { path: "" }, "expected whole lines ending in a newline");
  }
  const nl = text.indexOf("\n");
  const header = nl < 0 ? text : text.slice(0, nl + 1);
  let recs: { record: Record<string, string>; raw: string }[];
  try {
    recs = parseCsv(text, { columns: true, raw: true });
  } catch (err) {
    throw new InputError(file, { path: "" }, `expected CSV (${(err as Error).message})`);
  }
  const byUser = new Map<string, string>();
  recs.forEach(({ record, raw }, i) => {
    if (typeof record.user !== "string") {
      throw new InputError(file, { row: i + 1, column: "user" }, "expected a user column");
    }
    byUser.set(record.user, (byUser.get(record.user) ?? "") + raw);
  });
  return { header, byUser };
}

/**
 * Joins the folders of a simulated retention run's shards into `outDir`:
 * the files one unsharded `memaudit retention simulate` writes.
 *
 * @param dirs the shard folders, any order
 * @param outDir the merged folder
 * @returns shards, users, CSV rows and the paths written
 * @throws {InputError} naming the folder or file: not a shard, shards of different runs (users,
 *   seed, budget, policy, shift), overlapping or missing shards, a shard whose users or rows
 *   are not its share, a CSV whose header differs from the first shard's or whose last record
 *   has no newline; all before anything is written
 */
export async function mergeRetentionShards(
  dirs: readonly string[],
  outDir: string,
): Promise<RetentionMergeResult> {
  const { shards } = await readShardSet(dirs, outDir, async (dir) => {
    const meta = await readShardMeta<RetentionShardMeta>(
      join(dir, RETENTION_SHARD_FILE),
      RETENTION_SHARD_SCHEMA,
      "retention-simulate",
      { units: z.int().nonnegative(), shard_users: NAMES_JSON, snapshots: z.string().min(1) },
    );
    return { dir, shard: meta.shard, meta };
  }, {
    same: (a, b) =>
      canonicalJson(a.meta.run) === canonicalJson(b.meta.run) &&
      a.meta.snapshots === b.meta.snapshots,
    file: (s) => join(s.dir, RETENTION_SHARD_FILE),
    path: "run",
    detail: "same users, seed, budget, policy, shift",
  });
  const n = shards.length;
  const first = shards[0];
  let users: string[];
  try {
    users = mergeShards(
      shards.map((s) => ({ shard: s.shard, items: s.meta.shard_users, label: s.dir })),
    );
  } catch (err) {
    throw shardMergeError(dirs, (err as Error).message);
  }
  if (users.length !== first.meta.units) {
    throw shardMergeError(
      dirs,
      `expected ${first.meta.units} users over the shards, found ${users.length}`,
    );
  }
  const owner = new Map<string, string>();
  for (const s of shards) for (const u of s.meta.shard_users) owner.set(u, s.dir);
  const label = first.meta.snapshots;
  const files: Record<string, string> = {
    sessions: join(outDir, "permem"),
    snapshots: join(outDir, "snapshots", label),
  };
  // Everything is read and checked before the first file is written (nothing half-merged).
  // Files in the order one run writes them: sessions, then per user its snapshots.
  const writes: [string, string][] = [];
  for (const u of users) {
    const from = join(owner.get(u)!, "permem", u);
    if (!(await statOrNull(from))?.isDirectory) {
      throw new InputError(
        from,
        { path: "" },
        `expected the session folder of user ${u} (listed in ${RETENTION_SHARD_FILE})`,
      );
    }
    for (const [rel, text] of await readTree(from)) {
      writes.push([join(files.sessions, u, rel), text]);
    }
  }
  for (const u of users) {
    const from = join(owner.get(u)!, "snapshots", label, u);
    if (!(await statOrNull(from))?.isDirectory) continue;
    for (const [rel, text] of await readTree(from)) {
      writes.push([join(files.snapshots, u, rel), text]);
    }
  }
  let rows = 0;
  for (const name of CSVS) {
    const parts = new Map<string, { header: string; byUser: Map<string, string> }>();
    for (const s of shards) {
      const file = join(s.dir, name);
      const part = rowsByUser(await readTextInput(file), file);
      const mine = new Set(s.meta.shard_users);
      for (const u of part.byUser.keys()) {
        if (!mine.has(u)) {
          throw new InputError(
            file,
            { path: "" },
            `expected rows of this shard's users only, found ${u}`,
          );
        }
      }
      if (parts.size > 0 && part.header !== parts.get(first.dir)!.header) {
        throw new InputError(
          file,
          { row: 1, column: "(header)" },
          `expected the header of ${join(first.dir, name)}: ${
            parts.get(first.dir)!.header.trimEnd()
          }`,
        );
      }
      parts.set(s.dir, part);
    }
    const header = parts.get(first.dir)!.header;
    let text = header;
    for (const u of users) {
      const raw = parts.get(owner.get(u)!)!.byUser.get(u) ?? "";
      text += raw;
      rows += raw === "" ? 0 : parseCsv(raw, { columns: false }).length;
    }
    const role = name.replace(/\.csv$/, "");
    files[role] = join(outDir, name);
    writes.push([files[role], text]);
  }
  files.simulated = join(outDir, "SIMULATED.txt");
  writes.push([files.simulated, await readTextInput(join(first.dir, "SIMULATED.txt"))]);
  await writeFileSet(writes);
  return { shards: n, units: users.length, rows, files };
}
