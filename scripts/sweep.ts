/**
 * Command line of the sweep runner (ARTIFACT-SPEC §4.2, §4.3).
 *
 * ```sh
 * # the exact budget sweep (§4.2): base × 500 seeds, B = 1, 2, 4, 8, 16
 * deno run -A scripts/sweep.ts --seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20 --out out/runs/exact_500
 * # the stress suite (§4.3): 8 distributions × 500 seeds, B = 1, 3, 6, 13
 * deno run -A scripts/sweep.ts --distributions stress --methods stress --seeds 500 \
 *   --budgets 0.02,0.05,0.10,0.20 --out out/runs/stress_exact_500
 * ```
 *
 * Rerunning the same command after an interruption resumes from the journal.
 *
 * Exit codes: 0 done; 2 bad usage (printed with the usage text) or bad input
 * (an unusable output folder or journal: one line naming the file); 1 any
 * other failure.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { InputError } from "../lib/errors.ts";
import { DISTRIBUTION_SPECS, STRESS_DISTRIBUTIONS } from "../lib/generate/distributions.ts";
import { EXACT_SWEEP_METHODS, STRESS_METHODS, sweepMethodIds } from "../lib/sweep/methods.ts";
import { runSweep } from "../lib/sweep/run_sweep.ts";

const USAGE = `Usage: deno run -A scripts/sweep.ts --out DIR [options]

  --distributions LIST  comma-separated names, or "stress" for the 8 stress distributions (default base)
  --seeds N             seeds 0..N-1, N a decimal integer in [1, 10000000] (default 5)
  --budgets LIST        budget tokens: fractions of the mean total candidate cost (0.10) or
                        absolute budgets (6) (default 0.01,0.02,0.05,0.10,0.20)
  --methods LIST        method ids, "exact" (the 8 of the exact sweep, default) or "stress" (the 10)
  --workers N           1 runs on the main thread; N >= 2 runs N worker threads (at most two per
                        core are started), N in [1, 1024]
                        (default: one per core for grids of 2,000 units or more, else 1;
                        a unit is one (distribution, seed) package with all its budgets and methods)
  --bound B             branch-and-bound bound: auto (default), knapsack or suffix (the artifact's)
  --summation S         float sums of means: neumaier (CPython >= 3.12, default) or naive (<= 3.11)
  --out DIR             output folder (required)
  --replace             replace a finished sweep of another grid in DIR (default: refuse)
  --quiet               no progress line and no table
  -h, --help            this help

Writes DIR/raw_results.jsonl, DIR/raw_results.csv and DIR/summary.json (byte-identical for any
worker count and after a resume) and DIR/timings.jsonl (wall times, not deterministic). Rerunning
an interrupted command resumes it; rerunning a finished one rewrites the same files. The table
printed at the end: distribution, B, method, mean ratio to OPT [artifact bootstrap 95% interval].

Distributions: ${Object.keys(DISTRIBUTION_SPECS).join(", ")}
Methods: ${sweepMethodIds().join(", ")}`;

function list(s: string): string[] {
  return s.split(/[\s,]+/).filter((x) => x.length > 0);
}

/** Whether a progress line is on stderr (an error message then starts on a new line). */
let progressShown = false;

const MAX_SEEDS = 10_000_000;
const MAX_WORKERS = 1024;
/** Flags whose value may look like a negative number (then checked, and refused, as a value). */
const NUMERIC_FLAGS = new Set(["--seeds", "--workers", "--budgets"]);

function fail(message: string): never {
  console.error(`sweep: ${message.replaceAll("\n", " ")}\n\n${USAGE}`);
  Deno.exit(2);
}

/** A flag value that must be a plain decimal integer (no sign, exponent or hex) in [1, max]. */
function integerFlag(name: string, text: string, max: number): number {
  if (!/^[0-9]+$/.test(text)) {
    fail(`--${name} expects a positive decimal integer, got '${text}'`);
  }
  const n = Number(text);
  if (n < 1 || n > max) fail(`--${name} expects an integer in [1, ${max}], got '${text}'`);
  return n;
}

/**
 * Joins `--seeds -1` into `--seeds=-1`, so that a negative number reaches the
 * integer check (and its usage message) instead of parseArgs' "ambiguous" error.
 */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (NUMERIC_FLAGS.has(args[i]) && /^-[0-9.]/.test(args[i + 1] ?? "")) {
      out.push(`${args[i]}=${args[++i]}`);
    } else out.push(args[i]);
  }
  return out;
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args: joinNegativeValues(args),
      options: {
        distributions: { type: "string", default: "base" },
        seeds: { type: "string", default: "5" },
        budgets: { type: "string", default: "0.01,0.02,0.05,0.10,0.20" },
        methods: { type: "string", default: "exact" },
        workers: { type: "string" },
        bound: { type: "string", default: "auto" },
        summation: { type: "string", default: "neumaier" },
        out: { type: "string" },
        replace: { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    if (String((err as { code?: unknown }).code ?? "").startsWith("ERR_PARSE_ARGS")) {
      fail((err as Error).message);
    }
    throw err;
  }
}

