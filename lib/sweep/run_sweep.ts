/**
 * The grid runner: distributions × seeds × budgets × methods, in parallel
 * across cores, resumable, with byte-identical output for any worker count
 * (ARTIFACT-SPEC §4.1–§4.3, §1.2, §6.2).
 *
 * @module
 */
import { checkDistributionName } from "../generate/distributions.ts";
import { budgetBasisFromTotals, budgetsFromBasis, parseBudgetToken } from "../generate/budgets.ts";
import { inWritableFolder, makeFolder, writeTextAtomic } from "../base/fs.ts";
import { DEFAULT_SUMMATION, type Summation } from "../score/summation.ts";
import { finishOutputs, lockFolder, openOutputs } from "./outputs.ts";
import { compareIds } from "../package/compile.ts";
import { getSweepMethod } from "./methods.ts";
import { SweepPool } from "./pool.ts";
import { compareRows, type ResultRow, unitKey, VERSIONS } from "./row.ts";
import type { UnitConfig } from "./run_unit.ts";
import { type LiteBlock, summaryText, type SweepSummary } from "./summary.ts";
import type { UnitRef } from "./lane.ts";
import { type Shard, shardItems } from "../shard/partition.ts";
import { type SweepFiles, sweepFiles, type SweepGrid, type SweepProgress } from "./grid.ts";

export { type SweepFiles, sweepFiles, type SweepGrid, type SweepProgress } from "./grid.ts";

/** Options of {@linkcode runSweep}. */
export interface SweepOptions {
  /** Distribution names, in run order (the basis sums packages in this order). */
  distributions: readonly string[];
  /** Package seeds (distinct non-negative integers), in run order. */
  seeds: readonly number[];
  /**
   * Budget tokens: fractions of the run's mean total candidate cost (e.g.
   * "0.10") or absolute budgets (e.g. "6", or the number 6) (ARTIFACT-SPEC §4.1).
   */
  budgets: readonly (string | number)[];
  /** Method ids (exact methods and writers; see `sweepMethodIds()`). */
  methods: readonly string[];
  /** Output folder. */
  outDir: string;
  /**
   * 1 runs every unit on the main thread; n >= 2 runs them on n worker threads (at most two per
   * core and one per unit). Default: one per core for grids of 2,000 units or more, else 1 (below
   * that, starting workers and warming up their compilers costs more than they win;
   * bench/README.md).
   */
  workers?: number;
  /** B&B bound (default `auto`; the store does not depend on it). */
  bound?: "suffix" | "knapsack" | "auto";
  /** Float summation of means, bootstrap resamples and update metrics (default `neumaier`, as CPython >= 3.12). */
  summation?: Summation;
  /** Called after each finished unit, and once at the start. */
  onProgress?: SweepProgress;
  /**
   * Replace a finished sweep of another grid found in `outDir` (default false: refused with an
   * InputError, so that earlier results are not overwritten by mistake). A finished sweep of the
   * same grid is always rewritten (to the same bytes).
   */
  replace?: boolean;
  /**
   * Run only this shard's units (lib/shard/partition.ts: the units at output positions p with
   * p mod count === index). The budget basis is still taken over every package of the grid,
   * so each unit's rows are the bytes a whole run writes for it; the folder's grid records the
   * shard, and `memaudit merge` (shard.ts) joins the shards into the whole run's files.
   */
  shard?: Shard;
}

/** What {@linkcode runSweep} returns. */
export interface SweepResult {
  /** The resolved grid (with its shard, when sharded). */
  grid: SweepGrid;
  /** The files written. */
  files: SweepFiles;
  /** Units in the grid, and how many were read back from a journal. */
  units: number;
  /** Units read back from a journal instead of run. */
  resumedUnits: number;
  /** Every row, sorted by (distribution, seed, budget, method); parsed on first access. */
  readonly rows: ResultRow[];
  /** The summary written to `summary.json`. */
  summary: SweepSummary;
  /** Wall time of this call, in seconds. */
  wallSec: number;
}

/** A bad grid or option: a RangeError "Cannot run sweep: ...". */
function badSweep(what: string): never {
  throw new RangeError(`Cannot run sweep: ${what}`);
}

/**
 * Validates the options of a grid (names, seeds, methods, budget tokens, bound, shard, summation).
 *
 * @throws {RangeError} on a bad seed, duplicate, unknown method or empty list
 * @throws {InputError} on an unknown distribution or a bad budget token
 */
