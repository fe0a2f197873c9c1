/**
 * A sweep as a sharded run (lib/shard/): what a sweep shard writes beside
 * its files (the manifest: run digest, the SHA-256 and layout of each file)
 * and what the merge recomputes (the summary: its bootstrap needs every row
 * of a group). `memaudit merge` of the shards writes `raw_results.jsonl`,
 * `raw_results.csv` and `summary.json` byte-identical to one machine's run,
 * and `timings.jsonl` (wall times) in the same row order (issue 14).
 *
 * Units are the (distribution, seed) packages in output order, id
 * `DISTRIBUTION/SEED`, each with budgets × methods rows in each file.
 *
 * @module
 */
import { basename, dirname } from "node:path";
import { readTextInput } from "../base/fs.ts";
import { runDigest } from "../shard/digest.ts";
import type { JoinedRun, KindFinish, ShardKind } from "../shard/join.ts";
import { chunksByLines, ShardWriter } from "../shard/manifest.ts";
import type { SweepFiles, SweepGrid } from "./grid.ts";
import { SweepPool } from "./pool.ts";
import type { ResultRow } from "./row.ts";
import { liteBlock, SummaryBuilder, summaryText } from "./summary.ts";

/** The `kind` of a sweep shard's manifest. */
const SWEEP_KIND = "sweep";

/**
 * Writes a finished sweep shard's manifest: the run digest (the whole grid)
 * and each file cut into one chunk per unit.
 *
 * @param files the shard's files (finished)
 * @param grid its grid (with its shard)
 * @param units every unit of the whole run, and this shard's, in output order
 * @throws {InputError} if a file cannot be read or the manifest written
 */
export async function writeSweepManifest(
  files: SweepFiles,
  grid: SweepGrid,
  units: { all: number; mine: readonly { distribution: string; seed: number }[] },
): Promise<void> {
  const { shard: _shard, ...wholeGrid } = grid;
  const writer = new ShardWriter(dirname(files.summary), {
    kind: SWEEP_KIND,
    shard: grid.shard!,
    run: runDigest("memaudit sweep", wholeGrid),
    units: units.all,
    unitIds: units.mine.map((u) => `${u.distribution}/${u.seed}`),
  });
  const perUnit = grid.budgets.length * grid.methods.length;
  for (
    const [path, headLines] of [[files.results, 0], [files.csv, 1], [files.timings, 0]] as const
  ) {
    writer.record(basename(path), chunksByLines(await readTextInput(path), headLines, perUnit));
  }
  writer.record(basename(files.summary), await readTextInput(files.summary), "none");
  await writer.close();
}

/** The merged summary: every unit's rows, in output order, then the bootstrap. */
async function finish(run: JoinedRun): Promise<KindFinish> {
  const grid = run.manifest.run.flags as unknown as SweepGrid;
  const perUnit = grid.budgets.length * grid.methods.length;
  const lines = run.texts.get("raw_results.jsonl")!.split("\n").slice(0, -1);
  const builder = new SummaryBuilder();
  for (let at = 0; at < lines.length; at += perUnit) {
    builder.addBlock(
      liteBlock(lines.slice(at, at + perUnit).map((l) => JSON.parse(l) as ResultRow)),
    );
  }
  const pool = new SweepPool(1);
  let summary;
  try {
    const groups = builder.groups.map((g) => g.ratioToOpt);
    summary = builder.summary(grid, await pool.bootstrap(groups, grid.summation));
  } finally {
    pool.close();
  }
  return {
    files: [["summary.json", summaryText(summary)]],
    rows: lines.length,
    report: {
      results: "raw_results.jsonl",
      csv: "raw_results.csv",
      summary: "summary.json",
      timings: "timings.jsonl",
    },
  };
}

/** The sweep as a kind of sharded run. */
export const SWEEP_SHARDS: ShardKind = { kind: SWEEP_KIND, finish };
