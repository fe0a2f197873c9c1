/**
 * A batch's `--out DIR` folder (`memaudit solve DIR --out OUT [--shard I/N]`; issue 29 item 3,
 * "shardable with --shard I/N and merge"): the rows as JSONL and CSV, their wall times beside
 * them, and a summary recomputed from the rows; with a shard, also `shard.json` (lib/shard/), so
 * that `memaudit merge` of the N shard folders ({@linkcode SOLVE_SHARDS}) writes the rows, the
 * CSV and the summary byte-identical to one unsharded run, and the timings in the same row order.
 *
 * Files of a folder ({@linkcode SOLVE_OUT_FILES}):
 * - `solve_rows.jsonl`: one JSON object per (package, budget), packages in list order, the keys
 *   of {@linkcode SolveBatchRowSchema} but `seconds` (the only field that is not deterministic);
 * - `solve_rows.csv`: the same rows and columns, with a header line;
 * - `timings.jsonl`: per row, `{package, file, budget, seconds}` (wall seconds of that solve);
 * - `solve_summary.json`: {@linkcode SolveBatchSummary} (its JSON Schema:
 *   `data/schema/solve_summary.schema.json`).
 *
 * Units of a sharded batch are its listed packages in list order (id: the path as listed; a
 * path listed again gets the first of `#2`, `#3`, ... that no listed path has), each with one
 * line per budget in each file. The run digest holds the listed paths, the settings and the
 * SHA-256 of every listed package's files.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { statOrNull } from "../base/fs.ts";
import { CSV_CAST, stringifyCsv } from "../base/deps/csv_stringify.ts";
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { writeFileSet } from "../base/write_files.ts";
import { type InputDigest, inputDigests, runDigest } from "../shard/digest.ts";
import { type Blocks, removeShardManifest, ShardWriter } from "../shard/manifest.ts";
import type { JoinedRun, KindFinish, ShardKind } from "../shard/join.ts";
import { type Shard, shardItems } from "../shard/partition.ts";
import { batchWarnings, SOLVE_BATCH_COLUMNS, type SolveBatchRow } from "../solve/batch.ts";

/** The file names of a batch's `--out` folder (and of a merged one). */
export const SOLVE_OUT_FILES = {
  rows: "solve_rows.jsonl",
  csv: "solve_rows.csv",
  timings: "timings.jsonl",
  summary: "solve_summary.json",
} as const;

/** The `kind` of a batch shard's manifest. */
export const SOLVE_KIND = "solve";

/** The columns of `solve_rows.jsonl` and `solve_rows.csv`: every row key but `seconds`. */
export const SOLVE_OUT_COLUMNS: readonly string[] = SOLVE_BATCH_COLUMNS.filter((c) =>
  c !== "seconds"
);

const count = z.number().int().min(0);

/** The settings of a batch that change its rows, as `solve_summary.json` records them. */
const SettingsSchema = z.strictObject({
  budgets: z.array(z.number()).nullable().describe("the --budgets, or null for each package's own"),
  solver: z.string().describe("the --solver"),
  k: z.number().int().nullable().describe("the --k, or null for each package's own"),
  time_limit_ms: z.number().nullable().describe("the --time-limit in milliseconds, or null"),
});

/** The settings of a batch that change its rows (a sharded batch's run digest flags). */
export type SolveBatchSettings = { files: string[] } & z.output<typeof SettingsSchema>;

/** `solve_summary.json`: what the rows add up to. */
const SolveSummarySchema = z.strictObject({
  packages: count.describe("packages solved (this shard's; the whole list's unsharded or merged)"),
  rows: count.describe("rows, one per (package, budget)"),
  shard: z.string().nullable().describe("I/N in a shard's folder; null unsharded and merged"),
  settings: SettingsSchema.describe("the settings but the listed paths (they are the rows' file)"),
  statuses: z.strictObject({
    optimal: count,
    unverified: count,
    time_limit: count,
    no_certificate: count,
  }).describe("rows per status"),
  warnings: z.array(z.string()).describe(
    "what the rows repeat (lib/solve/batch.ts batchWarnings): a path listed twice, a budget a package lists twice, a package id given by two files, in list order",
  ),
});

/** `solve_summary.json` ({@linkcode SOLVE_SUMMARY}). */
export type SolveBatchSummary = z.output<typeof SolveSummarySchema>;

/** The shape of `solve_summary.json`: its keys and JSON Schema. */
export const SOLVE_SUMMARY: ReportShape<typeof SolveSummarySchema> = reportShape(
  "solve_summary",
  SolveSummarySchema,
  "Generated from lib/cli/solve_batch_out.ts by `deno task schema`; do not edit. " +
    "`memaudit solve DIR --out OUT` (and `memaudit merge` of its shards) writes " +
    "OUT/solve_summary.json in this shape.",
);

