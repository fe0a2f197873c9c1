/**
 * `memaudit writers PACKAGE --budgets LIST --methods LIST [--k K]`: runs writers of the registry
 * (lib/writers/registry.ts) on a package at each budget and scores each store against a certified
 * OPT of the same package, budget and k (paper 000 §3, definition 1: the package ratio F(X) /
 * OPT_P(B); lib/score/ratio.ts `scoreStore`).
 *
 * Exit 1 when a claim the command checks fails: a feasible writer store with F above a certified
 * OPT (beyond 1e-9 relative), which would mean the certificate is wrong.
 *
 * @module
 */
import { type Command, csvTable, emit, EXIT, UsageError } from "../command.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { startProgress } from "../progress.ts";
import {
  ifGiven,
  onePackageArg,
  parseIntFlag,
  parseMethodList,
  parseNumberList,
  readPackageArg,
  runWithFlags,
  writeOutFiles,
} from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of `memaudit writers`, in help order (the help's Options block is made from them). */
const FLAGS = {
  budgets: {
    value: "LIST",
    help: "budgets B in cost units, e.g. 2,5 (default: the package's budgets)",
  },
  methods: {
    value: "LIST",
    help: 'writer ids, or "all" (default all): oracle_gvt, density_only, greedy, ...',
    default: "all",
  },
  k: { value: "K", help: "group cap k for OPT and the writers (default: the package's group_cap)" },
  solver: {
    value: "S",
    help: "the exact solver of OPT: auto (default: branch-and-bound, then the MILP), bnb or milp",
    choices: ["auto", "bnb", "milp"],
    default: "auto",
  },
  "time-limit": { value: "MS", help: "milliseconds per OPT certificate (default: none)" },
  out: { value: "DIR", help: "also write DIR/writers.json and DIR/writers.csv" },
  quiet: { type: "boolean", help: "no progress bar", default: false },
} as const satisfies FlagTable;

const HELP =
  `Usage: memaudit writers PACKAGE [--budgets LIST] [--methods LIST|all] [--k K] [options]

For each budget B: certifies OPT_P(B) with an exact solver, runs each writer, and prints the
store's value F, cost, feasibility (cost <= B, at most k per experience) and the package ratio
F / OPT with the certificate's status. A ratio is printed only against a certified OPT (status
optimal, gap within its tolerance) of the same package, budget and k; a degenerate OPT (0) is flagged.

Options:
${
    optionsHelp(FLAGS, [
      [
        "--json",
        "one object: {package, id, k, budgets: [{budget, opt: {status, certified, value, bound, " +
        "gap, solver}, writers: [{method, value, cost, feasible, ratio, flag, reasons}]}]} " +
        "(data/schema/writers_report.schema.json)",
      ],
      ["--csv", "one row per (budget, method)"],
      ["-h, --help", "this help"],
    ])
  }
Exit codes: 0 done; 1 a feasible store beat a certified OPT (a wrong certificate); 2 bad input.

Example:
  memaudit writers data/examples/vegetarian_pescatarian.json --budgets 8,16 \\
    --methods oracle_gvt,greedy,density_only
`;

/** `memaudit writers ...`: parse -> {@linkcode writersReport} -> emit. */
export const command: Command = {
  name: "writers",
  summary: SUMMARIES.writers,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, positionals, form }, io) => {
    const packagePath = onePackageArg(positionals);
    checkFlags(FLAGS, values);
    const k = ifGiven(values.k, (t) => parseIntFlag("--k", t));
    const timeLimitMs = ifGiven(values["time-limit"], (t) => parseIntFlag("--time-limit", t, 0));
    const [{ WRITERS }, { writersReport, WRITER_ROW_COLUMNS }] = await Promise.all([
      import("../../writers/registry.ts"),
      import("../../score/writers_report.ts"),
    ]);
    const methods = parseMethodList(values.methods ?? "all", WRITERS, true);
    const budgets = ifGiven(values.budgets, (t) => parseNumberList("--budgets", t));
    const { pkg, path } = await readPackageArg(packagePath);
    if ((budgets ?? pkg.budgets).length === 0) {
      throw new UsageError("--budgets is required: the package lists no budgets");
    }
    const bar = await startProgress(io, "writers", { quiet: values.quiet });
    const r = await writersReport(pkg, {
      file: path,
      methods,
      solver: values.solver as "auto" | "bnb" | "milp",
      ...(budgets !== undefined ? { budgets } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
      onProgress: (done, total) => bar.update(done, total, null),
    }).finally(() => bar.stop());
    // Files first: a folder that cannot be written is exit 2 with nothing on stdout.
    await writeOutFiles(values.out, {
      "writers.json": JSON.stringify(r.report, null, 2) + "\n",
      "writers.csv": csvTable(WRITER_ROW_COLUMNS, r.rows),
    });
    emit(io, form, { json: r.report, columns: WRITER_ROW_COLUMNS, rows: r.rows });
    if (r.claimFailed.length > 0) {
      const claim = "a feasible writer store is above a certified OPT (claim failed)";
      io.stderr(`memaudit writers: ${claim}: ${r.claimFailed[0]}\n`);
      return EXIT.claimFailed;
    }
    return EXIT.ok;
  }),
};
