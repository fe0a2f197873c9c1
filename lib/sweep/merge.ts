/**
 * Joins the output folders of a sweep's shards (`runSweep({ shard })`,
 * `memaudit sweep --shard I/N`) into exactly the files one machine writes
 * for the whole grid: `raw_results.jsonl`, `raw_results.csv` and
 * `summary.json` byte-identical to an unsharded run, and `timings.jsonl`
 * (wall times, never deterministic) in the same row order (issue 14).
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "../errors.ts";
import { readTextInput, statOrNull } from "../fs.ts";
import { writeFileSet } from "../_write_files.ts";
import { canonicalJson } from "../canonical_json.ts";
import * as shardFiles from "../_shard_files.ts";
import { type Shard, shardSize } from "../shard.ts";
import { type SweepFiles, sweepFiles, type SweepGrid } from "./grid.ts";
import { SweepPool } from "./pool.ts";
import { compareRows, CSV_COLUMNS, type ResultRow, type TimingRow, unitText } from "./row.ts";
import { liteBlock, SummaryBuilder, summaryText, type SweepSummary } from "./summary.ts";

/** What {@linkcode mergeSweepShards} returns. */
export interface MergeResult {
  /** The whole run's grid (the shards' grid without its `shard` key). */
  grid: SweepGrid;
  /** The files written, inside the output folder. */
  files: Omit<SweepFiles, "journal">;
  /** Shards merged, units and rows written. */
  shards: number;
  /** Units of the whole grid. */
  units: number;
  /** Result rows written. */
  rows: number;
  /** The recomputed summary (as written to `summary.json`). */
  summary: SweepSummary;
}

/** One shard folder, read. */
interface ShardFolder {
  dir: string;
  shard: Shard;
  grid: SweepGrid;
  /** Lines (without "\n") of results JSONL, results CSV (no header), timings JSONL. */
  lines: [string[], string[], string[]];
}

/** Reads one shard folder. */
async function readShard(dir: string): Promise<ShardFolder> {
  const files = sweepFiles(dir);
  if ((await statOrNull(files.journal)) !== null) {
    throw new InputError(
      files.journal,
      { path: "" },
      "expected a finished shard (this one has a journal: rerun its command to finish it)",
    );
  }
  const summaryRaw = await readTextInput(files.summary);
  let grid: unknown;
  try {
    grid = (JSON.parse(summaryRaw) as { grid?: unknown }).grid;
  } catch {
    throw new InputError(files.summary, { path: "" }, "expected a sweep summary (JSON)");
  }
  const g = grid as SweepGrid | undefined;
  if (g === undefined || g === null || typeof g !== "object" || !Array.isArray(g.seeds)) {
    throw new InputError(files.summary, { path: "grid" }, "expected the grid of a sweep");
  }
  const sh = g.shard;
  if (
    sh === undefined || !Number.isSafeInteger(sh.index) || !Number.isSafeInteger(sh.count) ||
    sh.index < 0 || sh.index >= sh.count
  ) {
    throw new InputError(
      files.summary,
      { path: "grid.shard" },
      "expected the output of one shard (a sweep run with --shard I/N)",
    );
  }
  const results = shardFiles.shardLines(await readTextInput(files.results), files.results);
  const csvAll = shardFiles.shardLines(await readTextInput(files.csv), files.csv);
  const header = CSV_COLUMNS.join(",");
  if (csvAll[0] !== header) {
    throw new InputError(files.csv, { row: 1, column: "(header)" }, `expected ${header}`);
  }
  const timings = shardFiles.shardLines(await readTextInput(files.timings), files.timings);
  return { dir, shard: sh, grid: g, lines: [results, csvAll.slice(1), timings] };
}

/** The files of a shard with one line per row, in the order of `ShardFolder.lines`. */
const FILE_NAMES = ["raw_results.jsonl", "raw_results.csv", "timings.jsonl"];

/**
 * The rows of one unit in a shard's results (`j` 0) or timings (`j` 2) JSONL: each line JSON,
 * of the unit, and the unit's rows in (budget, method) order, each once.
 */
function unitRows(
  s: ShardFolder,
  j: number,
  at: number,
  perUnit: number,
  u: { distribution: string; seed: number },
): ResultRow[] {
  const rows: ResultRow[] = [];
  for (let r = at; r < at + perUnit; r++) {
    const file = join(s.dir, FILE_NAMES[j]);
    const row = shardFiles.shardRow<ResultRow>(file, s.lines[j], r);
    shardFiles.checkShardRow(
      file,
      r,
      row?.distribution === u.distribution && row?.seed === u.seed,
      `expected a row of unit (${u.distribution}, seed ${u.seed})`,
    );
    shardFiles.checkShardRow(
      file,
      r,
      rows.length === 0 || compareRows(rows[rows.length - 1], row) < 0,
      `expected the rows of unit (${u.distribution}, seed ${u.seed}) in (budget, method) ` +
        "order, each once",
    );
    rows.push(row);
  }
  return rows;
}