export function checkGridOptions(opts: SweepOptions): void {
  const nonEmpty = (name: string, xs: readonly unknown[]) => {
    if (xs.length === 0) badSweep(`no ${name} given`);
    if (new Set(xs).size !== xs.length) badSweep(`duplicate ${name} in ${JSON.stringify(xs)}`);
  };
  const oneOf = (name: string, value: string | undefined, allowed: string[], words: string) => {
    if (value !== undefined && !allowed.includes(value)) {
      badSweep(`${name} must be ${words}, got ${JSON.stringify(value)}`);
    }
  };
  nonEmpty("distributions", opts.distributions);
  nonEmpty("seeds", opts.seeds);
  nonEmpty("methods", opts.methods);
  nonEmpty("budgets", opts.budgets);
  for (const d of opts.distributions) checkDistributionName(d);
  for (const s of opts.seeds) {
    if (!Number.isSafeInteger(s) || s < 0) {
      badSweep(`seeds must be non-negative integers, got ${s}`);
    }
  }
  for (const m of opts.methods) getSweepMethod(m);
  for (const t of opts.budgets) parseBudgetToken(String(t));
  oneOf("bound", opts.bound, ["auto", "knapsack", "suffix"], "auto, knapsack or suffix");
  const sh = opts.shard;
  if (
    sh !== undefined &&
    !(Number.isSafeInteger(sh.count) && Number.isSafeInteger(sh.index) && sh.count >= 1 &&
      sh.index >= 0 && sh.index < sh.count)
  ) {
    badSweep(`shard must be I/N with 0 <= I < N, got ${JSON.stringify(sh)}`);
  }
  oneOf("summation", opts.summation, ["naive", "neumaier"], "naive or neumaier");
}

/**
 * The grid of checked options, given the budget basis (the mean total candidate cost over every
 * package of the run, ARTIFACT-SPEC §4.1; null when every budget is absolute).
 */
export function gridFromBasis(opts: SweepOptions, basis: number | null): SweepGrid {
  const tokens = opts.budgets.map(String);
  return {
    distributions: [...opts.distributions],
    seeds: [...opts.seeds],
    budget_tokens: tokens,
    budget_basis: basis,
    budgets: budgetsFromBasis(tokens, basis ?? 0),
    methods: [...opts.methods],
    bound: opts.bound ?? "auto",
    summation: opts.summation ?? DEFAULT_SUMMATION,
    versions: { ...VERSIONS },
  };
}

/** Grids with at least this many units run on one worker per core by default. */
const PARALLEL_UNITS = 2000;

/** The default worker count of a grid of `units` units (see `SweepOptions.workers`). */
function defaultWorkers(units: number): number {
  return units >= PARALLEL_UNITS ? navigator.hardwareConcurrency ?? 1 : 1;
}

/**
 * Runs a sweep and writes its outputs to `outDir`:
 * `raw_results.jsonl` and `raw_results.csv` (rows sorted by (distribution,
 * seed, budget, method), no wall times), `summary.json` (aggregates per
 * (distribution, budget, method) with the artifact's bootstrap) and
 * `timings.jsonl` (wall time per row).
 *
 * The unit of work is one (distribution, seed) package with all budgets and
 * methods, run on `workers` module workers (1: in-process). Each finished
 * unit is appended to `raw_results.journal.jsonl`; a rerun after an
 * interruption reads it back, skips the finished units and produces the
 * same bytes as an uninterrupted run. The final files are written
 * atomically (temporary file + rename), then the journal is removed.
 *
 * @example Two seeds of the exact sweep
 * ```ts ignore
 * const res = await runSweep({
 *   distributions: ["base"], seeds: [0, 1], budgets: ["2", "4"],
 *   methods: ["opt", "oracle_gvt"], outDir: "out/runs/demo", workers: 1,
 * });
 * ```
 *
 * @param opts grid, output folder, workers, progress callback
 * @returns the grid, the file paths, the rows and the summary
 * @throws {RangeError} or {@linkcode InputError} on a bad grid (see {@linkcode checkGridOptions}) or an empty `outDir`
 * @throws {InputError} if `outDir` is a file or cannot be written (naming the folder), or the
 *   journal belongs to another grid, is not UTF-8 or holds a line that is not a unit result
 *   (naming the journal file and line)
 * @throws {Error} if a unit fails (the journal keeps the finished units)
 */
