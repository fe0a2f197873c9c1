/**
 * The types a sweep's parts share (its grid, its files, its progress
 * callback), in a module of their own so that the runner, the outputs, the
 * summary and the lanes import them without importing each other.
 *
 * @module
 */
import { join } from "node:path";
import type { Summation } from "../score/summation.ts";
import type { Shard } from "../shard/partition.ts";

/** Progress callback: units done (resumed ones included), total units, estimated seconds left (null before the first unit of this run). */
export type SweepProgress = (done: number, total: number, etaSec: number | null) => void;

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

/** The resolved grid (recorded in the journal header and the summary). */
export interface SweepGrid {
  /** Distribution names, in run order. */
  distributions: string[];
  /** Package seeds, in run order. */
  seeds: number[];
  /** The budget tokens as given (fractions such as "0.10" or absolute budgets such as "6"). */
  budget_tokens: string[];
  /** Mean total candidate cost over the run's packages, or null when every budget is absolute. */
  budget_basis: number | null;
  /** Absolute budgets B, ascending. */
  budgets: number[];
  /** Method ids, as given. */
  methods: string[];
  /** Branch-and-bound bound (the stores do not depend on it). */
  bound: "suffix" | "knapsack" | "auto";
  /** Float summation of means and bootstrap resamples. */
  summation: Summation;
  /** Versions of memaudit and of the package schema that wrote the run. */
  versions: { memaudit: string; schema: number };
  /**
   * Present only on a shard's grid (`--shard I/N`): the shard whose units the
   * folder holds (lib/shard/partition.ts). A whole run's grid has no such key, so its
   * files are the same bytes as before shards existed.
   */
  shard?: Shard;
}

/**
 * Output file paths inside `outDir`.
 *
 * @param outDir the sweep's output folder
 * @returns the paths of its files
 */
export function sweepFiles(outDir: string): SweepFiles {
  return {
    results: join(outDir, "raw_results.jsonl"),
    csv: join(outDir, "raw_results.csv"),
    summary: join(outDir, "summary.json"),
    timings: join(outDir, "timings.jsonl"),
    journal: join(outDir, "raw_results.journal.jsonl"),
  };
}
