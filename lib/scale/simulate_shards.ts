/**
 * `memaudit scale simulate --shard I/N`: the simulators over one shard of a
 * ladder's queries, and the merge of the shards back into the one
 * trajectories file an unsharded run writes (issue 14, "beyond one machine";
 * the rule is lib/shard.ts's).
 *
 * Units are the ladder's queries in ladder order (the output order of
 * {@linkcode simulateLadder}: for each simulator, for each query, for each
 * scale). Every trajectory draws from its own stream
 * `seedrandom("<seed>/<agent>/<query id>/<label>")`, so a query simulated in
 * a shard gives the same line as in the whole run.
 *
 * A shard folder holds {@linkcode SCALE_SHARD_FILES}: `trajectories.jsonl`
 * (this shard's lines, in output order) and `scale_shard.json` (the shard and
 * the run's identity: seed, simulators with every parameter, the ladder's
 * seed, scales, query count and a SHA-256 of its queries' histories). The merge
 * writes `trajectories.jsonl` only: byte-identical to `--out FILE.jsonl` of
 * one run. All of it is SIMULATED (offline stand-ins, structural judge).
 *
 * @module
 */
import { createHash } from "node:crypto";
import { z } from "../deps.ts";
import { join } from "node:path";
import { canonicalJson } from "../canonical_json.ts";
import { readTextInput, writeTextAtomic } from "../fs.ts";
import { writeFileSet } from "../_write_files.ts";
import {
  checkShardLines,
  checkShardRow,
  readShardMeta,
  readShardSet,
  shardLines,
  shardRow,
} from "../_shard_files.ts";
import { type Shard, shardItems, shardSize } from "../shard.ts";
import type { Ladder } from "./ladder.ts";
import { simulateLadder, type SimulateOptions, type SimulatorSpec } from "./simulate.ts";
import type { Trajectory } from "./trajectory.ts";

/** File names of a scale-simulate shard folder. */
export const SCALE_SHARD_FILES = {
  /** This shard's trajectories (the merged folder's only file). */
  trajectories: "trajectories.jsonl",
  /** The shard and the run's identity. */
  meta: "scale_shard.json",
} as const;

/** What identifies a scale-simulate run (equal across its shards). */
export interface ScaleRunIdentity {
  /** Always true: the trajectories are simulated. */
  simulated: true;
  /** The simulators' global seed. */
  seed: number | string;
  /** The simulators, every parameter as given. */
  simulators: SimulatorSpec[];
  /** The ladder simulated over. */
  ladder: {
    /** The ladder's seed. */
    seed: number | string;
    /** Its scales: label and N_irr, in ladder order. */
    scales: { label: string; n_irr: number }[];
    /** Its queries. */
    queries: number;
    /**
     * SHA-256 (hex) of one line per query and scale, in ladder order:
     * query id, scale label and the history's session ids (tab-separated).
     */
    content_sha256: string;
  };
}

/** The content of `scale_shard.json`. */
export interface ScaleShardMeta {
  /** `memaudit.scale-simulate-shard/1`. */
  schema: string;
  /** This shard. */
  shard: Shard;
  /** The run. */
  run: ScaleRunIdentity;
  /** Units (queries) of the whole run. */
  units: number;
  /** Units of this shard. */
  shard_units: number;
  /** Lines in this shard's trajectories file. */
  lines: number;
}

/** Schema tag of `scale_shard.json`. */
export const SCALE_SHARD_SCHEMA = "memaudit.scale-simulate-shard/1";

/**
 * The identity of a run of `specs` over `ladder`.
 *
 * @param ladder the ladder
 * @param specs the simulators
 * @param seed the global seed
 * @returns the identity (compared with canonical JSON by the merge)
 */
export function scaleRunIdentity(
  ladder: Ladder,
  specs: readonly SimulatorSpec[],
  seed: number | string,
): ScaleRunIdentity {
  const hash = createHash("sha256");
  for (const q of ladder.queries) {
    for (const r of q.rungs) {
      hash.update(
        `${q.query.queryId}\t${r.scale.label}\t${r.sessions.map((x) => x.id).join("\t")}\n`,
      );
    }
  }
  return {
    simulated: true,
    seed,
    simulators: specs.map((s) => ({ ...s })),
    ladder: {
      seed: ladder.seed,
      scales: ladder.scales.map((s) => ({ label: s.label, n_irr: s.nIrr })),
      queries: ladder.queries.length,
      content_sha256: hash.digest("hex"),
    },
  };
}