export async function runSweep(opts: SweepOptions): Promise<SweepResult> {
  const t0 = performance.now();
  checkGridOptions(opts);
  if (opts.workers !== undefined && (!Number.isSafeInteger(opts.workers) || opts.workers < 1)) {
    badSweep(`workers must be a positive integer, got ${opts.workers}`);
  }
  if (opts.outDir.trim() === "") badSweep("the output folder is an empty path");
  // Units in run order (the basis sums packages in this order); ids are output positions.
  const runOrder = opts.distributions.flatMap((distribution) =>
    opts.seeds.map((seed) => ({ distribution, seed }))
  );
  const outputOrder = [...runOrder].sort((a, b) =>
    compareRows({ ...a, budget: 0, method: "" }, { ...b, budget: 0, method: "" })
  );
  // A shard runs its share of the output order; ids are positions in its own output.
  const own = shardItems(outputOrder, opts.shard);
  const position = new Map(own.map((u, i) => [unitKey(u.distribution, u.seed), i]));
  const units: UnitRef[] = own.map((u, id) => ({ ...u, id }));
  // Lanes: the main thread alone, or n workers.
  const workers = opts.workers ?? defaultWorkers(units.length);
  // Each worker is a V8 isolate (~25 MB): more than two per core only costs memory, and the
  // output is the same for any count.
  const pool = new SweepPool(
    Math.min(workers, units.length, 2 * (navigator.hardwareConcurrency ?? 1)),
  );
  try {
    // 1. The budget basis: every package of the run, generated once, spread over the lanes.
    const needsBasis = opts.budgets.some((t) => parseBudgetToken(String(t)).kind === "fraction");
    let basis: number | null = null;
    if (needsBasis) {
      // Every package of the grid counts; those of other shards (id -1) are not kept.
      const refs = runOrder.map((u) => ({
        ...u,
        id: position.get(unitKey(u.distribution, u.seed)) ?? -1,
      }));
      basis = budgetBasisFromTotals(await pool.generate(refs));
    }
    const grid = gridFromBasis(opts, basis);
    if (opts.shard !== undefined) grid.shard = { index: opts.shard.index, count: opts.shard.count };
    const config: UnitConfig = {
      budgets: grid.budgets,
      // Sorted: a unit then yields its rows in output order (the rows are sorted either way).
      methods: [...grid.methods].sort(compareIds),
      bound: grid.bound,
      summation: grid.summation,
    };

    // 2. Outputs: the journal and the growing output files, cut back to the last recorded unit.
    const files = sweepFiles(opts.outDir);
    await inWritableFolder(opts.outDir, () => makeFolder(opts.outDir));
    const unlock = await inWritableFolder(opts.outDir, () => lockFolder(opts.outDir));
    let resumedUnits: number, summary: SweepSummary;
    try {
      // A shard being (re)written has no manifest until it is finished.
      if (opts.shard !== undefined) {
        await (await import("../shard/manifest.ts")).removeShardManifest(opts.outDir, "sweep");
      }
      const rowsPerUnit = grid.budgets.length * grid.methods.length;
      const out = await inWritableFolder(
        opts.outDir,
        () => openOutputs(files, grid, units, rowsPerUnit, opts.replace),
      );
      resumedUnits = out.done;
      const todo = units.length - out.done;
      const builder = out.resumed;
      let finishedHere = 0;
      const tRun = performance.now();
      opts.onProgress?.(resumedUnits, units.length, null);
      const recorded = (lite: LiteBlock) => {
        builder.addBlock(lite);
        finishedHere++;
        const perUnit = (performance.now() - tRun) / 1000 / finishedHere;
        opts.onProgress?.(
          resumedUnits + finishedHere,
          units.length,
          perUnit * (todo - finishedHere),
        );
      };
      try {
        await pool.run(
          units.slice(out.done),
          config,
          (r) => out.append(r.id, r.bytes, r.lite, recorded),
        );
      } finally {
        out.close();
      }

      // 3. The summary (bootstraps on the workers if any), then the files under their final names.
      const intervals = await pool.bootstrap(
        builder.groups.map((g) => g.ratioToOpt),
        grid.summation,
      );
      summary = builder.summary(grid, intervals);
      await inWritableFolder(opts.outDir, async () => {
        await writeTextAtomic(files.summary, summaryText(summary));
        await finishOutputs(files);
        if (opts.shard !== undefined) {
          const { writeSweepManifest } = await import("./shard.ts");
          await writeSweepManifest(files, grid, { all: runOrder.length, mine: own });
        }
      });
    } finally {
      unlock();
    }
    let parsed: ResultRow[] | null = null;
    return {
      grid,
      files,
      units: units.length,
      resumedUnits,
      // Read back from the results file on first use: most callers only need the summary.
      get rows(): ResultRow[] {
        return parsed ??= Deno.readTextFileSync(files.results).split("\n")
          .filter((l) => l !== "").map((l) => JSON.parse(l) as ResultRow);
      },
      summary,
      wallSec: (performance.now() - t0) / 1000,
    };
  } finally {
    pool.close();
  }
}
