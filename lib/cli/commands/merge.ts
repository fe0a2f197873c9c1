/**
 * `memaudit merge DIR... --out DIR`: joins the output folders of a sweep's
 * shards (`memaudit sweep --shard I/N`; also natural, scale simulate,
 * retention simulate and solve batch shards, lib/cli/mergers.ts) into exactly the files one
 * machine writes for the whole run (lib/shard/, lib/cli/mergers.ts).
 *
 * @module
 */
import { type Command, emit, EXIT, printWarnings, UsageError } from "../command.ts";
import { flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { realPath, requireOutDir, runWithFlags } from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

const EXTRA_HELP = [
  [
    "--json",
    "print {out, kind, shards, units, rows, files, warnings} as JSON (kind: sweep, natural, " +
    "scale-simulate, retention-simulate or solve; data/schema/merge_report.schema.json)",
  ],
  ["--csv", "print the same as CSV"],
  ["-h, --help", "this help"],
] as const;

/** The flags of `memaudit merge` (the help's Options block is made from them). */
const FLAGS = {
  out: { value: "DIR", help: "the merged output folder (required)" },
} as const satisfies FlagTable;

const HELP = `Usage: memaudit merge SHARD_DIR... --out DIR [--json | --csv]

Joins the folders written by "memaudit sweep --shard I/N" (one per shard, any order) into DIR:
raw_results.jsonl, raw_results.csv and summary.json byte-identical to one machine's run of the
whole grid (the summary's bootstrap is recomputed from all rows), and timings.jsonl in the same
row order. Folders of "memaudit natural --shard I/N" are joined the same way (natural_rows.jsonl
and natural_summary.json as one run writes them), and so are folders of
"memaudit scale simulate --shard I/N" (trajectories.jsonl, byte-identical to one run's --out file),
"memaudit retention simulate --shard I/N" (the sessions, snapshots, CSVs and SIMULATED.txt of
one run; both SIMULATED) and "memaudit solve DIR --shard I/N --out OUT" (solve_rows.jsonl,
solve_rows.csv and solve_summary.json byte-identical to one run's --out folder without --shard,
the summary recomputed from all rows; timings.jsonl in the same row order). Every shard carries
shard.json: its run digest (memaudit version, command and flags, SHA-256 of each input) and the
SHA-256 of each file it wrote. Refused, with
one line naming the shard file and what was expected (exit 2), when a shard is unfinished, of
another run or another memaudit version, a file was edited after the shard was written, a shard
is given twice or one is missing.

Options:
${optionsHelp(FLAGS, EXTRA_HELP, 14, 100)}
Example:
  for i in 0 1 2 3; do memaudit sweep --seeds 500 --shard $i/4 --out out/shards/$i --quiet; done
  memaudit merge out/shards/0 out/shards/1 out/shards/2 out/shards/3 --out out/runs/exact_500
  for i in 0 1 2 3; do memaudit scale simulate out/ladder --shard $i/4 --out out/sim/$i; done
  memaudit merge out/sim/0 out/sim/1 out/sim/2 out/sim/3 --out out/sim_all
  for i in 0 1; do memaudit solve data/examples --budgets 2,8 --shard $i/2 --out out/s$i; done
  memaudit merge out/s0 out/s1 --out out/solved
`;

export const command: Command = {
  name: "merge",
  summary: SUMMARIES.merge,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, positionals, form }, io) => {
    const out = requireOutDir(values.out);
    if (positionals.length === 0) throw new UsageError("expected the shard folders to merge");
    const { InputError } = await import("../../base/errors.ts");
    const { mergeShardRun } = await import("../mergers.ts");
    const { statOrNull } = await import("../../base/fs.ts");
    for (const dir of positionals) {
      const info = await statOrNull(dir);
      if (info === null || !info.isDirectory) {
        const found = info === null ? "an existing shard folder" : "a shard folder, found a file";
        throw InputError.atRoot(dir, `expected ${found}`);
      }
    }
    // The merged files would replace a shard's own (same names): refuse before reading any.
    const outReal = await realPath(out);
    for (const dir of positionals) {
      if (await realPath(dir) === outReal) {
        throw new UsageError(
          `--out ${out} is the shard folder ${dir}: the merge would overwrite that ` +
            "shard; expected another folder",
        );
      }
    }
    const res = await mergeShardRun(positionals, out);
    const { MERGE_REPORT } = await import("../../shard/join.ts");
    const json = MERGE_REPORT.json({ out, ...res });
    const rows = [
      ...[["shards", res.shards], ["units", res.units], ["rows", res.rows]] as const,
      ...Object.entries(res.files),
    ].map(([field, value]) => ({ field, value }));
    emit(io, form, { json, columns: ["field", "value"], rows });
    printWarnings(io, res.warnings);
    return EXIT.ok;
  }),
};
