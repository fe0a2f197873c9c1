/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing.
 *
 * Re-exports only; see each folder's mod.ts.
 *
 * @module
 */
export * from "./lib/errors.ts";
export * from "./lib/package/mod.ts";
export * from "./lib/objective.ts";
export * from "./lib/solve/mod.ts";
export * from "./lib/score/mod.ts";
export * from "./lib/report/mod.ts";
export * from "./lib/plot/mod.ts";
export * from "./lib/rng/mod.ts";
export * from "./lib/generate/mod.ts";
export * from "./lib/natural/mod.ts";
export * from "./lib/writers/mod.ts";
export * from "./lib/sweep/mod.ts";
export * from "./lib/repro/mod.ts";
export * from "./lib/adjudicate/mod.ts";
export * from "./lib/systems/mod.ts";

// --- cli-core (issue 14): shards of a run and the public summation type ---
export {
  checkShardSet,
  inShard,
  MAX_SHARDS,
  mergeShards,
  parseShard,
  type Shard,
  shardItems,
  shardSize,
} from "./lib/shard.ts";
export { DEFAULT_SUMMATION, type Summation } from "./lib/score/summation.ts";
