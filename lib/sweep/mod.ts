/**
 * The synthetic sweep (ARTIFACT-SPEC §4.2-§4.3): the grid runner with its workers, journal,
 * result rows (JSONL/CSV) and summary (shards: lib/shard/, internal); the paper's reported sweep
 * and stress numbers to compare against are in `memaudit/paper`.
 *
 * Entry point `memaudit/sweep` (deno.json `exports["./sweep"]`): this list is what the part
 * offers; anything under `lib/sweep/` it does not name is internal and may change.
 *
 * @example The exact sweep's methods
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXACT_SWEEP_METHODS } from "./mod.ts";
 * assert.equal(EXACT_SWEEP_METHODS.length, 8);
 * ```
 *
 * @module
 */
export {
  runSweep,
  type SweepFiles,
  type SweepGrid,
  type SweepOptions,
  type SweepProgress,
  type SweepResult,
} from "./run_sweep.ts";
export { progressLogger } from "./progress.ts";
export { EXACT_SWEEP_METHODS, methodLabel, STRESS_METHODS } from "./methods.ts";
export type { ResultRow } from "./row.ts";
export type { SweepAggregateRow, SweepSummary } from "./summary.ts";
export type { Shard } from "../shard/partition.ts";
