/**
 * Natural-package scoring as a run with files and shards: LoCoMo
 * conversations → support-slice packages (the scoring set of
 * `convertLocomo`) → certified OPT and the writers at each budget
 * (`scoreNatural`, paper 000 §5) → per-package rows and a summary with the
 * conversation-clustered bootstrap (`summarizeNatural`). With a shard, only
 * the packages at positions p with p mod N = I (lib/shard.ts) are scored;
 * {@linkcode mergeNaturalShards} joins the shard folders into the files of
 * one run.
 *
 * @module
 */
import { z } from "../deps.ts";
import { join } from "node:path";
import { InputError } from "../errors.ts";
import { readJsonOr, readTextInput, statOrNull } from "../fs.ts";
import { writeFileSet } from "../_write_files.ts";
import { canonicalJson, sortedPrettyJson } from "../canonical_json.ts";
import {
  checkShardJson,
  checkShardLines,
  checkShardRow,
  readShardSet,
  SHARD_JSON,
  shardLines,
  shardRow,
} from "../_shard_files.ts";
import { type Shard, shardItems, shardSize } from "../shard.ts";
import type { NaturalScoreRow, NaturalSummaryRow } from "../natural/score_natural.ts";

/** File names of a natural run's folder. */
export const NATURAL_FILES = {
  rows: "natural_rows.jsonl",
  summary: "natural_summary.json",
} as const;

/** The settings of a natural run (recorded in its summary; shards of one run share them). */
export interface NaturalGrid {
  /** The LoCoMo file's name and SHA-256 (which data the numbers come from). */
  data: { file: string; sha256: string };
  /** Conversations kept (sample ids), or null for every conversation of the file. */
  conversations: string[] | null;
  /** Packages of the scoring set (all shards together). */
  packages: number;
  /** Budgets B in cost units. */
  budgets: number[];
  /** Writer ids (an `opt` row is always written too). */
  methods: string[];
  /** Group cap k of OPT, or null for each package's own. */
  k: number | null;
  /** The shard, on a shard's folder only. */
  shard?: Shard;
}

/** The summary file of a natural run. */
export interface NaturalRunSummary {
  /** The run's settings. */
  grid: NaturalGrid;
  /** Rows in the folder. */
  rows: number;
  /** Per (method, budget): means over the same items with their denominators. */
  summary: NaturalSummaryRow[];
}

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

