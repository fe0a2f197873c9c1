/**
 * Natural-package scoring as a run with files and shards (the LoCoMo half of `memaudit natural`;
 * lib/longmemeval/run.ts is the LongMemEval half): LoCoMo
 * conversations → support-slice packages (the scoring set of
 * `convertLocomo`) → certified OPT and the writers at each budget
 * (`scoreNatural`, paper 000 §5) → per-package rows and a summary with the
 * conversation-clustered bootstrap (`summarizeNatural`). With a shard, only
 * the packages at positions p with p mod N = I (lib/shard/) are scored and
 * the folder gets its `shard.json`; `memaudit merge` ({@linkcode NATURAL_SHARDS})
 * joins the shard folders into the files of one run.
 *
 * @module
 */
import { sha256File } from "../base/hash.ts";
import { join } from "node:path";
import { InputError } from "../base/errors.ts";
import { writeFileSet } from "../base/write_files.ts";
import { canonicalJson, sortedPrettyJson } from "../base/canonical_json.ts";
import { type Shard, shardItems } from "../shard/partition.ts";
import { inputDigests, runDigest } from "../shard/digest.ts";
import { chunksByLines, ShardWriter } from "../shard/manifest.ts";
import type { JoinedRun, KindFinish, ShardKind } from "../shard/join.ts";
import type { NaturalScoreRow } from "./score_natural.ts";
import type { NaturalGridSchema, NaturalReportSchema } from "./report.ts";
import type { z } from "../base/deps/zod.ts";
import type { Package } from "../package/schema.ts";

/** File names of a natural run's folder. */
export const NATURAL_FILES = {
  rows: "natural_rows.jsonl",
  summary: "natural_summary.json",
} as const;

/** The settings of a natural run (recorded in its summary; shards of one run share them). */
export type NaturalGrid = z.output<typeof NaturalGridSchema>;

/** The summary file of a natural run: its settings, row count and per-(method, budget) means. */
export type NaturalRunSummary = z.output<typeof NaturalReportSchema>;

