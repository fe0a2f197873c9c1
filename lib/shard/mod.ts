/**
 * The sharded-run framework (issue 20, "one sharded-run framework"; issue
 * 22, "merges that cannot be fooled"): plan the units and run shard I of N
 * (partition.ts), write a shard's files with their digests and a run digest
 * (manifest.ts, digest.ts), and merge and verify the shards (read.ts,
 * join.ts). Sweep, natural, scale simulate, retention simulate and solve batches use it;
 * each keeps only its own layout and what its merge recomputes.
 *
 * How a command shards its units:
 * 1. parse `--shard I/N` with {@linkcode parseShard}; list its units in
 *    output order and run {@linkcode shardItems}`(units, shard)`;
 * 2. write its files through a {@linkcode ShardWriter} (each file with its
 *    merge rule; files with one chunk per unit as {@linkcode Blocks}) and
 *    close it, which writes `shard.json` last;
 * 3. give `memaudit merge` a {@linkcode ShardKind} (lib/cli/mergers.ts) with
 *    what its merge recomputes from the joined files.
 *
 * Entry point `memaudit/shard` (deno.json `exports["./shard"]`): this list is what the part
 * offers; anything under `lib/shard/` it does not name is internal and may change.
 *
 * @module
 */
export { parseShard, type Shard, shardItems } from "./partition.ts";
export { type InputDigest, type RunDigest, runDigest } from "./digest.ts";
export {
  type Blocks,
  chunksByLines,
  type MergeRule,
  SHARD_MANIFEST,
  SHARD_SCHEMA,
  type ShardFileRecord,
  type ShardManifest,
  ShardWriter,
} from "./manifest.ts";
export {
  type JoinedRun,
  type KindFinish,
  type MergeReport,
  mergeShardFolders,
  type ShardKind,
} from "./join.ts";