async function writeRun(
  outDir: string,
  grid: NaturalGrid,
  rows: readonly NaturalScoreRow[],
): Promise<NaturalRunSummary> {
  const { summarizeNatural } = await import("../natural/score_natural.ts");
  const summary: NaturalRunSummary = { grid, rows: rows.length, summary: summarizeNatural(rows) };
  await writeFileSet([
    [join(outDir, NATURAL_FILES.rows), rows.map((r) => canonicalJson(r) + "\n").join("")],
    [join(outDir, NATURAL_FILES.summary), sortedPrettyJson(summary)],
  ]);
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
  const [{ loadLocomo }, { convertLocomo }, { sha256Hex }, nat] = await Promise.all([
    import("../natural/load_locomo.ts"),
    import("../natural/convert.ts"),
    import("../natural/data_source.ts"),
    import("../natural/score_natural.ts"),
  ]);
  const methods = [...(opts.methods ?? nat.NATURAL_METHODS)];
  const budgets = [...(opts.budgets ?? [30, 60, 100])];
  let samples = await loadLocomo(opts.locomo);
  if (opts.conversations !== undefined) {
    const known = new Set(samples.map((s) => s.sample_id));
    for (const c of opts.conversations) {
      if (!known.has(c)) {
        throw new InputError(
          opts.locomo,
          { path: "" },
          `expected a conversation '${c}' (the file has ${[...known].join(", ")})`,
        );
      }
    }
    const keep = new Set(opts.conversations);
    samples = samples.filter((s) => keep.has(s.sample_id));
  }
  const { scoring } = convertLocomo(samples);
  const bytes = await Deno.readFile(opts.locomo);
  const grid: NaturalGrid = {
    data: { file: opts.locomo.replace(/^.*[\\/]/, ""), sha256: await sha256Hex(bytes) },
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
  return await writeRun(opts.outDir, grid, rows);
}

/** Whether a folder holds a natural run (its summary file exists). */
export async function isNaturalRun(dir: string): Promise<boolean> {
  return (await statOrNull(join(dir, NATURAL_FILES.summary)))?.isFile === true;
}

/**
 * Joins the folders of a natural run's shards into the files of one run
 * (rows interleaved back into package order, summary recomputed from all
 * rows): byte-identical to an unsharded {@linkcode runNatural}.
 *
 * @param dirs the shard folders, any order
 * @param outDir the merged folder
 * @returns the merged summary
 * @throws {InputError} naming the folder or file: not a natural shard, shards of different runs,
 *   overlapping or missing shards, or a rows file with the wrong number of rows
 */
export async function mergeNaturalShards(
  dirs: readonly string[],
  outDir: string,
): Promise<NaturalRunSummary> {
  const strip = (g: NaturalGrid) => {
    const { shard: _s, ...rest } = g;
    return rest;
  };
  const { shards, byIndex } = await readShardSet(dirs, outDir, async (dir) => {
    const file = join(dir, NATURAL_FILES.summary);
    const grid = (await readJsonOr(
      file,
      () => "expected a natural run's summary (JSON)",
    ) as NaturalRunSummary).grid;
    if (grid?.shard === undefined) {
      throw new InputError(file, { path: "grid.shard" }, "expected the output of one shard");
    }
    checkShardJson(file, { grid }, {
      grid: z.looseObject({
        shard: SHARD_JSON,
        packages: z.int().nonnegative(),
        budgets: z.array(z.number()).min(1),
        methods: z.array(z.string()),
      }),
    });
    const rowsFile = join(dir, NATURAL_FILES.rows);
    const rows = shardLines(await readTextInput(rowsFile), rowsFile);
    return { dir, shard: grid.shard, grid, rows, rowsFile };
  }, {
    same: (a, b) => canonicalJson(strip(a.grid)) === canonicalJson(strip(b.grid)),
    file: (s) => join(s.dir, NATURAL_FILES.summary),
    path: "grid",
    word: "run",
    detail: "same data, conversations, budgets, methods, k",
  });
  const n = byIndex.length;
  const whole = strip(shards[0].grid);
  const perPackage = whole.budgets.length * (whole.methods.length + 1);
  for (const s of byIndex) {
    const want = shardSize(whole.packages, s.shard) * perPackage;
    checkShardLines(s.rowsFile, s.rows.length, want, "rows");
  }
  // Each package's rows: budget by budget, "opt" then the methods, one package, each line the
  // run's own text of its row; no package twice.
  const order = whole.budgets.flatMap((budget) =>
    ["opt", ...whole.methods].map((method) => ({ budget, method }))
  );
  const rows: NaturalScoreRow[] = [], seen = new Set<string>();
  for (let p = 0; p < whole.packages; p++) {
    const s = byIndex[p % n], at = Math.floor(p / n) * perPackage;
    order.forEach(({ budget, method }, j) => {
      const row = shardRow<NaturalScoreRow>(s.rowsFile, s.rows, at + j, canonicalJson);
      const pkg = j === 0 ? row.package : rows[rows.length - 1].package;
      checkShardRow(
        s.rowsFile,
        at + j,
        row.budget === budget && row.method === method && row.package === pkg &&
          (j > 0 || !seen.has(pkg)),
        `expected the row of budget ${budget} and method ${method} of ${
          j === 0 ? "a package not seen before" : `package ${pkg}`
        }`,
      );
      seen.add(pkg);
      rows.push(row);
    });
  }
  return await writeRun(outDir, whole, rows);
}