/**
 * The summary of a batch's rows (without `seconds`, in order), a pure function of them, the
 * settings, the count of packages solved and the shard (a merge recomputes it from the joined
 * rows). Its warnings are those of `readBatch` for the shard's listing.
 */
export function batchSummary(
  settings: SolveBatchSettings,
  rows: readonly Omit<SolveBatchRow, "seconds">[],
  packages: number,
  shard?: Shard,
): SolveBatchSummary {
  const statuses = { optimal: 0, unverified: 0, time_limit: 0, no_certificate: 0 };
  const byFile = new Map<string, Omit<SolveBatchRow, "seconds">[]>();
  for (const r of rows) {
    statuses[r.status]++;
    byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  }
  // The listing of these rows (every listing of a path has the same rows), as readBatch saw it.
  const listed = shardItems(settings.files, shard);
  const times = new Map<string, number>();
  for (const f of listed) times.set(f, (times.get(f) ?? 0) + 1);
  const warnings = batchWarnings(listed.flatMap((file) => {
    const own = byFile.get(file) ?? [];
    if (own.length === 0) return [];
    const budgets = own.slice(0, own.length / times.get(file)!).map((r) => r.budget);
    return [{ file, id: own[0].package, budgets }];
  }));
  const { files: _files, ...rest } = settings;
  return {
    packages,
    rows: rows.length,
    shard: shard === undefined ? null : `${shard.index}/${shard.count}`,
    settings: rest,
    statuses,
    warnings,
  };
}

const summaryText = (s: SolveBatchSummary) => JSON.stringify(SOLVE_SUMMARY.json(s), null, 2) + "\n";

/** A row without its `seconds`, keys in {@linkcode SOLVE_OUT_COLUMNS} order. */
function untimed({ seconds: _, ...rest }: SolveBatchRow): Omit<SolveBatchRow, "seconds"> {
  return rest;
}

/** The CSV lines of rows (no header). */
function csvLines(rows: readonly Omit<SolveBatchRow, "seconds">[]): string {
  const cells = rows.map((r) => SOLVE_OUT_COLUMNS.map((c) => r[c as keyof typeof r] ?? ""));
  return rows.length === 0 ? "" : stringifyCsv(cells, { cast: CSV_CAST });
}

/** The three row files of a batch as blocks: one chunk per package (its budgets' lines). */
function rowBlocks(perPackage: readonly SolveBatchRow[][]): Record<string, Blocks> {
  const rows = perPackage.map((p) => p.map(untimed));
  return {
    [SOLVE_OUT_FILES.rows]: {
      head: "",
      chunks: rows.map((p) => p.map((r) => JSON.stringify(r) + "\n").join("")),
    },
    [SOLVE_OUT_FILES.csv]: {
      head: stringifyCsv([], { header: true, columns: [...SOLVE_OUT_COLUMNS] }),
      chunks: rows.map(csvLines),
    },
    [SOLVE_OUT_FILES.timings]: {
      head: "",
      chunks: perPackage.map((p) =>
        p.map(({ package: id, file, budget, seconds }) =>
          JSON.stringify({ package: id, file, budget, seconds }) + "\n"
        ).join("")
      ),
    },
  };
}

/**
 * The unit ids of a batch, one per listed path, all distinct: the path, a path listed again with
 * `#2`, `#3`, ... (the first such suffix that no listed path and no earlier id has: `a.json#2`
 * may be a file of its own).
 */
export function batchUnitIds(files: readonly string[]): string[] {
  const taken = new Set(files), seen = new Set<string>(), last = new Map<string, number>();
  return files.map((f) => {
    if (!seen.has(f)) {
      seen.add(f);
      return f;
    }
    let n = last.get(f) ?? 1, id: string;
    do id = `${f}#${++n}`; while (taken.has(id));
    last.set(f, n);
    taken.add(id);
    return id;
  });
}

/**
 * What {@linkcode writeBatchOut} writes: the output folder, the settings (with every listed path,
 * all shards'), the rows of each package solved in list order (this shard's packages), the shard
 * (undefined for the whole list) and the run digest's inputs (a shard's), hashed when the packages
 * were read, before solving (a file edited while the batch solves must not give a digest of
 * content that was not solved); hashed when writing when absent.
 */
export interface BatchOut {
  dir: string;
  settings: SolveBatchSettings;
  perPackage: readonly SolveBatchRow[][];
  shard?: Shard;
  inputs?: readonly InputDigest[];
}

