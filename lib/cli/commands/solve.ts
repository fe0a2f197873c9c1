/**
 * `memaudit solve PACKAGE --budgets 2,5`: certifies OPT_P(B) at each budget with the exact solvers
 * (paper 000 §3; `solve()` in lib/solve/solve.ts) and prints one row per budget: status, objective,
 * bound, gap, solver, store and its cost. With several packages or a folder of them
 * (`memaudit solve DIR --budgets 2,8`), one process solves them all and prints one row per
 * (package, budget) (lib/solve/batch.ts).
 *
 * @module
 */
import {
  ifGiven,
  isPackageFolder,
  onePackageArg,
  parseIntFlag,
  parseNumberList,
  parseShardFlag,
  readPackageArg,
  realPath,
  requireOutDir,
  runWithFlags,
} from "../shared.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import {
  type CliIo,
  type Command,
  emit,
  EXIT,
  type OutputForm,
  printWarnings,
  UsageError,
} from "../command.ts";
import { compilePackage } from "../../package/compile.ts";
import { loadMilpSolver } from "../../solve/highs.ts";
import { solve } from "../../solve/solve.ts";
import { SOLVE_COLUMNS, solveReport } from "../../solve/solve_report.ts";
import { type Shard, shardItems } from "../../shard/partition.ts";
import type { Certificate } from "../../certificate/result.ts";
import type { BatchPackage, SolveBatchRow } from "../../solve/batch.ts";
import { inWritableFolder, statOrNull } from "../../base/fs.ts";
import type { InputDigest } from "../../shard/digest.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of `memaudit solve`, in help order (the help's Options block is made from them). */
const FLAGS = {
  budgets: {
    value: "LIST",
    help: "budgets B > 0 in cost units, comma-separated (default: the package's)",
  },
  solver: {
    value: "NAME",
    help: "auto (default: branch-and-bound, then the HiGHS MILP; the MILP first above 40 " +
      "experiences), bnb, milp, brute",
    choices: ["auto", "bnb", "milp", "brute"],
    default: "auto",
  },
  k: { value: "K", help: "group cap, an integer >= 1 (default: the package's)" },
  "time-limit": {
    value: "MS",
    help: "overall time limit per budget in milliseconds (default: none)",
  },
  shard: {
    value: "I/N",
    help: "several packages only: solve the packages at list positions p with p mod N = I " +
      "(0 <= I < N), as sweep --shard does",
  },
  workers: {
    value: "N",
    help: "several packages only: N worker threads (at most two per core are started), each " +
      "solving one package at a time with its own HiGHS; 1 solves on the main thread " +
      "(default: one per core from 4 packages, else 1); the rows are the same but for seconds",
  },
  out: {
    value: "OUT",
    help: "several packages only: also write the folder OUT: solve_rows.jsonl and " +
      "solve_rows.csv (the rows without seconds), timings.jsonl (package, file, budget, " +
      "seconds per row) and solve_summary.json (packages, rows, shard, settings, statuses: " +
      "rows per status, warnings; data/schema/solve_summary.schema.json); with --shard, also " +
      'shard.json, and "memaudit merge" of the N shard folders writes the rows, the CSV and ' +
      "the summary byte-identical to one run without --shard",
  },
} as const satisfies FlagTable;

