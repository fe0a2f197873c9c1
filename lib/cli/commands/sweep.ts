/**
 * `memaudit sweep`: the synthetic grid runner (ARTIFACT-SPEC §4.2, §4.3),
 * in-process. `deno task sweep` (scripts/sweep.ts) is an alias that runs
 * the same code with its historical messages ({@linkcode sweepScript}).
 *
 * @module
 */
import { InputError } from "../../base/errors.ts";
import { isUnwritable } from "../../base/fs.ts";
import {
  type CliIo,
  type Command,
  emit,
  EXIT,
  OUTPUT_FLAGS,
  type OutputForm,
  outputForm,
  parseFlags,
  UsageError,
} from "../command.ts";
import type { SweepOptions, SweepResult } from "../../sweep/run_sweep.ts";
import type { SweepReport } from "../../sweep/report.ts";
import { startProgress } from "../progress.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { handleHelp, parseIntFlag, parseList, parseShardFlag, requireOutDir } from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of a sweep, in help order (shared by `memaudit sweep` and `deno task sweep`). */
const FLAGS = {
  distributions: {
    value: "LIST",
    help: 'comma-separated names, or "stress" for the 8 stress distributions',
    default: "base",
  },
  seeds: { value: "N", help: "seeds 0..N-1, N a decimal integer in [1, 10000000]", default: "5" },
  budgets: {
    value: "LIST",
    help: "budget tokens: fractions of the mean total candidate cost (0.10) or absolute " +
      "budgets (6)",
    default: "0.01,0.02,0.05,0.10,0.20",
  },
  methods: {
    value: "LIST",
    help: 'method ids, "exact" (the 8 of the exact sweep, default) or "stress" (the 10)',
    default: "exact",
  },
  workers: {
    value: "N",
    help: "1 runs on the main thread; N >= 2 runs N worker threads (at most two per core are " +
      "started), N in [1, 1024] (default: one per core for grids of 2,000 units or more, else " +
      "1; a unit is one (distribution, seed) package with all its budgets and methods)",
  },
  bound: {
    value: "B",
    help: "branch-and-bound bound: auto (default), knapsack or suffix (the artifact's)",
    choices: ["auto", "knapsack", "suffix"],
    default: "auto",
  },
  summation: {
    value: "S",
    help: "float sums of means: neumaier (CPython >= 3.12, default) or naive (<= 3.11)",
    choices: ["naive", "neumaier"],
    default: "neumaier",
  },
  shard: {
    value: "I/N",
    help: "run only shard I of N (0 <= I < N): the units at positions p of the output order " +
      "with p mod N = I; join the N folders with memaudit merge",
  },
  out: { value: "DIR", help: "output folder (required)" },
  replace: {
    type: "boolean",
    help: "replace a finished sweep of another grid in DIR (default: refuse)",
    default: false,
  },
  quiet: { type: "boolean", help: "no progress bar and no table", default: false },
} as const satisfies FlagTable;

const EXAMPLES = `Examples:
  # the exact budget sweep (§4.2): base x 500 seeds, B = 1, 2, 4, 8, 16
  memaudit sweep --seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20 --out out/runs/exact_500
  # the stress suite (§4.3): 8 distributions x 500 seeds, B = 1, 3, 6, 13
  memaudit sweep --distributions stress --methods stress --seeds 500 \\
    --budgets 0.02,0.05,0.10,0.20 --out out/runs/stress_exact_500
  # the same exact sweep on 4 machines, then joined (byte-identical to one machine)
  memaudit sweep --seeds 500 --shard 0/4 --out out/shards/0   # ... 1/4, 2/4, 3/4
  memaudit merge out/shards/0 out/shards/1 out/shards/2 out/shards/3 --out out/runs/exact_500`;

const EXTRA_HELP = [
  ["--json / --csv", "print the aggregate table as JSON or CSV instead of text"],
  ["-h, --help", "this help"],
] as const;

