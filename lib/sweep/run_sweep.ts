/**
 * The grid runner: distributions × seeds × budgets × methods, in parallel
 * across cores, resumable, with byte-identical output for any worker count
 * (ARTIFACT-SPEC §4.1–§4.3, §1.2, §6.2).
 *
 * @module
 */
import { join } from "node:path";
import { generate } from "../generate/distributions.ts";
import { budgetBasis, budgetsFromTokens, parseBudgetToken } from "../generate/budgets.ts";
import { makeFolder, writeTextAtomic } from "../fs.ts";
import { InputError } from "../errors.ts";
import type { Package } from "../package/schema.ts";
import { DEFAULT_SUMMATION, type Summation } from "../score/_py_sum.ts";
import { type AggregateRow, aggregateRows, bestByBudget } from "../score/aggregate.ts";
import { compareIds } from "../package/compile.ts";
import { appendLine, openJournal, unitKey } from "./journal.ts";
import { getSweepMethod } from "./methods.ts";
import {
  compareRows,
  CSV_COLUMNS,
  type LiteRow,
  RESULT_SCHEMA_VERSION,
  type ResultRow,
  type UnitText,
  unitText,
  VERSIONS,
} from "./row.ts";
import { runUnit, type UnitConfig } from "./run_unit.ts";
import type { UnitTask } from "./worker.ts";

/** Progress callback: units done (resumed ones included), total units, estimated seconds left (null before the first unit of this run). */
export type SweepProgress = (done: number, total: number, etaSec: number | null) => void;

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
  /** Worker count (default `navigator.hardwareConcurrency`); 1 runs in-process. */
  workers?: number;
  /** B&B bound (default `auto`; the store does not depend on it). */
  bound?: "suffix" | "knapsack" | "auto";
  /** Float summation of means, bootstrap resamples and update metrics (default `neumaier`, as CPython >= 3.12). */
  summation?: Summation;
  /** Called after each finished unit, and once at the start. */
  onProgress?: SweepProgress;
  /** fdatasync the journal after every unit (default false: a killed process loses nothing anyway). */
  sync?: boolean;
}

/** Output files of a sweep, all inside `outDir`. */
export interface SweepFiles {
  /** One JSON row per (instance, budget, method), keys sorted, sorted by (distribution, seed, budget, method). */
  results: string;
  /** The same rows as CSV. */
  csv: string;
  /** Aggregates per (distribution, budget, method) and the best method per budget. */
  summary: string;
  /** Wall time per row (not deterministic). */
  timings: string;
  /** Journal of finished units; removed when the sweep completes. */
  journal: string;
}

/**
 * One aggregate row of the summary: the artifact's aggregate (ARTIFACT-SPEC
 * §1.2) plus `n_degenerate_opt`, the number of rows of the group whose OPT is
 * degenerate (|OPT| <= 1e-12; their ratio 1.0 or null is a convention, not a
 * measurement). The means are the artifact's, unchanged.
 */
export type SweepAggregateRow = AggregateRow & { n_degenerate_opt: number };

/** The aggregate summary written to `summary.json` (ARTIFACT-SPEC §1.2). */
export interface SweepSummary {
  schema_version: number;
  label_definitions: Record<string, string>;
  distributions: string[];
  budgets: number[];
  methods: string[];
  num_rows: number;
  by_distribution_budget_method: SweepAggregateRow[];
  /** The same list as `by_distribution_budget_method` (as in the artifact). */
  by_budget_method: SweepAggregateRow[];
  best_by_budget: ReturnType<typeof bestByBudget>;
  grid: SweepGrid;
  versions: { memaudit: string; schema: number };
}

/** The resolved grid (recorded in the journal header and the summary). */
export interface SweepGrid {
  distributions: string[];
  seeds: number[];
  budget_tokens: string[];
  /** Mean total candidate cost over the run's packages, or null when every budget is absolute. */
  budget_basis: number | null;
  /** Absolute budgets B, ascending. */
  budgets: number[];
  methods: string[];
  bound: "suffix" | "knapsack" | "auto";
  summation: Summation;
  versions: { memaudit: string; schema: number };
}