function main(args: string[]): Promise<void> | void {
  const { values } = parse(args);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.out === undefined) fail("--out DIR is required");
  if (values.out.trim() === "") fail("--out expects a folder path, got an empty string");
  const nSeeds = integerFlag("seeds", values.seeds, MAX_SEEDS);
  const workers = values.workers === undefined
    ? undefined
    : integerFlag("workers", values.workers, MAX_WORKERS);
  if (values.bound !== "knapsack" && values.bound !== "suffix" && values.bound !== "auto") {
    fail(`--bound expects auto, knapsack or suffix, got '${values.bound}'`);
  }
  if (values.summation !== "naive" && values.summation !== "neumaier") {
    fail(`--summation expects naive or neumaier, got '${values.summation}'`);
  }
  const distributions = values.distributions === "stress"
    ? [...STRESS_DISTRIBUTIONS]
    : list(values.distributions);
  const methods = values.methods === "exact"
    ? [...EXACT_SWEEP_METHODS]
    : values.methods === "stress"
    ? [...STRESS_METHODS]
    : list(values.methods);

  const enc = new TextEncoder();
  let last = 0;
  // The progress line rewrites itself (\r, erase line): only on a terminal, not into a log file.
  const onProgress = values.quiet || !Deno.stderr.isTerminal()
    ? undefined
    : (done: number, total: number, eta: number | null) => {
      const now = performance.now();
      if (done < total && now - last < 100) return;
      last = now;
      progressShown = true;
      const pct = ((100 * done) / total).toFixed(1);
      const etaText = eta === null ? "" : `, ~${Math.ceil(eta)} s left`;
      try {
        Deno.stderr.writeSync(
          enc.encode(`\r\x1b[Ksweep: ${done}/${total} units (${pct}%)${etaText}`),
        );
      } catch {
        // The progress line is cosmetic: a closed or full stderr must not stop the sweep.
      }
    };

  // Ctrl-C: the journal is consistent between units, so say how to go on, then stop.
  Deno.addSignalListener("SIGINT", () => {
    console.error(
      `${progressShown ? "\n" : ""}sweep: interrupted; rerun the same command to resume`,
    );
    Deno.exit(130);
  });
  return runSweep({
    distributions,
    seeds: Array.from({ length: nSeeds }, (_, s) => s),
    budgets: list(values.budgets),
    methods,
    outDir: values.out,
    workers,
    bound: values.bound,
    summation: values.summation,
    replace: values.replace,
    onProgress,
  }).then((res) => {
    try {
      if (values.quiet) return;
      if (progressShown) Deno.stderr.writeSync(enc.encode("\n"));
      console.error(
        `sweep: ${res.summary.num_rows} rows, ${res.units} units (${res.resumedUnits} resumed), ` +
          `budgets ${res.grid.budgets.join(", ")}` +
          (res.grid.budget_basis === null ? "" : ` (basis ${res.grid.budget_basis})`) +
          `, ${res.wallSec.toFixed(2)} s`,
      );
      console.error(
        `sweep: wrote ${res.files.results}, ${res.files.csv}, ${res.files.summary}, ${res.files.timings}`,
      );
      console.log("distribution\tB\tmethod\tmean ratio to OPT [bootstrap 95%]");
      for (const a of res.summary.by_distribution_budget_method) {
        const f = (x: number | null) => (x === null ? "null" : x.toFixed(4));
        console.log(
          `${a.distribution}\t${a.budget}\t${a.method}\t${f(a.mean_ratio_to_opt)} ` +
            `[${f(a.bootstrap95_ratio_to_opt_low)}, ${f(a.bootstrap95_ratio_to_opt_high)}]` +
            (a.n_degenerate_opt > 0 ? `\t(${a.n_degenerate_opt} of ${a.n} with OPT = 0)` : ""),
        );
      }
    } catch (err) {
      // The sweep is done and its files are written; only the report could not be printed.
      console.error(`sweep: done, but the report could not be written: ${(err as Error).message}`);
      Deno.exit(1);
    }
  });
}

/**
 * True for the errors of an output path that cannot be written: no permission, a read-only
 * file system (EROFS has no Deno.errors class: matched by its code), no space left.
 *
 * @param err a caught error
 * @returns whether the sweep reports it as bad input (one line, exit 2)
 */
export function isUnwritable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotCapable ||
    code === "EROFS" || code === "EACCES" || code === "EPERM" || code === "ENOSPC" ||
    code === "EDQUOT";
}

if (import.meta.main) {
  try {
    await main(Deno.args);
  } catch (err) {
    // Bad input (output folder, journal, grid): one line, exit 2. An I/O failure: one line,
    // exit 1. Anything else is a bug: let it print its stack.
    const oneLine = (e: Error) =>
      `${progressShown ? "\n" : ""}sweep: ${e.message.replaceAll("\n", " ")}`;
    if (err instanceof InputError || err instanceof RangeError) {
      console.error(oneLine(err));
      Deno.exit(2);
    }
    // An output path that cannot be written (read-only file system, no permission, no space):
    // bad input as far as the user is concerned: one line naming the path, exit 2.
    if (isUnwritable(err)) {
      console.error(oneLine(new Error(`Cannot write the output: ${(err as Error).message}`)));
      Deno.exit(2);
    }
    if (Object.values(Deno.errors).some((E) => err instanceof E)) {
      console.error(oneLine(err as Error));
      Deno.exit(1);
    }
    throw err;
  }
}