/**
 * Clears an `--out` folder's manifest (the folder may not exist yet) before a batch solves
 * (sharded or not): a `shard.json` of an earlier solve shard is removed, so a whole run leaves no
 * stale manifest beside its rows and an interrupted shard none at all; any other `shard.json` is
 * a refusal before anything is solved.
 *
 * @throws {InputError} naming a `shard.json` that is not a solve shard's manifest
 */
export function clearBatchManifest(dir: string): Promise<void> {
  return removeShardManifest(dir, SOLVE_KIND);
}

/**
 * Checks an `--out` folder (it may not exist yet) before a batch solves, so that a target the write
 * would refuse (after every package is solved) is refused first: `dir` or a parent of it that is a
 * file, or a folder where one of the batch's files goes (`shard.json` too when `sharded`). Nothing
 * is made or removed.
 *
 * @throws {InputError} naming the file in the way ("expected a folder (it or a parent is a file)")
 *   or the folder that is in a file's place ("expected a file, found a folder"); verb "write"
 */
export async function checkBatchOut(dir: string, sharded: boolean): Promise<void> {
  const refuse = (path: string, expected: string) => {
    throw new InputError(path, { path: "" }, expected, [], "write");
  };
  for (let at = dir;; at = dirname(at)) {
    const info = await statOrNull(at);
    if (info !== null && !info.isDirectory) {
      refuse(dir, "expected a folder (it or a parent is a file)");
    }
    if (info !== null || dirname(at) === at) break;
  }
  const names = [...Object.values(SOLVE_OUT_FILES), ...(sharded ? ["shard.json"] : [])];
  for (const name of names) {
    const path = join(dir, name);
    if ((await statOrNull(path))?.isDirectory) refuse(path, "expected a file, found a folder");
  }
}

/**
 * Writes a batch's `--out` folder as one set (see the module doc); with a shard, through a
 * {@linkcode ShardWriter}, `shard.json` last. Resolves to the paths written, by role (rows, csv,
 * timings, summary and, with a shard, manifest).
 *
 * @throws {InputError} if a listed package cannot be read for its digest, or a file cannot be
 *   written (a target that is a folder leaves none written)
 */
export async function writeBatchOut(out: BatchOut): Promise<Record<string, string>> {
  const blocks = rowBlocks(out.perPackage);
  const rows = out.perPackage.flat().map(untimed);
  const summary = summaryText(batchSummary(out.settings, rows, out.perPackage.length, out.shard));
  const paths: Record<string, string> = Object.fromEntries(
    Object.entries(SOLVE_OUT_FILES).map(([role, name]) => [role, join(out.dir, name)]),
  );
  if (out.shard === undefined) {
    await writeFileSet([
      ...Object.entries(blocks).map(([name, b]) =>
        [join(out.dir, name), b.head + b.chunks.join("")] as const
      ),
      [paths.summary, summary],
    ]);
    return paths;
  }
  const ids = batchUnitIds(out.settings.files);
  const writer = new ShardWriter(out.dir, {
    kind: SOLVE_KIND,
    shard: out.shard,
    run: runDigest(
      "memaudit solve",
      { ...out.settings },
      out.inputs ?? await inputDigests(out.settings.files),
    ),
    units: ids.length,
    unitIds: ids.filter((_, p) => p % out.shard!.count === out.shard!.index),
  });
  for (const [name, b] of Object.entries(blocks)) writer.write(name, b);
  writer.write(SOLVE_OUT_FILES.summary, summary, "none");
  await writer.close();
  return { ...paths, manifest: join(out.dir, "shard.json") };
}

/** The merged summary, from the joined rows and the run's settings. */
function finish(run: JoinedRun): Promise<KindFinish> {
  const settings = run.manifest.run.flags as unknown as SolveBatchSettings;
  const text = run.texts.get(SOLVE_OUT_FILES.rows) ?? "";
  const lines = text.split("\n").slice(0, -1);
  const rows = lines.map((l, i) => {
    try {
      return JSON.parse(l) as Omit<SolveBatchRow, "seconds">;
    } catch {
      throw new InputError(
        `${run.outDir}/${SOLVE_OUT_FILES.rows}`,
        { path: `line ${i + 1}` },
        "expected a JSON row of memaudit solve",
      );
    }
  });
  const summary = batchSummary(settings, rows, run.unitIds.length);
  const { rows: results, ...others } = SOLVE_OUT_FILES;
  return Promise.resolve({
    files: [[SOLVE_OUT_FILES.summary, summaryText(summary)]],
    rows: rows.length,
    report: { results, ...others },
  });
}

/** `memaudit solve DIR --shard I/N --out OUT` as a kind of sharded run (lib/cli/mergers.ts). */
export const SOLVE_SHARDS: ShardKind = { kind: SOLVE_KIND, finish };