/** What {@linkcode runSweep} returns. */
export interface SweepResult {
  grid: SweepGrid;
  files: SweepFiles;
  /** Units in the grid, and how many were read back from a journal. */
  units: number;
  resumedUnits: number;
  /** Every row, sorted by (distribution, seed, budget, method); parsed on first access. */
  readonly rows: ResultRow[];
  summary: SweepSummary;
  /** Wall time of this call, in seconds. */
  wallSec: number;
}

/** Output file paths inside `outDir`. */
export function sweepFiles(outDir: string): SweepFiles {
  return {
    results: join(outDir, "raw_results.jsonl"),
    csv: join(outDir, "raw_results.csv"),
    summary: join(outDir, "summary.json"),
    timings: join(outDir, "timings.jsonl"),
    journal: join(outDir, "raw_results.journal.jsonl"),
  };
}

/**
 * Resolves a grid: validates names and seeds and maps budget tokens to
 * absolute budgets over every (distribution, seed) package of the run
 * (ARTIFACT-SPEC §4.1; e.g. 0.01..0.20 → 1, 2, 4, 8, 16 for base × 500).
 *
 * @param opts the sweep options
 * @returns the grid
 * @throws {RangeError} on a bad seed, duplicate, unknown method or empty list
 * @throws {InputError} on an unknown distribution or a bad budget token
 */
export function resolveGrid(opts: SweepOptions): SweepGrid {
  const { distributions, seeds, methods } = opts;
  const nonEmpty = (name: string, xs: readonly unknown[]) => {
    if (xs.length === 0) throw new RangeError(`Cannot run sweep: no ${name} given`);
    if (new Set(xs).size !== xs.length) {
      throw new RangeError(`Cannot run sweep: duplicate ${name} in ${JSON.stringify(xs)}`);
    }
  };
  nonEmpty("distributions", distributions);
  nonEmpty("seeds", seeds);
  nonEmpty("methods", methods);
  nonEmpty("budgets", opts.budgets);
  for (const s of seeds) {
    if (!Number.isSafeInteger(s) || s < 0) {
      throw new RangeError(`Cannot run sweep: seeds must be non-negative integers, got ${s}`);
    }
  }
  for (const m of methods) getSweepMethod(m);
  const tokens = opts.budgets.map(String);
  const needsBasis = tokens.some((t) => parseBudgetToken(t).kind === "fraction");
  const packages: Package[] = [];
  for (const d of distributions) {
    if (needsBasis) { for (const s of seeds) packages.push(generate(d, s)); }
    else generate(d, seeds[0]); // validates the name
  }
  return {
    distributions: [...distributions],
    seeds: [...seeds],
    budget_tokens: tokens,
    budget_basis: needsBasis ? budgetBasis(packages) : null,
    budgets: budgetsFromTokens(tokens, packages),
    methods: [...methods],
    bound: opts.bound ?? "auto",
    summation: opts.summation ?? DEFAULT_SUMMATION,
    versions: { ...VERSIONS },
  };
}

/** Runs `f`, turning a refused write in `dir` into an InputError naming the folder. */
async function writable<T>(dir: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotCapable) {
      throw new InputError(dir, { path: "" }, `expected a writable folder (${err.message})`);
    }
    throw err;
  }
}

/** Sorts object keys at every level (for the pretty-printed summary). */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortKeys(o[k])]));
  }
  return v;
}

/**
 * Builds the summary of a set of rows (ARTIFACT-SPEC §1.2 `summary.json`).
 *
 * @param rows result rows
 * @param grid the grid they came from
 * @returns the summary
 */