/** Options of {@linkcode runNatural}. */
export interface NaturalRunOptions {
  /** LoCoMo JSON file (`locomo10.json` or the shared `locomo8.json`). */
  locomo: string;
  /** Keep only these conversations (sample ids), in file order. */
  conversations?: readonly string[];
  /** Budgets (default 30, 60, 100). */
  budgets?: readonly number[];
  /** Writer ids (default `NATURAL_METHODS`). */
  methods?: readonly string[];
  /** Group cap k of OPT. */
  k?: number;
  /** Score only this shard's packages. */
  shard?: Shard;
  /** Output folder. */
  outDir: string;
  /** Called after each package: packages done, packages of this run (shard). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The summary of a run's rows (the conversation-clustered bootstrap).
 *
 * @param grid the run's settings
 * @param rows its rows
 * @returns the summary file's content
 */
export async function summaryOf(
  grid: NaturalGrid,
  rows: readonly NaturalScoreRow[],
): Promise<NaturalRunSummary> {
  const { summarizeNatural } = await import("./score_natural.ts");
  return { grid, rows: rows.length, summary: summarizeNatural(rows) };
}

/**
 * Writes a run's folder (a shard's through a {@linkcode ShardWriter}, with its manifest), each
 * package as `packages/<package id>.json` (readable by `memaudit validate/solve`).
 */
async function writeRun(
  opts: NaturalRunOptions,
  grid: NaturalGrid,
  rows: readonly NaturalScoreRow[],
  packages: readonly Package[],
): Promise<NaturalRunSummary> {
  const summary = await summaryOf(grid, rows);
  const rowsText = rows.map((r) => canonicalJson(r) + "\n").join("");
  const { packageToJson } = await import("../package/json_io.ts");
  const packageFiles = packages.map((p): [string, string] => [
    join(opts.outDir, "packages", `${p.id}.json`),
    packageToJson(p),
  ]);
  if (grid.shard === undefined) {
    // One set: no file is written when any target is bad.
    await writeFileSet([
      ...packageFiles,
      [join(opts.outDir, NATURAL_FILES.rows), rowsText],
      [join(opts.outDir, NATURAL_FILES.summary), sortedPrettyJson(summary)],
    ]);
    return summary;
  }
  const { shard, ...whole } = grid;
  const writer = new ShardWriter(opts.outDir, {
    kind: "natural",
    shard,
    run: runDigest("memaudit natural", whole, await inputDigests([opts.locomo])),
    units: grid.packages,
    unitIds: packages.map((p) => p.id),
  });
  const perPackage = grid.budgets.length * (grid.methods.length + 1);
  writer.write(NATURAL_FILES.rows, chunksByLines(rowsText, 0, perPackage));
  writer.write(NATURAL_FILES.summary, sortedPrettyJson(summary), "none");
  await writer.close();
  if (packageFiles.length > 0) await writeFileSet(packageFiles);
  return summary;
}

/**
 * Scores the support-slice packages of a LoCoMo file (or this shard's share
 * of them) and writes `natural_rows.jsonl` (one canonical-JSON row per
 * (package, budget, method)) and `natural_summary.json` to `outDir`.
 *
 * @example Score two conversations at B = 30
 * ```ts ignore
 * await runNatural({ locomo: "../shared/data/locomo/locomo8.json", conversations: ["conv-26"],
 *   budgets: [30], outDir: "out/natural" });
 * ```
 *
 * @param opts data, budgets, writers, k, shard, output folder
 * @returns the summary written
 * @throws {InputError} for a bad LoCoMo file or an unknown conversation id
 * @throws {RangeError} for an unknown writer id
 */
export async function runNatural(opts: NaturalRunOptions): Promise<NaturalRunSummary> {
  const [{ loadLocomo }, { convertLocomo }, nat] = await Promise.all([
    import("./load_locomo.ts"),
    import("./convert.ts"),
    import("./score_natural.ts"),
  ]);
  const methods = [...(opts.methods ?? nat.NATURAL_METHODS)];
  const budgets = [...(opts.budgets ?? [30, 60, 100])];
  let samples = await loadLocomo(opts.locomo);
  if (opts.conversations !== undefined) {
    const known = new Set(samples.map((s) => s.sample_id));
    for (const c of opts.conversations) {
      if (!known.has(c)) {
        throw InputError.atRoot(
          opts.locomo,
          `expected a conversation '${c}' (the file has ${[...known].join(", ")})`,
        );
      }
    }
    const keep = new Set(opts.conversations);
    samples = samples.filter((s) => keep.has(s.sample_id));
  }
  const { scoring } = convertLocomo(samples);
  const grid: NaturalGrid = {
    data: { file: opts.locomo.replace(/^.*[\\/]/, ""), sha256: await sha256File(opts.locomo) },
    conversations: opts.conversations === undefined ? null : [...opts.conversations],
    packages: scoring.length,
    budgets,
    methods,
    k: opts.k ?? null,
  };
  if (opts.shard !== undefined) grid.shard = { ...opts.shard };
  const mine = shardItems(scoring, opts.shard);
  const rows: NaturalScoreRow[] = [];
  opts.onProgress?.(0, mine.length);
  mine.forEach((pkg, i) => {
    rows.push(...nat.scoreNatural([pkg], { budgets, methods, k: opts.k }));
    opts.onProgress?.(i + 1, mine.length);
  });
  return await writeRun(opts, grid, rows, mine);
}

/** The merged summary, recomputed from every row (as one run writes it). */
async function finish(run: JoinedRun): Promise<KindFinish> {
  const grid = run.manifest.run.flags as unknown as NaturalGrid;
  const rows = run.texts.get(NATURAL_FILES.rows)!.split("\n").slice(0, -1)
    .map((l) => JSON.parse(l) as NaturalScoreRow);
  const summary = await summaryOf(grid, rows);
  return {
    files: [[NATURAL_FILES.summary, sortedPrettyJson(summary)]],
    rows: rows.length,
    report: { rows: NATURAL_FILES.rows, summary: NATURAL_FILES.summary },
  };
}

/**
 * Natural scoring as a kind of sharded run (lib/shard/): the merged rows are
 * the shards' rows in package order, the summary recomputed from all rows,
 * byte-identical to an unsharded {@linkcode runNatural}.
 */
export const NATURAL_SHARDS: ShardKind = { kind: "natural", finish };