const HELP = `Usage: memaudit solve PACKAGE [--budgets B1,B2,...] [--solver auto|bnb|milp|brute]
                      [--k K] [--time-limit MS] [--json | --csv]
       memaudit solve PACKAGE... | DIR [--budgets ...] [--shard I/N] [--workers N] [--out OUT]
                      [options as above]

Certifies OPT_P(B), the largest F over stores within budget B (and at most k candidates per
experience), at each budget. PACKAGE is a package JSON file or a folder of CSV tables.

Each row says what was proved: the budget and k; the status (optimal: OPT certified, the gap
within the method's tolerance; time_limit: stopped by --time-limit, with a bound and a gap;
no_certificate: the solver could not certify); the objective (F of the returned store,
re-evaluated; a certified OPT only when the status is optimal, otherwise a lower bound); the
bound (proven upper bound on OPT); the gap ((bound - objective) / bound); the method of the proof
(bnb: exhaustive branch-and-bound; milp+bnb: HiGHS' store re-proved by it; milp: HiGHS at zero
MIP gap with its bound widened for its tolerances; frontier: above 40 experiences, the package
split into independent components and the knapsack over their exact (cost, F) frontiers solved
exactly, without HiGHS; brute; cap; total_weight: F reaches the largest F the package allows;
trivial; none); the tolerance
(relative to the bound: values closer are not told apart); the solver; the store (candidate ids);
its cost (cost units); and the package digest (SHA-256 of its canonical JSON).

Several packages, or a folder DIR of them (its *.json files and CSV package folders, in sorted
name order; its other entries are named in a warning), are solved in one process: every package
is read and checked first (a bad one: exit 2, one line naming the file, nothing printed), then
one row per (package, budget): package (its id), file, budget, k, status, objective, bound, gap,
method, seconds (wall seconds of that solve) and, in --json and --csv, digest. A package id
given by two files, a path listed twice and a budget a package lists twice are warnings (all
solved). Warnings go to stderr (and "warnings" in --json); a progress bar too, when stderr is a
terminal.

Options:
${
  optionsHelp(
    FLAGS,
    [
      [
        "--json",
        "print a JSON array, one object per budget with the keys " +
        `${SOLVE_COLUMNS.join(", ")} (numbers, null when absent; ` +
        "data/schema/solve_report.schema.json); several packages: one object {packages, shard, " +
        "rows, warnings} (data/schema/solve_batch_report.schema.json)",
      ],
      ["--csv", "print the rows as CSV (store as a JSON array of ids, as every command's CSV)"],
      ["-h, --help", "this help"],
    ],
    21,
    98,
  )
}
Exit codes: 0 solved (whatever each status), 2 bad usage or a bad package (one line).

Example:
  memaudit solve data/examples/vegetarian_pescatarian.json --budgets 2,8
  memaudit solve data/examples/vegetarian_pescatarian_csv --budgets 8 --solver bnb --json
  memaudit solve data/examples --budgets 2,8
  for i in 0 1; do memaudit solve data/examples --budgets 2,8 --shard $i/2 --out out/s$i; done
  memaudit merge out/s0 out/s1 --out out/solved
`;

/** Most --workers of a batch. */
const MAX_WORKERS = 64;

/** The solver options and budgets of a command line, checked. */
type SolveFlags = ReturnType<typeof solveFlags>;

/** Reads --solver, --k, --time-limit and --budgets (UsageError naming the flag). */
function solveFlags(values: Record<string, string | boolean | undefined>) {
  checkFlags(FLAGS, values);
  const solver = values.solver as "auto" | "bnb" | "milp" | "brute";
  const text = (name: string) => values[name] as string | undefined;
  const k = ifGiven(text("k"), (t) => parseIntFlag("--k", t, 1));
  const timeLimitMs = ifGiven(text("time-limit"), (t) => parseIntFlag("--time-limit", t, 0));
  const budgets = ifGiven(text("budgets"), (t) => parseNumberList("--budgets", t));
  return { solver, k, timeLimitMs, budgets };
}

/** HiGHS' WebAssembly compiles off the main thread while the packages are read. */
function preloadMilp(solver: SolveFlags["solver"]): void {
  // A failure here is reported by the solve itself.
  if (solver !== "bnb" && solver !== "brute") loadMilpSolver().catch(() => {});
}

/** `memaudit solve PACKAGE`: one row per budget (the one-package output). */
async function solveOne(path: string, f: SolveFlags, io: CliIo, form: OutputForm): Promise<number> {
  // HiGHS' WebAssembly compiles off the main thread while the package is read (20-40 ms of
  // a 0.3-0.5 s solve at 80 experiences).
  preloadMilp(f.solver);
  const { pkg } = await readPackageArg(path);
  const budgets = f.budgets ?? pkg.budgets ?? [];
  if (budgets.length === 0) {
    throw new UsageError("--budgets is required: the package lists no budgets");
  }
  if (new Set(budgets).size < budgets.length) {
    // A budget the package lists twice is solved twice, as in a batch: said on stderr (this
    // --json is the rows alone).
    const { batchWarnings } = await import("../../solve/batch.ts");
    const entry = { file: path, id: pkg.id, budgets };
    printWarnings(io, batchWarnings([entry]));
  }
  const cp = compilePackage(pkg);
  const certs: Certificate[] = [];
  try {
    for (const budget of budgets) {
      certs.push(
        await solve(cp, budget, { solver: f.solver, k: f.k, timeLimitMs: f.timeLimitMs }),
      );
    }
  } catch (err) {
    // Named as in a batch ("Cannot solve FILE: ..."), e.g. brute force's store count.
    throw (await import("../../solve/batch.ts")).namedSolveError(path, err);
  }
  const rows = solveReport(certs);
  emit(io, form, {
    json: rows,
    columns: SOLVE_COLUMNS,
    // CSV keeps the id array (csvTable writes it as JSON: unambiguous for any id); the text
    // table joins the ids for people.
    rows: form === "csv" ? rows : rows.map((r) => ({ ...r, store: r.store.join(" + ") })),
  });
  return EXIT.ok;
}

/** The flags of a batch only: --shard, --workers, --out. */
type BatchFlags = ReturnType<typeof batchFlags>;

/** Reads --shard, --workers and --out (UsageError naming the flag). */
function batchFlags(values: Record<string, string | boolean | undefined>) {
  const text = (name: string) => values[name] as string | undefined;
  return {
    shard: parseShardFlag(text("shard")),
    workers: ifGiven(text("workers"), (t) => parseIntFlag("--workers", t, 1, MAX_WORKERS)),
    out: ifGiven(text("out"), requireOutDir),
  };
}

/**
 * Refuses an --out folder that is a folder given as input (a folder of packages, a CSV package
 * folder) or inside a CSV package folder of the batch: the run's files would be written among
 * the packages (its solve_summary.json read as one by the next run over the folder), or change
 * the CSV package's input digest (its files are all hashed), so that shards would not merge.
 */
async function refuseOutInInput(
  out: string,
  args: readonly string[],
  files: readonly string[],
): Promise<void> {
  const { isAbsolute, relative } = await import("node:path");
  const outReal = await realPath(out);
  const refuse = (folder: string, inside: boolean) => {
    throw new UsageError(
      `--out ${out} is ${inside ? "inside " : ""}the package folder ${folder}: its files ` +
        "would be read as packages or package files; expected another folder",
    );
  };
  for (const arg of args) {
    if ((await statOrNull(arg))?.isDirectory === true && await realPath(arg) === outReal) {
      refuse(arg, false);
    }
  }
  for (const file of files) {
    if ((await statOrNull(file))?.isDirectory !== true) continue;
    const rel = relative(await realPath(file), outReal);
    if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) refuse(file, rel !== "");
  }
}