export function summarizeRows(rows: readonly LiteRow[], grid: SweepGrid): SweepSummary {
  const degenerate = new Map<string, number>();
  const groupKey = (r: { distribution: string; budget: number; method: string }) =>
    JSON.stringify([r.distribution, r.budget, r.method]);
  for (const r of rows) {
    if (r.opt_degenerate) degenerate.set(groupKey(r), (degenerate.get(groupKey(r)) ?? 0) + 1);
  }
  const aggregates: SweepAggregateRow[] = aggregateRows(rows, { summation: grid.summation })
    .map((a) => ({ ...a, n_degenerate_opt: degenerate.get(groupKey(a)) ?? 0 }));
  const uniq = <T>(xs: T[]) => [...new Set(xs)];
  return {
    schema_version: RESULT_SCHEMA_VERSION,
    label_definitions: {
      ratio_to_opt:
        "F(store) / OPT, OPT certified by exact branch-and-bound; 1.0 when OPT and F are both 0, null when only OPT is 0",
      ratio_to_upper_bound:
        "F(store) / upper bound; on exact-small packages the bound is OPT itself",
      ratio_to_reference: "F(store) / F(greedy store); a reference, never an OPT",
      bootstrap95_ratio_to_opt:
        "percentile bootstrap of the mean ratio: Random(0) per group, 1,000 resamples, sorted means 24 and 975",
      mean_invalidation_covered: "mean of sum over invalidation units of min(1, z_r), unweighted",
      denominator_label: "source of the OPT denominator",
      opt_degenerate:
        "true when the certified OPT is 0 (|OPT| <= 1e-12): ratio_to_opt is then 1.0 by convention (F = 0) or null, not a measurement",
      n_degenerate_opt:
        "rows of the group with opt_degenerate; their 1.0 ratios are included in the means, as in the artifact",
    },
    distributions: uniq(rows.map((r) => r.distribution)).sort(compareIds),
    budgets: uniq(rows.map((r) => r.budget)).sort((a, b) => a - b),
    methods: uniq(rows.map((r) => r.method)).sort(compareIds),
    num_rows: rows.length,
    by_distribution_budget_method: aggregates,
    by_budget_method: aggregates,
    best_by_budget: bestByBudget(aggregates),
    grid,
    versions: { ...VERSIONS },
  };
}

/** Runs the tasks on a pool of module workers, calling `onDone` (serially) per finished unit. */
function runOnWorkers(
  tasks: readonly { distribution: string; seed: number }[],
  workers: number,
  config: UnitConfig,
  onDone: (u: { distribution: string; seed: number }, text: UnitText) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    let next = 0, active = 0, stopped = false;
    const stop = (err?: unknown) => {
      if (stopped) return;
      stopped = true;
      for (const w of pool) w.terminate();
      if (err === undefined) resolve();
      else reject(err);
    };
    const dispatch = (w: Worker) => {
      if (stopped) return;
      if (next >= tasks.length) {
        if (active === 0) stop();
        return;
      }
      const t = tasks[next];
      const task: UnitTask = { id: next++, distribution: t.distribution, seed: t.seed, config };
      active++;
      w.postMessage(task);
    };
    for (let i = 0; i < workers; i++) {
      const w = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
      w.onmessage = async (e: MessageEvent) => {
        const msg = e.data as {
          id: number;
          ok: boolean;
          unit?: { distribution: string; seed: number };
          text?: UnitText;
          error?: string;
        };
        if (!msg.ok) {
          const t = tasks[msg.id];
          stop(
            new Error(`Cannot run sweep unit (${t.distribution}, seed ${t.seed}): ${msg.error}`),
          );
          return;
        }
        try {
          await onDone(msg.unit!, msg.text!);
        } catch (err) {
          stop(err);
          return;
        }
        active--;
        dispatch(w);
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        stop(new Error(`Cannot run sweep: a worker failed: ${e.message}`));
      };
      pool.push(w);
    }
    for (const w of pool) dispatch(w);
  });
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
 * @throws {RangeError} or {@linkcode InputError} on a bad grid (see {@linkcode resolveGrid}) or an empty `outDir`
 * @throws {InputError} if `outDir` is a file or cannot be written (naming the folder), or the
 *   journal belongs to another grid, is not UTF-8 or holds a line that is not a unit result
 *   (naming the journal file and line)
 * @throws {Error} if a unit fails (the journal keeps the finished units)
 */
