/**
 * The kinds of sharded runs `memaudit merge` can join (lib/shard/): a shard's manifest names its
 * kind, and the kind's module, loaded only when a merge runs, says what the merge recomputes. A
 * command that shards its units adds one line to `KINDS` below.
 *
 * @module
 */
import { type MergeReport, mergeShardFolders, type ShardKind } from "../shard/join.ts";

export type { MergeReport } from "../shard/join.ts";

/** The built-in kinds, each loaded on first use. */
const KINDS: Record<string, () => Promise<ShardKind>> = {
  "natural": async () => (await import("../natural/run.ts")).NATURAL_SHARDS,
  "scale-simulate": async () => (await import("../scale/simulate_shards.ts")).SCALE_SHARDS,
  "retention-simulate": async () =>
    (await import("../retention/simulate_shards.ts")).RETENTION_SHARDS,
  "sweep": async () => (await import("../sweep/shard.ts")).SWEEP_SHARDS,
  "solve": async () => (await import("./solve_batch_out.ts")).SOLVE_SHARDS,
};

/**
 * Merges shard folders (any order) of any known kind into `outDir` (lib/shard/join.ts); resolves
 * to the kind, shards, units, rows and the files written.
 *
 * @throws {InputError} naming the manifest or file and what was expected
 */
export function mergeShardRun(dirs: readonly string[], outDir: string): Promise<MergeReport> {
  return mergeShardFolders(
    dirs,
    outDir,
    async (k) => Object.hasOwn(KINDS, k) ? await KINDS[k]() : undefined,
  );
}
