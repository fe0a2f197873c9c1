/**
 * `memaudit solve PACKAGE --budgets 2,5`: certifies OPT_P(B) at each budget
 * with the exact solvers (paper 000 §3; `solve()` in lib/solve/solve.ts) and
 * prints one row per budget: status, objective, bound, gap, solver, store
 * and its cost.
 *
 * @module
 */
import {
  onePackageArg,
  parseIntFlag,
  parseNumberList,
  readPackageArg,
  runWithFlags,
  stringFlags,
} from "../shared.ts";
import { type Command, emit, EXIT, UsageError } from "../command.ts";
import { compilePackage } from "../../package/compile.ts";
import { loadMilpSolver } from "../../solve/highs.ts";
import { solve } from "../../solve/solve.ts";
import type { Certificate } from "../../certificate/result.ts";
import { SUMMARIES } from "../summaries.ts";

const HELP = `Usage: memaudit solve PACKAGE [--budgets B1,B2,...] [--solver auto|bnb|milp|brute]
                      [--k K] [--time-limit MS] [--json | --csv]

Certifies OPT_P(B), the largest F over stores within budget B (and at most k candidates per
experience), at each budget. PACKAGE is a package JSON file or a folder of CSV tables.

Each row says what was proved: the budget and k; the status (optimal: OPT certified, the gap
within the method's tolerance; time_limit: stopped by --time-limit, with a bound and a gap;
no_certificate: the solver could not certify); the objective (F of the returned store,
re-evaluated; a certified OPT only when the status is optimal, otherwise a lower bound); the
bound (proven upper bound on OPT); the gap ((bound - objective) / bound); the method of the proof
(bnb: exhaustive branch-and-bound; milp+bnb: HiGHS' store re-proved by it; milp: HiGHS at zero
MIP gap with its bound widened for its tolerances; brute; cap; total_weight: F reaches the
largest F the package allows; trivial; none); the tolerance
(relative to the bound: values closer are not told apart); the solver; the store (candidate ids);
its cost (cost units); and the package digest (SHA-256 of its canonical JSON).

Options:
  --budgets LIST     budgets B > 0 in cost units, comma-separated (default: the package's)
  --solver NAME      auto (default: branch-and-bound, then the HiGHS MILP; the MILP first above
                     40 experiences), bnb, milp, brute
  --k K              group cap, an integer >= 1 (default: the package's)
  --time-limit MS    overall time limit per budget in milliseconds (default: none)
  --json             print a JSON array, one object per budget with the keys budget, k, status,
                     objective, bound, gap, method, tolerance, solver, store, cost, package
                     (numbers, null when absent)
  --csv              print the rows as CSV (store as a JSON array of ids, as every command's CSV)
  -h, --help         this help

Exit codes: 0 solved (whatever each status), 2 bad usage or a bad package (one line).

Example:
  memaudit solve data/examples/vegetarian_pescatarian.json --budgets 2,8
  memaudit solve data/examples/vegetarian_pescatarian_csv --budgets 8 --solver bnb --json
`;

/** The JSON keys of one row, in order. */
const COLUMNS = [
  "budget",
  "k",
  "status",
  "objective",
  "bound",
  "gap",
  "method",
  "tolerance",
  "solver",
  "store",
  "cost",
  "package",
];

/** The flags of `memaudit solve` (and OUTPUT_FLAGS). */
const FLAGS = {
  budgets: { type: "string" },
  solver: { type: "string", default: "auto" },
  ...stringFlags("k", "time-limit"),
} as const;

/** One output row of a certificate. */
function row(c: Certificate): Record<string, unknown> {
  return {
    budget: c.budget,
    k: c.k,
    status: c.status,
    objective: c.objective,
    bound: c.bound,
    gap: c.gap,
    method: c.method,
    tolerance: c.tolerance,
    solver: c.solver,
    store: [...c.store],
    cost: c.cost,
    package: c.package,
  };
}

/** `memaudit solve ...`. */
export const command: Command = {
  name: "solve",
  summary: SUMMARIES.solve,
  run: runWithFlags(HELP, FLAGS, async ({ values, positionals, form }, io) => {
    const packagePath = onePackageArg(positionals);
    const solver = values.solver;
    if (solver !== "auto" && solver !== "bnb" && solver !== "milp" && solver !== "brute") {
      throw new UsageError(
        `--solver expects auto, bnb, milp or brute, got ${JSON.stringify(solver)}`,
      );
    }
    const k = values.k === undefined ? undefined : parseIntFlag("--k", values.k, 1);
    const timeLimitMs = values["time-limit"] === undefined
      ? undefined
      : parseIntFlag("--time-limit", values["time-limit"], 0);
    const flagBudgets = values.budgets === undefined
      ? undefined
      : parseNumberList("--budgets", values.budgets);

    // HiGHS' WebAssembly compiles off the main thread while the package is read (20-40 ms of
    // a 0.3-0.5 s solve at 80 experiences); a failure here is reported by the solve itself.
    if (solver !== "bnb" && solver !== "brute") loadMilpSolver().catch(() => {});
    const { pkg } = await readPackageArg(packagePath);
    const budgets = flagBudgets ?? pkg.budgets ?? [];
    if (budgets.length === 0) {
      throw new UsageError("--budgets is required: the package lists no budgets");
    }
    const cp = compilePackage(pkg);
    const certs: Certificate[] = [];
    for (const budget of budgets) {
      certs.push(await solve(cp, budget, { solver, k, timeLimitMs }));
    }
    const rows = certs.map(row);
    emit(io, form, {
      json: rows,
      columns: COLUMNS,
      // CSV keeps the id array (csvTable writes it as JSON: unambiguous for any id); the text
      // table joins the ids for people.
      rows: form === "csv"
        ? rows
        : rows.map((r) => ({ ...r, store: (r.store as string[]).join(" + ") })),
    });
    return EXIT.ok;
  }),
};