/** The help, its distribution and method names loaded lazily (they need the library). */
async function help(prog: string): Promise<string> {
  const { DISTRIBUTION_SPECS } = await import("../../generate/distributions.ts");
  const { sweepMethodIds } = await import("../../sweep/methods.ts");
  return `Usage: ${prog} --out DIR [options]

Runs a grid of distributions x seeds x budgets x methods (ARTIFACT-SPEC §4.2-§4.3): every
(distribution, seed) package, every budget B, every method, each ratio against the certified OPT.

Options:
${optionsHelp(FLAGS, EXTRA_HELP, 24, 100)}
Writes DIR/raw_results.jsonl, DIR/raw_results.csv and DIR/summary.json (byte-identical for any
worker count and after a resume) and DIR/timings.jsonl (wall times, not deterministic). Rerunning
an interrupted command resumes it; rerunning a finished one rewrites the same files. The table
printed at the end: distribution, B, method, mean ratio to OPT [artifact bootstrap 95% interval].

Distributions: ${Object.keys(DISTRIBUTION_SPECS).join(", ")}
Methods: ${sweepMethodIds().join(", ")}

${EXAMPLES}
`;
}

const MAX_SEEDS = 10_000_000;
const MAX_WORKERS = 1024;
/** A bad grid found by the runner (unknown method, duplicates): one line, no usage text. */
class GridError extends UsageError {}

/** How the run reports: `memaudit sweep` or the historical `deno task sweep`. */
type Mode = "memaudit" | "script";

/** What the command shares with its caller, so that an error after a bar starts on a new line. */
type RunState = { progressShown: boolean };

/** The parsed flags of a sweep: the runner's options and how to report. */
async function sweepFlags(argv: readonly string[]) {
  const { values } = parseFlags([...argv], { ...flagOptions(FLAGS), ...OUTPUT_FLAGS }, false);
  const out = requireOutDir(values.out);
  const form = outputForm(values);
  const nSeeds = parseIntFlag("--seeds", values.seeds!, 1, MAX_SEEDS);
  const workers = values.workers === undefined
    ? undefined
    : parseIntFlag("--workers", values.workers, 1, MAX_WORKERS);
  checkFlags(FLAGS, values);
  const shard = parseShardFlag(values.shard);
  const [{ STRESS_DISTRIBUTIONS }, { EXACT_SWEEP_METHODS, STRESS_METHODS }] = await Promise.all([
    import("../../generate/distributions.ts"),
    import("../../sweep/methods.ts"),
  ]);
  const options: SweepOptions = {
    distributions: values.distributions === "stress"
      ? [...STRESS_DISTRIBUTIONS]
      : parseList(values.distributions!, "--distributions"),
    seeds: Array.from({ length: nSeeds }, (_, s) => s),
    budgets: parseList(values.budgets!, "--budgets"),
    methods: values.methods === "exact"
      ? [...EXACT_SWEEP_METHODS]
      : values.methods === "stress"
      ? [...STRESS_METHODS]
      : parseList(values.methods!, "--methods"),
    outDir: out,
    workers,
    bound: values.bound as SweepOptions["bound"],
    summation: values.summation as SweepOptions["summation"],
    replace: values.replace === true,
    shard,
  };
  return { options, form, quiet: values.quiet === true };
}

/** Runs the sweep under a progress bar; Ctrl-C says how to resume. */
async function runWithBar(
  options: SweepOptions,
  io: CliIo,
  quiet: boolean,
  state: RunState,
): Promise<SweepResult> {
  const { runSweep } = await import("../../sweep/run_sweep.ts");
  const bar = await startProgress(io, "sweep", { quiet });
  // Ctrl-C: the journal is consistent between units, so say how to go on, then stop with the
  // signal's own default action (re-raised), as an uninterrupted command would have.
  const onSigint = () => {
    io.stderr(`${bar.shown ? "\n" : ""}sweep: interrupted; rerun the same command to resume\n`);
    Deno.removeSignalListener("SIGINT", onSigint);
    Deno.kill(Deno.pid, "SIGINT");
  };
  Deno.addSignalListener("SIGINT", onSigint);
  try {
    return await runSweep({
      ...options,
      onProgress: (done, total, eta) => {
        bar.update(done, total, eta);
        state.progressShown ||= bar.shown;
      },
    });
  } catch (err) {
    if (err instanceof RangeError) throw new GridError(err.message);
    throw err;
  } finally {
    bar.stop();
    Deno.removeSignalListener("SIGINT", onSigint);
  }
}