export async function runSweep(opts: SweepOptions): Promise<SweepResult> {
  const t0 = performance.now();
  const grid = resolveGrid(opts);
  const workers = opts.workers ?? navigator.hardwareConcurrency ?? 1;
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new RangeError(`Cannot run sweep: workers must be a positive integer, got ${workers}`);
  }
  if (opts.outDir.trim() === "") {
    throw new RangeError("Cannot run sweep: the output folder is an empty path");
  }
  const files = sweepFiles(opts.outDir);
  const { file, state } = await writable(opts.outDir, async () => {
    await makeFolder(opts.outDir);
    return await openJournal(files.journal, grid);
  });
  const done = state.units;
  const all = grid.distributions.flatMap((distribution) =>
    grid.seeds.map((seed) => ({ distribution, seed }))
  );
  const inGrid = new Set(all.map((u) => unitKey(u.distribution, u.seed)));
  for (const k of [...done.keys()]) if (!inGrid.has(k)) done.delete(k);
  const todo = all.filter((u) => !done.has(unitKey(u.distribution, u.seed)));
  const resumedUnits = all.length - todo.length;
  const config: UnitConfig = {
    budgets: grid.budgets,
    methods: grid.methods,
    bound: grid.bound,
    summation: grid.summation,
  };

  let finishedHere = 0;
  const tRun = performance.now();
  opts.onProgress?.(resumedUnits, all.length, null);
  // Appends are chained so that lines never interleave.
  let chain: Promise<void> = Promise.resolve();
  const texts = new Map<string, UnitText>();
  const onDone = (u: { distribution: string; seed: number }, text: UnitText): Promise<void> =>
    chain = chain.then(async () => {
      await appendLine(file, text.journal, opts.sync);
      texts.set(unitKey(u.distribution, u.seed), text);
      finishedHere++;
      const perUnit = (performance.now() - tRun) / 1000 / finishedHere;
      opts.onProgress?.(
        resumedUnits + finishedHere,
        all.length,
        perUnit * (todo.length - finishedHere),
      );
    });
  try {
    const n = Math.min(workers, todo.length);
    if (n <= 1) {
      for (const u of todo) await onDone(u, unitText(runUnit(u.distribution, u.seed, config)));
    } else {
      await runOnWorkers(todo, n, config, onDone);
    }
  } finally {
    file.close();
  }

  // Units in output order; each unit's text is its share of every file (see unitText).
  const order = [...all].sort((a, b) =>
    compareRows({ ...a, budget: 0, method: "" }, { ...b, budget: 0, method: "" })
  );
  const keys = order.map((u) => unitKey(u.distribution, u.seed));
  const chunks = keys.map((k) => texts.get(k) ?? unitText(done.get(k)!));
  const summary = summarizeRows(chunks.flatMap((c) => c.lite), grid);
  await writable(opts.outDir, async () => {
    await writeTextAtomic(files.results, chunks.map((c) => c.jsonl).join(""));
    await writeTextAtomic(
      files.csv,
      CSV_COLUMNS.join(",") + "\n" + chunks.map((c) => c.csv).join(""),
    );
    await writeTextAtomic(files.summary, JSON.stringify(sortKeys(summary), null, 2) + "\n");
    await writeTextAtomic(files.timings, chunks.map((c) => c.timings).join(""));
    await Deno.remove(files.journal);
  });
  let rows: ResultRow[] | null = null;
  return {
    grid,
    files,
    units: all.length,
    resumedUnits,
    // Parsed from the results text on first use: most callers only need the summary.
    get rows(): ResultRow[] {
      return rows ??= chunks.flatMap((c) =>
        c.jsonl.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as ResultRow)
      );
    },
    summary,
    wallSec: (performance.now() - t0) / 1000,
  };
}