/** A grid without its shard key. */
function wholeGrid(g: SweepGrid): SweepGrid {
  const { shard: _shard, ...rest } = g;
  return rest;
}

/**
 * Merges shard folders into `outDir`. Checks first, writes nothing on a
 * problem: every folder holds a finished shard; all are shards of the same
 * grid and shard count, each index once and none missing; each holds
 * exactly its units' rows (budgets × methods lines per unit, in each of
 * the three files), each unit's rows its own, in (budget, method) order,
 * each once, every line as the sweep writes its row (so a line edited, moved
 * or repeated is refused, not merged). Then interleaves the units
 * back into output order (lib/shard.ts), recomputes the summary (the
 * bootstrap needs every row of a group) and writes the files atomically.
 *
 * @example Merge four shards
 * ```ts ignore
 * await mergeSweepShards(["out/s0", "out/s1", "out/s2", "out/s3"], "out/merged");
 * ```
 *
 * @param dirs the shard folders, in any order
 * @param outDir the folder to write (created; may be one of `dirs` only if it is not read again)
 * @returns the whole grid, the files, counts and the summary
 * @throws {InputError} naming the folder or file and what was expected: an unfinished shard,
 *   a folder without a shard's summary, shards of different grids, overlapping or missing
 *   shards, a file with the wrong number of lines, a unit's rows out of place, out of order or
 *   repeated, or a line that is not the sweep's text of its row
 */
export async function mergeSweepShards(
  dirs: readonly string[],
  outDir: string,
): Promise<MergeResult> {
  const { shards, byIndex } = await shardFiles.readShardSet(dirs, outDir, readShard, {
    same: (a, b) => canonicalJson(wholeGrid(a.grid)) === canonicalJson(wholeGrid(b.grid)),
    file: (s) => sweepFiles(s.dir).summary,
    path: "grid",
    detail: "same distributions, seeds, budgets, methods, options and version",
  });
  const n = byIndex.length;
  const grid = wholeGrid(shards[0].grid);

  // Units in output order and rows per unit, as runSweep has them.
  const units = grid.distributions.flatMap((distribution) =>
    grid.seeds.map((seed) => ({ distribution, seed }))
  ).sort((a, b) => compareRows({ ...a, budget: 0, method: "" }, { ...b, budget: 0, method: "" }));
  const perUnit = grid.budgets.length * grid.methods.length;
  for (const s of byIndex) {
    const want = shardSize(units.length, s.shard) * perUnit;
    const share = `(shard ${s.shard.index}/${n} of ${units.length} units, ${perUnit} rows each)`;
    s.lines.forEach((ls, j) => {
      shardFiles.checkShardLines(join(s.dir, FILE_NAMES[j]), ls.length, want, `rows ${share}`);
    });
  }

  const out: [string, string, string] = ["", CSV_COLUMNS.join(",") + "\n", ""];
  const builder = new SummaryBuilder();
  units.forEach((u, pos) => {
    const s = byIndex[pos % n];
    const at = Math.floor(pos / n) * perUnit;
    const [rows, timings] = [0, 2].map((j) => unitRows(s, j, at, perUnit, u));
    // Each line must be the one the sweep writes for its row (an edited line, a CR or a CSV
    // line of another row would make the merged files differ from one machine's).
    const text = unitText({ ...u, rows, timings: timings as unknown as TimingRow[] });
    [text.jsonl, text.csv, text.timings].forEach((chunk, j) => {
      const want = chunk.slice(0, -1).split("\n");
      const k = want.findIndex((line, i) => s.lines[j][at + i] !== line);
      shardFiles.checkShardRow(
        join(s.dir, FILE_NAMES[j]),
        at + k + (j === 1 ? 1 : 0),
        perUnit === 0 || k < 0,
        `expected the line the sweep writes for its row: ${want[k]?.slice(0, 80)}`,
      );
      out[j] += chunk;
    });
    builder.addBlock(liteBlock(rows));
  });

  const pool = new SweepPool(1);
  let summary: SweepSummary;
  try {
    const intervals = await pool.bootstrap(
      builder.groups.map((g) => g.ratioToOpt),
      grid.summation,
    );
    summary = builder.summary(grid, intervals);
  } finally {
    pool.close();
  }
  const files = sweepFiles(outDir);
  await writeFileSet([
    [files.results, out[0]],
    [files.csv, out[1]],
    [files.timings, out[2]],
    [files.summary, summaryText(summary)],
  ]);
  const { journal: _journal, ...written } = files;
  return {
    grid,
    files: written,
    shards: n,
    units: units.length,
    rows: units.length * perUnit,
    summary,
  };
}