/** The script's historical table: tab-separated, a ratio and its interval per line. */
function scriptTable(report: SweepReport): string {
  const f = (x: number | null) => (x === null ? "null" : x.toFixed(4));
  let text = "distribution\tB\tmethod\tmean ratio to OPT [bootstrap 95%]\n";
  for (const a of report.aggregates) {
    text += `${a.distribution}\t${a.budget}\t${a.method}\t${f(a.mean_ratio_to_opt)} ` +
      `[${f(a.ci95_low)}, ${f(a.ci95_high)}]` +
      (a.n_degenerate_opt > 0 ? `\t(${a.n_degenerate_opt} of ${a.n} with OPT = 0)` : "") +
      "\n";
  }
  return text;
}

/** Prints what was run and the aggregates (the script's table, or the form asked for). */
async function reportRun(
  io: CliIo,
  mode: Mode,
  form: OutputForm,
  res: SweepResult,
  { outDir, shard }: SweepOptions,
): Promise<void> {
  const { sweepReport, SWEEP_AGGREGATE_COLUMNS } = await import("../../sweep/report.ts");
  const shardText = shard === undefined ? "" : `, shard ${shard.index}/${shard.count}`;
  io.stderr(
    `sweep: ${res.summary.num_rows} rows, ${res.units} units (${res.resumedUnits} resumed)` +
      `${shardText}, budgets ${res.grid.budgets.join(", ")}` +
      (res.grid.budget_basis === null ? "" : ` (basis ${res.grid.budget_basis})`) +
      `, ${res.wallSec.toFixed(2)} s\n`,
  );
  const f = res.files;
  io.stderr(`sweep: wrote ${f.results}, ${f.csv}, ${f.summary}, ${f.timings}\n`);
  const report = sweepReport(res, outDir, shard);
  if (mode === "script") io.stdout(scriptTable(report));
  else emit(io, form, { json: report, columns: SWEEP_AGGREGATE_COLUMNS, rows: report.aggregates });
}

/** The command: parse -> runSweep -> report. */
async function runCommand(
  argv: readonly string[],
  io: CliIo,
  mode: Mode,
  state: RunState,
): Promise<number> {
  const prog = mode === "script" ? "deno task sweep" : "memaudit sweep";
  if (handleHelp(argv, io, await help(prog))) return EXIT.ok;
  const { options, form, quiet } = await sweepFlags(argv);
  const res = await runWithBar(options, io, quiet, state);
  state.progressShown = false;
  if (quiet) return EXIT.ok;
  try {
    await reportRun(io, mode, form, res, options);
  } catch (err) {
    // The sweep is done and its files are written; only the report could not be printed.
    try {
      io.stderr(`sweep: done, but the report could not be written: ${(err as Error).message}\n`);
    } catch {
      // Nowhere left to say it: the exit code does.
    }
    return EXIT.claimFailed;
  }
  return EXIT.ok;
}

export const command: Command = {
  name: "sweep",
  summary: SUMMARIES.sweep,
  run(argv, io) {
    return runCommand(argv, io, "memaudit", { progressShown: false });
  },
};

/**
 * `deno task sweep` / `deno run -A scripts/sweep.ts`: the same command with its historical
 * messages: `sweep: MESSAGE` then the usage text for bad flags (exit 2); `sweep: MESSAGE` for a bad
 * grid, folder or journal (exit 2) and for a system error (exit 1). Anything else is a bug and is
 * thrown (with its stack). Resolves to the exit code.
 *
 * @throws what the run threw when it is neither bad input nor a system error
 */
export async function sweepScript(argv: readonly string[], io: CliIo): Promise<number> {
  const state: RunState = { progressShown: false };
  try {
    return await runCommand(argv, io, "script", state);
  } catch (err) {
    const msg = (err as Error).message?.replaceAll("\n", " ");
    const nl = state.progressShown ? "\n" : "";
    if (err instanceof GridError || err instanceof InputError) io.stderr(`${nl}sweep: ${msg}\n`);
    else if (err instanceof UsageError) {
      io.stderr(`sweep: ${msg}\n\n${(await help("deno task sweep")).trimEnd()}\n`);
    } else if (isUnwritable(err)) io.stderr(`${nl}sweep: Cannot write the output: ${msg}\n`);
    else if (Object.values(Deno.errors).some((E) => err instanceof E)) {
      io.stderr(`${nl}sweep: ${msg}\n`);
      return EXIT.claimFailed;
    } else throw err;
    return EXIT.badInput;
  }
}
