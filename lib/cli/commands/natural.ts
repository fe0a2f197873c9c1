/**
 * `memaudit natural`: scores LoCoMo support-slice packages (paper 000 §5):
 * certified OPT and the writers at each budget, per-package rows and the
 * conversation-clustered summary; shardable with `--shard I/N` and joined
 * with `memaudit merge` (lib/cli/natural_run.ts).
 *
 * @module
 */
import { type Command, emit, EXIT, UsageError } from "../command.ts";
import { startProgress } from "../progress.ts";
import {
  parseIntFlag,
  parseList,
  parseMethodList,
  parseNumberList,
  parseShardFlag,
  requireOutDir,
  runWithFlags,
  stringFlags,
} from "../shared.ts";

const HELP = `Usage: memaudit natural --out DIR [--locomo FILE] [options]

Converts a LoCoMo file into support-slice packages (one per accepted QA item; the scoring set of
notebook 05), certifies OPT at each budget and runs each writer, and writes DIR/natural_rows.jsonl
(one row per package, budget and method: value, OPT, ratio, flag) and DIR/natural_summary.json
(per method and budget: mean ratio over the packages with a certified, non-degenerate OPT, its
conversation-clustered bootstrap interval, and the counts of each denominator). The summary names
the LoCoMo file and its SHA-256.

Options:
  --locomo FILE          LoCoMo JSON file (default: the cached locomo10.json, else the shared
                         locomo8.json; the summary records which)
  --conversations LIST   keep only these conversations, e.g. conv-26,conv-30 (default all)
  --budgets LIST         budgets B in cost units (default 30,60,100)
  --methods LIST         writer ids (default the natural set: oracle_gvt, estimated_gvt, ...)
  --k K                  group cap k of OPT (default each package's)
  --shard I/N            score only shard I of N (packages at positions p with p mod N = I);
                         join the N folders with memaudit merge
  --out DIR              output folder (required)
  --json / --csv         print the summary as JSON or CSV instead of a table
  --quiet                no progress bar and no table
  -h, --help             this help

Example:
  memaudit natural --locomo ../shared/data/locomo/locomo8.json --conversations conv-26 \\
    --budgets 30,60 --out out/natural/conv-26
`;

/** \`memaudit natural ...\`. */
export const command: Command = {
  name: "natural",
  summary: "score LoCoMo support-slice packages (OPT + writers), shardable with --shard I/N",
  run: runWithFlags(HELP, {
    ...stringFlags("locomo", "conversations", "budgets", "methods", "k", "shard", "out"),
    quiet: { type: "boolean", default: false },
  }, async ({ values, form }, io) => {
    const outDir = requireOutDir(values.out);
    const budgets = values.budgets === undefined
      ? undefined
      : parseNumberList("--budgets", values.budgets);
    const k = values.k === undefined ? undefined : parseIntFlag("--k", values.k);
    const shard = parseShardFlag(values.shard);
    const conversations = values.conversations === undefined
      ? undefined
      : parseList(values.conversations, "--conversations");
    // An empty list kept no conversation: a run of 0 packages, exit 0.
    if (conversations?.length === 0) {
      throw new UsageError("--conversations expects conversation ids, e.g. conv-26,conv-30");
    }
    const methods = values.methods === undefined
      ? undefined
      : parseMethodList(values.methods, (await import("../../writers/registry.ts")).WRITERS, false);
    let locomo = values.locomo;
    if (locomo === undefined) {
      const { locateLocomo, locomoHowTo } = await import("../../natural/data_source.ts");
      const found = await locateLocomo();
      if (found === null) throw new UsageError(`--locomo FILE is required: ${locomoHowTo()}`);
      locomo = found.path;
    }
    const { runNatural } = await import("../natural_run.ts");
    const bar = await startProgress(io, "natural", { quiet: values.quiet });
    let res;
    try {
      res = await runNatural({
        locomo,
        conversations,
        budgets,
        methods,
        k,
        shard,
        outDir,
        onProgress: (done, total) => bar.update(done, total, null),
      });
    } finally {
      bar.stop();
    }
    if (values.quiet) return EXIT.ok;
    io.stderr(
      `natural: ${res.grid.data.file} (sha256 ${res.grid.data.sha256.slice(0, 12)}…), ` +
        `${res.grid.packages} packages${
          shard === undefined ? "" : `, shard ${shard.index}/${shard.count}`
        }, ${res.rows} rows, wrote ${outDir}\n`,
    );
    const rows = res.summary.map((s) => ({ ...s }));
    emit(io, form, {
      json: res,
      columns: [
        "method",
        "budget",
        "items",
        "scored",
        "degenerate",
        "uncertified",
        "mean",
        "low",
        "high",
        "clusters",
      ],
      rows,
    });
    return EXIT.ok;
  }, { positionals: false }),
};
