/**
 * `memaudit writers PACKAGE --budgets LIST --methods LIST [--k K]`: runs
 * writers of the registry (lib/writers/registry.ts) on a package at each
 * budget and scores each store against a certified OPT of the same
 * package, budget and k (paper 000 §3, definition 1: the package ratio
 * F(X) / OPT_P(B); lib/score/ratio.ts `scoreStore`).
 *
 * Exit 1 when a claim the command checks fails: a feasible writer store
 * with F above a certified OPT (beyond 1e-9 relative), which would mean
 * the certificate is wrong.
 *
 * @module
 */
import { type Command, emit, EXIT, UsageError } from "../command.ts";
import { startProgress } from "../progress.ts";
import {
  onePackageArg,
  parseIntFlag,
  parseMethodList,
  parseNumberList,
  readPackageArg,
  runWithFlags,
  stringFlags,
  writeOutFiles,
} from "../shared.ts";

const HELP =
  `Usage: memaudit writers PACKAGE [--budgets LIST] [--methods LIST|all] [--k K] [options]

For each budget B: certifies OPT_P(B) with an exact solver, runs each writer, and prints the
store's value F, cost, feasibility (cost <= B, at most k per experience) and the package ratio
F / OPT with the certificate's status. A ratio is printed only against a certified OPT (status
optimal, gap within its tolerance) of the same package, budget and k; a degenerate OPT (0) is flagged.

Options:
  --budgets LIST   budgets B in cost units, e.g. 2,5 (default: the package's budgets)
  --methods LIST   writer ids, or "all" (default all): oracle_gvt, density_only, greedy, ...
  --k K            group cap k for OPT and the writers (default: the package's group_cap)
  --solver S       auto (default: branch-and-bound, then the MILP), bnb or milp
  --time-limit MS  milliseconds per OPT certificate (default: none)
  --json           one object: {package, k, budgets: [{budget, opt: {status, value, solver, gap},
                   writers: [{method, value, cost, feasible, ratio, flag, reasons}]}]}
  --csv            one row per (budget, method)
  --out DIR        also write DIR/writers.json and DIR/writers.csv
  --quiet          no progress bar
  -h, --help       this help

Exit codes: 0 done; 1 a feasible store beat a certified OPT (a wrong certificate); 2 bad input.

Example:
  memaudit writers data/examples/vegetarian_pescatarian.json --budgets 8,16 \\
    --methods oracle_gvt,greedy,density_only
`;

/** Relative tolerance of the "F <= OPT" check. */
const OPT_TOL = 1e-9;

/** `memaudit writers ...`. */
export const command: Command = {
  name: "writers",
  summary: "run writers on a package and score them against a certified OPT per budget",
  run: runWithFlags(HELP, {
    budgets: { type: "string" },
    methods: { type: "string", default: "all" },
    k: { type: "string" },
    solver: { type: "string", default: "auto" },
    ...stringFlags("time-limit", "out"),
    quiet: { type: "boolean", default: false },
  }, async ({ values, positionals, form }, io) => {
    const packagePath = onePackageArg(positionals);
    const solver = values.solver;
    if (solver !== "auto" && solver !== "bnb" && solver !== "milp") {
      throw new UsageError(`--solver expects auto, bnb or milp, got '${solver}'`);
    }
    const k = values.k === undefined ? undefined : parseIntFlag("--k", values.k);
    const timeLimit = values["time-limit"] === undefined
      ? undefined
      : parseIntFlag("--time-limit", values["time-limit"], 0);
    const { WRITERS } = await import("../../writers/registry.ts");
    const methods = parseMethodList(values.methods, WRITERS, true);
    let budgets = values.budgets === undefined
      ? undefined
      : parseNumberList("--budgets", values.budgets);
    const { pkg, path } = await readPackageArg(packagePath);
    budgets ??= pkg.budgets;
    if (budgets.length === 0) {
      throw new UsageError("--budgets is required: the package lists no budgets");
    }
    const [{ compilePackage }, { solve }, { isCertified }, { scoreStore }] = await Promise.all([
      import("../../package/compile.ts"),
      import("../../solve/solve.ts"),
      import("../../certificate/result.ts"),
      import("../../score/ratio.ts"),
    ]);
    const cp = compilePackage(pkg, k === undefined ? {} : { k });
    const bar = await startProgress(io, "writers", { quiet: values.quiet });
    const total = budgets.length * (methods.length + 1);
    let done = 0, claimFailed = false;
    const out = [];
    const rows: Record<string, unknown>[] = [];
    try {
      for (const budget of budgets) {
        const cert = await solve(cp, budget, {
          solver,
          k: cp.k,
          timeLimitMs: timeLimit,
        });
        bar.update(++done, total, null);
        const certified = isCertified(cert);
        const writers = [];
        for (const method of methods) {
          const w = WRITERS[method](cp, budget);
          const s = scoreStore(cp, w.store, cert);
          if (
            certified && s.feasible &&
            s.value > cert.objective! + OPT_TOL * Math.max(1, Math.abs(cert.objective!))
          ) {
            claimFailed = true;
          }
          writers.push({
            method,
            value: s.value,
            cost: s.cost,
            feasible: s.feasible,
            ratio: s.ratio,
            flag: s.flag,
            reasons: s.reasons,
          });
          rows.push({
            budget,
            method,
            value: s.value,
            cost: s.cost,
            feasible: s.feasible,
            opt: certified ? cert.objective : null,
            certificate: cert.status,
            ratio: s.ratio,
            flag: s.flag,
          });
          bar.update(++done, total, null);
        }
        out.push({
          budget,
          opt: {
            status: cert.status,
            certified,
            value: cert.objective,
            bound: cert.bound,
            gap: cert.gap,
            solver: cert.solver,
          },
          writers,
        });
      }
    } finally {
      bar.stop();
    }
    const json = { package: path, id: pkg.id, k: cp.k, budgets: out };
    const columns = [
      "budget",
      "method",
      "value",
      "cost",
      "feasible",
      "opt",
      "certificate",
      "ratio",
      "flag",
    ];
    // Files first: a folder that cannot be written is exit 2 with nothing on stdout.
    if (values.out !== undefined) {
      const { csvTable } = await import("../command.ts");
      await writeOutFiles(values.out, {
        "writers.json": JSON.stringify(json, null, 2) + "\n",
        "writers.csv": csvTable(columns, rows),
      });
    }
    emit(io, form, { json, columns, rows });
    if (claimFailed) {
      io.stderr(
        "memaudit writers: a feasible writer store is above a certified OPT (claim failed)\n",
      );
      return EXIT.claimFailed;
    }
    return EXIT.ok;
  }),
};