/** Writes a batch's --out folder (lib/cli/solve_batch_out.ts): the rows cut per package. */
async function writeOut(
  dir: string,
  files: readonly string[],
  packages: readonly BatchPackage[],
  rows: readonly SolveBatchRow[],
  f: SolveFlags,
  shard: Shard | undefined,
  inputs: readonly InputDigest[] | undefined,
): Promise<void> {
  const { writeBatchOut } = await import("../solve_batch_out.ts");
  const perPackage: SolveBatchRow[][] = [];
  let at = 0;
  for (const p of packages) perPackage.push(rows.slice(at, at += p.budgets.length));
  const settings = {
    files: [...files],
    budgets: f.budgets ?? null,
    solver: f.solver,
    k: f.k ?? null,
    time_limit_ms: f.timeLimitMs ?? null,
  };
  await inWritableFolder(dir, () => writeBatchOut({ dir, settings, perPackage, shard, inputs }));
}

/** `memaudit solve PACKAGE... | DIR`: every package read first, then one row per (package, B). */
async function solveMany(
  args: readonly string[],
  f: SolveFlags,
  batchFlags: BatchFlags,
  io: CliIo,
  form: OutputForm,
): Promise<number> {
  const { shard, workers } = batchFlags;
  const batch = await import("../../solve/batch.ts");
  const listed = await batch.listBatch(args);
  if (batchFlags.out !== undefined) await refuseOutInInput(batchFlags.out, args, listed.files);
  // Shard I/N takes the packages at list positions p with p mod N = I (lib/shard/partition.ts).
  const mine = shardItems(listed.files, shard);
  const lanes = workers ?? batch.defaultBatchWorkers(mine.length);
  // Workers load their own HiGHS; the main thread's only when it solves.
  if (batch.batchThreads(lanes, mine.length) === 1) preloadMilp(f.solver);
  const read = await batch.readBatch(mine, f.budgets);
  let inputs: InputDigest[] | undefined;
  if (batchFlags.out !== undefined) {
    const { checkBatchOut, clearBatchManifest } = await import("../solve_batch_out.ts");
    await checkBatchOut(batchFlags.out, shard !== undefined);
    // A shard's run digest holds the inputs as read, not as they are once every package is solved.
    if (shard !== undefined) {
      inputs = await (await import("../../shard/digest.ts")).inputDigests(listed.files);
    }
    await inWritableFolder(batchFlags.out, () => clearBatchManifest(batchFlags.out!));
  }
  const warnings = [
    ...listed.warnings,
    ...(shard !== undefined && mine.length === 0
      ? [`shard ${shard.index}/${shard.count} holds none of the ${listed.files.length} packages`]
      : []),
    ...read.warnings,
  ];
  printWarnings(io, warnings);
  const { startProgress } = await import("../progress.ts");
  const bar = await startProgress(io, "solve");
  const t0 = performance.now();
  const opts = { solver: f.solver, k: f.k, timeLimitMs: f.timeLimitMs };
  const rows = await batch.solveBatch(read.packages, opts, lanes, (done, total) => {
    const perPackage = (performance.now() - t0) / 1000 / done;
    bar.update(done, total, perPackage * (total - done));
  });
  bar.stop();
  if (batchFlags.out !== undefined) {
    await writeOut(batchFlags.out, listed.files, read.packages, rows, f, shard, inputs);
  }
  const report = batch.SOLVE_BATCH_REPORT.json({
    packages: read.packages.length,
    shard: shard === undefined ? null : `${shard.index}/${shard.count}`,
    rows,
    warnings,
  });
  const columns = form === "csv" ? batch.SOLVE_BATCH_COLUMNS : batch.SOLVE_BATCH_TABLE_COLUMNS;
  emit(io, form, { json: report, columns, rows: report.rows });
  return EXIT.ok;
}

export const command: Command = {
  name: "solve",
  summary: SUMMARIES.solve,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, positionals, form }, io) => {
    const flags = solveFlags(values);
    if (
      positionals.length > 1 || (positionals.length === 1 && await isPackageFolder(positionals[0]))
    ) {
      return await solveMany(positionals, flags, batchFlags(values), io, form);
    }
    for (const flag of ["shard", "workers", "out"] as const) {
      if (values[flag] !== undefined) {
        throw new UsageError(`--${flag} expects several packages or a folder of them`);
      }
    }
    return await solveOne(onePackageArg(positionals), flags, io, form);
  }),
};
