/**
 * `deno run -A bench/locomo_certify.ts [--reps 3]`: certify every LoCoMo
 * support-slice package of locomo8 (lib/natural) at B = 30, 60, 100 and
 * report the time per package: median, p90 and max over the packages, for
 * B&B (knapsack and suffix bounds), the MILP and `solve()` (issue 2 target:
 * < 100 ms per package).
 *
 * Each (package, budget) solve is repeated `reps` times and its median kept;
 * the per-package time is the sum over the three budgets. Markdown on stdout.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { locomoSlices } from "../lib/natural/locomo_slices.ts";
import { compilePackage } from "../lib/package/compile.ts";
import { solveBnb } from "../lib/solve/bnb.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";
import { solveMilpSync } from "../lib/solve/milp.ts";
import { type Certificate } from "../lib/certificate/result.ts";
import { solve } from "../lib/solve/solve.ts";
import { fmtMs, machineLine, median, spread } from "./_stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { reps: { type: "string", default: "3" } },
});
const reps = Number(values.reps);
const BUDGETS = [30, 60, 100];
const file = new URL("../../shared/data/locomo/locomo8.json", import.meta.url).pathname;

const t0 = performance.now();
const slices = locomoSlices(await loadLocomo(file));
const cps = slices.packages.map((p) => compilePackage(p));
const loadMs = performance.now() - t0;
await loadMilpSolver();

const solvers: Record<string, (cp: (typeof cps)[number], b: number) => Promise<Certificate>> = {
  "bnb knapsack": (cp, b) => Promise.resolve(solveBnb(cp, b)),
  "bnb suffix": (cp, b) => Promise.resolve(solveBnb(cp, b, { bound: "suffix" })),
  "milp": (cp, b) => Promise.resolve(solveMilpSync(cp, b)),
  "solve() auto": (cp, b) => solve(cp, b),
};

const sizes = (f: (cp: (typeof cps)[number]) => number) => spread(cps.map(f));
const g = sizes((cp) => cp.groups.length), c = sizes((cp) => cp.candIds.length);
const u = sizes((cp) => cp.unitIds.length);
console.log(`# LoCoMo support slices certified (${machineLine()})\n`);
console.log(
  `${cps.length} packages from ${slices.samples} samples (load and convert ${fmtMs(loadMs)} ms); ` +
    `experiences median ${g.median} max ${g.max}, candidates median ${c.median} max ${c.max}, ` +
    `units median ${u.median} max ${u.max}. Median of ${reps} runs per solve.\n`,
);
console.log(
  "| solver | per package (3 budgets) median / p90 / max ms | per solve median / p90 / max ms | " +
    "packages > 100 ms | not optimal | all solves ms |",
);
console.log("|---|---|---|---|---|---|");

const reference = new Map<string, number>();
for (const [name, run] of Object.entries(solvers)) {
  // Warm-up over the first 50 packages, not reported.
  for (const cp of cps.slice(0, 50)) for (const b of BUDGETS) await run(cp, b);
  const perSolve: number[] = [], perPackage: number[] = [];
  let notOptimal = 0, mismatch = 0;
  const tAll = performance.now();
  for (const [i, cp] of cps.entries()) {
    let sum = 0;
    for (const b of BUDGETS) {
      const times: number[] = [];
      let cert: Certificate | null = null;
      for (let r = 0; r < reps; r++) {
        const t = performance.now();
        cert = await run(cp, b);
        times.push(performance.now() - t);
      }
      if (cert!.status !== "optimal") notOptimal++;
      const key = `${i}@${b}`;
      const ref = reference.get(key);
      if (ref === undefined) reference.set(key, cert!.objective!);
      else if (Math.abs(ref - cert!.objective!) > 1e-9) mismatch++;
      const ms = median(times);
      perSolve.push(ms);
      sum += ms;
    }
    perPackage.push(sum);
  }
  const allMs = (performance.now() - tAll) / reps;
  const p = spread(perPackage), s = spread(perSolve);
  const slow = perPackage.filter((x) => x > 100).length;
  console.log(
    `| ${name} | ${fmtMs(p.median)} / ${fmtMs(p.p90)} / ${fmtMs(p.max)} | ` +
      `${fmtMs(s.median)} / ${fmtMs(s.p90)} / ${fmtMs(s.max)} | ${slow} | ${notOptimal} | ` +
      `${fmtMs(allMs)} |`,
  );
  if (mismatch > 0) console.log(`\n**${name}: ${mismatch} objectives differ from bnb knapsack**\n`);
}
console.log(
  `\nObjectives of all four solvers agree on every (package, budget) unless noted above.`,
);
