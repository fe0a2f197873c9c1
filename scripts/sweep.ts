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
 * @module
 */
import { parseArgs } from "node:util";
import { InputError } from "../lib/errors.ts";
import { STRESS_DISTRIBUTIONS } from "../lib/generate/distributions.ts";
import { EXACT_SWEEP_METHODS, STRESS_METHODS, sweepMethodIds } from "../lib/sweep/methods.ts";
import { runSweep } from "../lib/sweep/run_sweep.ts";

const USAGE = `Usage: deno run -A scripts/sweep.ts --out DIR [options]

  --distributions LIST  comma-separated names, or "stress" for the 8 stress distributions (default base)
  --seeds N             seeds 0..N-1 (default 5)
  --budgets LIST        budget tokens: fractions of the mean total candidate cost (0.10) or
                        absolute budgets (6) (default 0.01,0.02,0.05,0.10,0.20)
  --methods LIST        method ids, "exact" (the 8 of the exact sweep, default) or "stress" (the 10)
  --workers N           parallel workers (default: number of cores); 1 runs in-process
  --bound B             branch-and-bound bound: knapsack (default) or suffix (the artifact's)
  --summation S         float sums of means: neumaier (CPython >= 3.12, default) or naive (<= 3.11)
  --out DIR             output folder (required)
  --quiet               no progress line and no table
  -h, --help            this help

Methods: ${sweepMethodIds().join(", ")}`;

function list(s: string): string[] {
  return s.split(/[\s,]+/).filter((x) => x.length > 0);
}

function fail(message: string): never {
  console.error(`sweep: ${message}\n\n${USAGE}`);
  Deno.exit(2);
}

function main(args: string[]): Promise<void> | void {
  const { values } = parseArgs({
    args,
    options: {
      distributions: { type: "string", default: "base" },
      seeds: { type: "string", default: "5" },
      budgets: { type: "string", default: "0.01,0.02,0.05,0.10,0.20" },
      methods: { type: "string", default: "exact" },
      workers: { type: "string" },
      bound: { type: "string", default: "knapsack" },
      summation: { type: "string", default: "neumaier" },
      out: { type: "string" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.out === undefined) fail("--out DIR is required");
  const nSeeds = Number(values.seeds);
  if (!Number.isSafeInteger(nSeeds) || nSeeds < 1) {
    fail(`--seeds expects a positive integer, got '${values.seeds}'`);
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isSafeInteger(workers) || workers < 1)) {
    fail(`--workers expects a positive integer, got '${values.workers}'`);
  }
  if (values.bound !== "knapsack" && values.bound !== "suffix") {
    fail(`--bound expects knapsack or suffix, got '${values.bound}'`);
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
  const onProgress = values.quiet
    ? undefined
    : (done: number, total: number, eta: number | null) => {
      const now = performance.now();
      if (done < total && now - last < 100) return;
      last = now;
      const pct = ((100 * done) / total).toFixed(1);
      const etaText = eta === null ? "" : `, ~${Math.ceil(eta)} s left`;
      Deno.stderr.writeSync(
        enc.encode(`\r\x1b[Ksweep: ${done}/${total} units (${pct}%)${etaText}`),
      );
    };

  return runSweep({
    distributions,
    seeds: Array.from({ length: nSeeds }, (_, s) => s),
    budgets: list(values.budgets),
    methods,
    outDir: values.out,
    workers,
    bound: values.bound,
    summation: values.summation,
    onProgress,
  }).then((res) => {
    if (values.quiet) return;
    Deno.stderr.writeSync(enc.encode("\n"));
    console.error(
      `sweep: ${res.rows.length} rows, ${res.units} units (${res.resumedUnits} resumed), ` +
        `budgets ${res.grid.budgets.join(", ")}` +
        (res.grid.budget_basis === null ? "" : ` (basis ${res.grid.budget_basis})`) +
        `, ${res.wallSec.toFixed(2)} s`,
    );
    console.error(
      `sweep: wrote ${res.files.results}, ${res.files.csv}, ${res.files.summary}, ${res.files.timings}`,
    );
    for (const a of res.summary.by_distribution_budget_method) {
      const f = (x: number) => x.toFixed(4);
      console.log(
        `${a.distribution}\t${a.budget}\t${a.method}\t${f(a.mean_ratio_to_opt)} ` +
          `[${f(a.bootstrap95_ratio_to_opt_low)}, ${f(a.bootstrap95_ratio_to_opt_high)}]`,
      );
    }
  });
}

if (import.meta.main) {
  try {
    await main(Deno.args);
  } catch (err) {
    const parseError = String((err as { code?: unknown }).code ?? "").startsWith("ERR_PARSE_ARGS");
    if (err instanceof InputError || err instanceof RangeError || parseError) {
      console.error(`sweep: ${(err as Error).message}`);
      Deno.exit(2);
    }
    throw err;
  }
}
