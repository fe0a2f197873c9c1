/**
 * The kinds of sharded runs `memaudit merge` can join. Each kind says how
 * to recognise one of its shard folders and how to merge a set of them;
 * `memaudit merge` picks the kind of the first folder. A command that
 * shards its units (lib/shard.ts) adds its kind with one `shardKind` entry
 * in `BUILTIN_MERGERS` below (natural, scale-simulate, retention-simulate,
 * sweep), or from elsewhere with {@linkcode registerMerger}.
 *
 * @module
 */
import { join } from "node:path";
import { statOrNull } from "../fs.ts";

/** What a merge wrote, as `memaudit merge` reports it. */
export interface MergeReport {
  /** The kind of run (e.g. `sweep`, `natural`). */
  kind: string;
  /** Shards joined. */
  shards: number;
  /** Units of the whole run. */
  units: number;
  /** Rows written. */
  rows: number;
  /** File role → path written. */
  files: Record<string, string>;
}

/** One kind of sharded run. */
export interface Merger {
  /** The kind's name (shown as `kind`). */
  kind: string;
  /** Whether `dir` looks like one of this kind's shard folders (cheap: a file name check). */
  detect(dir: string): Promise<boolean>;
  /**
   * Joins the shard folders into `outDir`: the files one machine writes for the whole run.
   *
   * @throws {InputError} naming the folder or file for shards that do not form one run
   */
  merge(dirs: readonly string[], outDir: string): Promise<MergeReport>;
}

const MERGERS: Merger[] = [];

/**
 * Adds a kind of sharded run (checked in the order added).
 *
 * @param m the kind
 */
export function registerMerger(m: Merger): void {
  MERGERS.push(m);
}

/**
 * The kind of the shard folder `dir`, or undefined.
 *
 * @param dir a folder
 * @returns the first registered kind that recognises it
 */
export async function mergerFor(dir: string): Promise<Merger | undefined> {
  registerBuiltinMergers();
  for (const m of MERGERS) if (await m.detect(dir)) return m;
  return undefined;
}

/** The kinds registered so far, by name. */
export function mergerKinds(): string[] {
  registerBuiltinMergers();
  return MERGERS.map((m) => m.kind);
}

const isFile = async (path: string) => (await statOrNull(path))?.isFile === true;

/** What a kind's merge function returns: the report but its kind. */
type Merged = Omit<MergeReport, "kind">;

/**
 * A kind whose shard folders hold the file `marker`; `merge` loads its module
 * only when a merge runs.
 */
function shardKind(
  kind: string,
  marker: string,
  merge: (dirs: readonly string[], outDir: string) => Promise<Merged>,
): Merger {
  return {
    kind,
    detect: (dir) => isFile(join(dir, marker)),
    async merge(dirs, outDir) {
      const { shards, units, rows, files } = await merge(dirs, outDir);
      return { kind, shards, units, rows, files };
    },
  };
}

/** The built-in kinds, in the order they are tried. */
const BUILTIN_MERGERS: Merger[] = [
  shardKind("natural", "natural_summary.json", async (dirs, outDir) => {
    const { mergeNaturalShards, NATURAL_FILES } = await import("./natural_run.ts");
    const nat = await mergeNaturalShards(dirs, outDir);
    return {
      shards: nat.grid.shard?.count ?? dirs.length,
      units: nat.grid.packages,
      rows: nat.rows,
      files: {
        rows: join(outDir, NATURAL_FILES.rows),
        summary: join(outDir, NATURAL_FILES.summary),
      },
    };
  }),
  shardKind("scale-simulate", "scale_shard.json", async (dirs, outDir) => {
    const { mergeScaleShards } = await import("../scale/simulate_shards.ts");
    const res = await mergeScaleShards(dirs, outDir);
    return { ...res, files: { trajectories: res.file } };
  }),
  shardKind("retention-simulate", "retention_shard.json", async (dirs, outDir) => {
    const { mergeRetentionShards } = await import("../retention/simulate_shards.ts");
    return await mergeRetentionShards(dirs, outDir);
  }),
  shardKind("sweep", "summary.json", async (dirs, outDir) => {
    const { mergeSweepShards } = await import("../sweep/merge.ts");
    return await mergeSweepShards(dirs, outDir);
  }),
];

let builtins = false;

/** Registers the built-in kinds once (modules load only when a merge runs). */
function registerBuiltinMergers(): void {
  if (builtins) return;
  builtins = true;
  for (const m of BUILTIN_MERGERS) registerMerger(m);
}
