/**
 * `memaudit retention simulate --shard I/N` as a sharded run (lib/shard/;
 * issue 14, "beyond one machine"; units are the simulated users in cohort
 * order, id: the user's uuid).
 *
 * A shard folder (written by `writeSimulatedRun` of simulate.ts with a shard)
 * holds its users' session files and snapshots (merged by copy), the three
 * CSVs (a header, then one chunk of rows per user: interleaved),
 * `SIMULATED.txt` (the same in every shard) and `shard.json`. The merge
 * writes exactly the files of one unsharded run, its `memaudit-run.json` too. Everything is SIMULATED
 * (not PerMem-Bench data).
 *
 * @module
 */
import { parseCsv } from "../base/deps/csv_parse.ts";
import { RUN_MANIFEST, runManifestText } from "../base/run_dir.ts";
import type { ShardKind } from "../shard/join.ts";
import { snapshotLabel } from "./simulate.ts";

/** The CSVs of a simulated run, by role. */
const CSVS = { facts: "facts.csv", presence: "presence.csv", predictions: "predictions.csv" };

/** Retention simulate as a kind of sharded run: files joined, CSV records counted. */
export const RETENTION_SHARDS: ShardKind = {
  kind: "retention-simulate",
  finish(run) {
    const { policy, budget } = run.manifest.run.flags as { policy: string; budget: number | null };
    const rows = Object.values(CSVS).reduce(
      (n, f) => n + parseCsv(run.texts.get(f)!, { columns: true }).length,
      0,
    );
    return Promise.resolve({
      rows,
      // The merged folder is one run's, byte for byte, with that run's manifest.
      files: [[RUN_MANIFEST, runManifestText(run.manifest.kind, run.texts)]],
      report: {
        sessions: "permem",
        snapshots: `snapshots/${snapshotLabel(policy, budget ?? Infinity)}`,
        ...CSVS,
        simulated: "SIMULATED.txt",
      },
    });
  },
};