/**
 * Simulates one shard of the ladder's queries and writes the shard folder.
 *
 * @param ladder the whole ladder
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
  specs: readonly SimulatorSpec[],
  opts: SimulateOptions,
  shard: Shard,
  dir: string,
): Promise<Trajectory[]> {
  const mine = shardItems(ladder.queries, shard);
  const ts = simulateLadder({ ...ladder, queries: mine }, specs, opts);
  const meta: ScaleShardMeta = {
    schema: SCALE_SHARD_SCHEMA,
    shard: { index: shard.index, count: shard.count },
    run: scaleRunIdentity(ladder, specs, opts.seed),
    units: ladder.queries.length,
    shard_units: mine.length,
    lines: ts.length,
  };
  await writeFileSet([
    [join(dir, SCALE_SHARD_FILES.trajectories), ts.map((t) => JSON.stringify(t) + "\n").join("")],
    [join(dir, SCALE_SHARD_FILES.meta), JSON.stringify(meta, null, 2) + "\n"],
  ]);
  return ts;
}

/** What {@linkcode mergeScaleShards} wrote. */
export interface ScaleMergeResult {
  /** Shards joined. */
  shards: number;
  /** Queries of the run. */
  units: number;
  /** Trajectory lines written. */
  rows: number;
  /** The merged trajectories file. */
  file: string;
}

/**
 * Joins the folders of a scale-simulate run's shards into
 * `<outDir>/trajectories.jsonl`, the lines in the order one run writes them.
 *
 * @param dirs the shard folders, any order
 * @param outDir the merged folder
 * @returns shards, queries, lines and the file written
 * @throws {InputError} naming the folder or file: not a shard, shards of different runs
 *   (seed, simulators, ladder), overlapping or missing shards, or a trajectories file with the
 *   wrong number of lines
 */
export async function mergeScaleShards(
  dirs: readonly string[],
  outDir: string,
): Promise<ScaleMergeResult> {
  const { shards, byIndex } = await readShardSet(dirs, outDir, async (dir) => {
    const meta = await readShardMeta<ScaleShardMeta>(
      join(dir, SCALE_SHARD_FILES.meta),
      SCALE_SHARD_SCHEMA,
      "scale-simulate",
      {
        run: z.looseObject({
          simulators: z.array(z.looseObject({ name: z.string() })).min(1),
          ladder: z.looseObject({ scales: z.array(z.looseObject({ label: z.string() })).min(1) }),
        }),
        units: z.int().nonnegative(),
      },
    );
    const linesFile = join(dir, SCALE_SHARD_FILES.trajectories);
    const lines = shardLines(await readTextInput(linesFile), linesFile);
    return { dir, shard: meta.shard, meta, lines, linesFile };
  }, {
    same: (a, b) =>
      canonicalJson(a.meta.run) === canonicalJson(b.meta.run) && a.meta.units === b.meta.units,
    file: (s) => join(s.dir, SCALE_SHARD_FILES.meta),
    path: "run",
    detail: "same seed, simulators and ladder",
  });
  const n = byIndex.length;
  const { units: total, run } = shards[0].meta;
  const agents = run.simulators.length;
  const scales = run.ladder.scales.length;
  for (const s of byIndex) {
    const want = shardSize(total, s.shard) * agents * scales;
    checkShardLines(s.linesFile, s.lines.length, want, "lines");
  }
  // Each line: the run's own text of the trajectory of its simulator, query and scale (every
  // simulator's queries the same, in the same order, each once).
  const out: string[] = [], queryAt: string[] = [];
  for (let a = 0; a < agents; a++) {
    const seen = new Set<string>();
    for (let p = 0; p < total; p++) {
      const s = byIndex[p % n];
      const size = shardSize(total, s.shard);
      const at = (a * size + Math.floor(p / n)) * scales;
      run.ladder.scales.forEach((scale, k) => {
        const t = shardRow<Trajectory>(s.linesFile, s.lines, at + k, JSON.stringify);
        const q = k > 0 ? queryAt[p] : a > 0 ? queryAt[p] : t.query_id;
        const agent = run.simulators[a].name;
        checkShardRow(
          s.linesFile,
          at + k,
          t.agent === agent && t.scale?.label === scale.label && t.query_id === q &&
            (k > 0 || !seen.has(q)),
          `expected the trajectory of ${agent} at scale ${scale.label} of ${
            k > 0 || a > 0 ? `query ${q}` : "a query not seen before"
          }`,
        );
        seen.add(q);
        queryAt[p] = q;
        out.push(s.lines[at + k]);
      });
    }
  }
  const file = join(outDir, SCALE_SHARD_FILES.trajectories);
  await writeTextAtomic(file, out.map((l) => l + "\n").join(""));
  return { shards: n, units: total, rows: out.length, file };
}
