/**
 * `memaudit scale simulate --shard I/N` as a sharded run (lib/shard/): the
 * simulators over one shard of a ladder's queries, written with the run
 * digest and the SHA-256 of the trajectories (issue 14, "beyond one
 * machine"; issue 22, "merges that cannot be fooled").
 *
 * Units are the ladder's queries in ladder order (id: the query id). The
 * output order of {@linkcode simulateLadder} is for each simulator, for each
 * query, for each scale: the trajectories file is one group of chunks per
 * simulator, one chunk (a line per scale) per query. Every trajectory draws
 * from its own stream `seedrandom("<seed>/<agent>/<query id>/<label>")`, so
 * a query simulated in a shard gives the same line as in the whole run.
 *
 * A shard folder holds `trajectories.jsonl` (this shard's lines) and
 * `shard.json`; the merge writes `trajectories.jsonl` only: byte-identical
 * to `--out FILE.jsonl` of one run. All of it is SIMULATED (offline
 * stand-ins, structural judge).
 *
 * @module
 */
import { type Shard, shardItems } from "../shard/partition.ts";
import { inputDigests, runDigest } from "../shard/digest.ts";
import { chunksByLines, ShardWriter } from "../shard/manifest.ts";
import type { ShardKind } from "../shard/join.ts";
import type { Ladder } from "./ladder.ts";
import { simulateLadder, type SimulateOptions, type SimulatorSpec } from "./simulate.ts";
import type { Trajectory } from "./trajectory.ts";

/** The trajectories file of a scale-simulate shard (and of the merged folder). */
export const SCALE_TRAJECTORIES = "trajectories.jsonl";

/**
 * Simulates one shard of the ladder's queries and writes the shard folder.
 *
 * @param ladder the whole ladder
 * @param ladderDir the folder it was read from (its files' SHA-256 go into the run digest)
 * @param specs the simulators
 * @param opts seed (as for {@linkcode simulateLadder})
 * @param shard the shard
 * @param dir the shard folder
 * @returns this shard's trajectories (in output order)
 * @throws {RangeError} for an invalid spec
 * @throws {InputError} if the folder cannot be written
 */
export async function writeScaleShard(
  ladder: Ladder,
  ladderDir: string,
  specs: readonly SimulatorSpec[],
  opts: SimulateOptions,
  shard: Shard,
  dir: string,
): Promise<Trajectory[]> {
  const mine = shardItems(ladder.queries, shard);
  const ts = simulateLadder({ ...ladder, queries: mine }, specs, opts);
  const flags = {
    simulated: true,
    seed: opts.seed,
    simulators: specs.map((s) => ({ ...s })),
    scales: ladder.scales.map((s) => ({ label: s.label, n_irr: s.nIrr })),
  };
  const writer = new ShardWriter(dir, {
    kind: "scale-simulate",
    shard,
    run: runDigest("memaudit scale simulate", flags, await inputDigests([ladderDir])),
    units: ladder.queries.length,
    unitIds: mine.map((q) => q.query.queryId),
  });
  const text = ts.map((t) => JSON.stringify(t) + "\n").join("");
  const blocks = chunksByLines(text, 0, ladder.scales.length);
  writer.write(SCALE_TRAJECTORIES, { ...blocks, groups: specs.length });
  await writer.close();
  return ts;
}

/** Scale simulate as a kind of sharded run: the trajectories joined, nothing recomputed. */
export const SCALE_SHARDS: ShardKind = {
  kind: "scale-simulate",
  finish: (run) =>
    Promise.resolve({
      rows: run.texts.get(SCALE_TRAJECTORIES)!.split("\n").length - 1,
      report: { trajectories: SCALE_TRAJECTORIES },
    }),
};
