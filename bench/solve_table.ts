/**
 * `deno run -A bench/solve_table.ts [--reps 3] [--limit-ms 2000]`: the size
 * grid of `solve_bench.ts` as a table: per (size, budget, solver) the median
 * wall time over the repetitions, the status (where B&B times out), nodes and
 * the objective, with B&B checked against the MILP where both certify.
 *
 * A solve that times out is not repeated. Markdown on stdout.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { solveBnb } from "../lib/solve/bnb.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";
import { solveMilpSync } from "../lib/solve/milp.ts";
import { type Certificate } from "../lib/certificate/result.ts";
import { sizeCase, SIZES } from "./_sizes.ts";
import { fmtMs, machineLine, median } from "./_stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    reps: { type: "string", default: "3" },
    "limit-ms": { type: "string", default: "2000" },
  },
});
const reps = Number(values.reps);
const limitMs = Number(values["limit-ms"]);

await loadMilpSolver();
{
  // Warm-up (JIT, Wasm): one solve of each kind on the smallest case, not reported.
  const w = sizeCase(SIZES[0]);
  for (const b of w.budgets) {
    solveBnb(w.cp, b);
    solveBnb(w.cp, b, { bound: "suffix" });
    solveMilpSync(w.cp, b);
  }
}
console.log(`# Solvers against size (${machineLine()})\n`);
console.log(
  `B&B time limit ${limitMs} ms; median of ${reps} runs (a timed-out solve runs once).\n`,
);
console.log(
  "| exp | cand | units | B | solver | median ms | status | nodes | objective | = MILP |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");

type Run = () => Certificate;
function measure(run: Run): { ms: number; cert: Certificate } {
  const times: number[] = [];
  let cert = run();
  times.push(cert.timeMs);
  if (cert.status === "optimal") {
    for (let r = 1; r < reps; r++) {
      cert = run();
      times.push(cert.timeMs);
    }
  }
  return { ms: median(times), cert };
}

for (const experiences of SIZES) {
  const sc = sizeCase(experiences);
  for (const budget of sc.budgets) {
    const milp = measure(() => solveMilpSync(sc.cp, budget));
    const rows: [string, { ms: number; cert: Certificate }][] = [
      ["bnb knapsack", measure(() => solveBnb(sc.cp, budget, { timeLimitMs: limitMs }))],
      [
        "bnb suffix",
        measure(() => solveBnb(sc.cp, budget, { bound: "suffix", timeLimitMs: limitMs })),
      ],
      ["milp", milp],
    ];
    for (const [name, { ms, cert }] of rows) {
      const same = cert.solver === "bnb" && cert.status === "optimal" &&
          milp.cert.status === "optimal"
        ? Math.abs(cert.objective! - milp.cert.objective!) <= 1e-9 ? "yes" : "NO"
        : "";
      const obj = cert.objective === null ? "-" : cert.objective.toFixed(4);
      const status = cert.status === "time_limit"
        ? `time_limit (gap ${cert.gap?.toFixed(3)})`
        : cert.status;
      console.log(
        `| ${experiences} | ${sc.cp.candIds.length} | ${sc.cp.unitIds.length} | ${budget} | ${name} | ` +
          `${fmtMs(ms)} | ${status} | ${cert.nodes ?? "-"} | ${obj} | ${same} |`,
      );
    }
  }
}
