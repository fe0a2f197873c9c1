/**
 * `deno bench -A bench/solve_bench.ts`: exact solvers against package size
 * (issue 2, "Must show"), a LoCoMo support-slice batch and base packages.
 *
 * - Size grid: B&B with the knapsack bound (default), B&B with the artifact's
 *   suffix bound (ARTIFACT-SPEC §5.1) and the HiGHS MILP, on random packages
 *   of 10-400 experiences at 5 % and 20 % of the total cost. B&B runs under a
 *   1 s time limit so no bench hangs: a row near 1 s means it timed out
 *   (`deno run -A bench/solve_table.ts` prints status, nodes and medians).
 * - LoCoMo: all 1,580 support-slice packages of locomo8 at B = 30, 60, 100
 *   (one iteration = 4,740 B&B solves; `bench/locomo_certify.ts` gives the
 *   per-package distribution).
 * - Base: one `generate("base", seed)` package at B = 1, 2, 4, 8, 16 per
 *   iteration, cycling over seeds 0..99.
 *
 * @module
 */
import { generate } from "../lib/generate/distributions.ts";
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { locomoSlices } from "../lib/natural/locomo_slices.ts";
import { type CompiledPackage, compilePackage } from "../lib/package/compile.ts";
import { solveBnb } from "../lib/solve/bnb.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";
import { solveMilpSync } from "../lib/solve/milp.ts";
import { sizeCase, SIZES } from "./_sizes.ts";

/** Time limit of every B&B solve in this file, milliseconds. */
const BNB_LIMIT_MS = 1000;

await loadMilpSolver();
let sink = 0;

for (const experiences of SIZES) {
  const sc = sizeCase(experiences);
  const n = experiences <= 25 ? 10 : 3;
  for (const [b, budget] of sc.budgets.entries()) {
    const group = `E=${experiences} ${b === 0 ? "small" : "large"} B=${budget}`;
    const label = `${experiences} exp, ${sc.cp.candIds.length} cand, ${sc.cp.unitIds.length} units`;
    Deno.bench({
      name: `bnb knapsack  ${label}, B=${budget}`,
      group,
      baseline: true,
      n,
      warmup: 1,
      fn: () => {
        sink += solveBnb(sc.cp, budget, { timeLimitMs: BNB_LIMIT_MS }).objective ?? 0;
      },
    });
    Deno.bench({
      name: `bnb suffix    ${label}, B=${budget}`,
      group,
      n,
      warmup: 1,
      fn: () => {
        sink += solveBnb(sc.cp, budget, { bound: "suffix", timeLimitMs: BNB_LIMIT_MS }).objective ??
          0;
      },
    });
    Deno.bench({
      name: `milp highs    ${label}, B=${budget}`,
      group,
      n,
      warmup: 1,
      fn: () => {
        sink += solveMilpSync(sc.cp, budget).objective ?? 0;
      },
    });
  }
}

const LOCOMO = new URL("../../shared/data/locomo/locomo8.json", import.meta.url);
let locomo: CompiledPackage[] = [];
try {
  locomo = locomoSlices(await loadLocomo(LOCOMO.pathname)).packages.map((p) => compilePackage(p));
} catch (e) {
  console.error(`locomo bench skipped: ${(e as Error).message}`);
}
if (locomo.length > 0) {
  Deno.bench({
    name: `locomo8: ${locomo.length} support slices x B=30,60,100, bnb knapsack`,
    group: "locomo",
    baseline: true,
    n: 5,
    warmup: 1,
    fn: () => {
      for (const cp of locomo) for (const b of [30, 60, 100]) sink += solveBnb(cp, b).objective!;
    },
  });
  Deno.bench({
    name: `locomo8: ${locomo.length} support slices x B=30,60,100, bnb suffix`,
    group: "locomo",
    n: 5,
    warmup: 1,
    fn: () => {
      for (const cp of locomo) {
        for (const b of [30, 60, 100]) sink += solveBnb(cp, b, { bound: "suffix" }).objective!;
      }
    },
  });
  Deno.bench({
    name: `locomo8: ${locomo.length} support slices x B=30,60,100, milp`,
    group: "locomo",
    n: 3,
    warmup: 1,
    fn: () => {
      for (const cp of locomo) {
        for (const b of [30, 60, 100]) sink += solveMilpSync(cp, b).objective ?? 0;
      }
    },
  });
}

const base = Array.from({ length: 100 }, (_, s) => compilePackage(generate("base", s)));
let next = 0;
for (const bound of ["knapsack", "suffix"] as const) {
  Deno.bench({
    name: `base: one package (7 exp, 25 cand) x B=1,2,4,8,16, bnb ${bound}`,
    group: "base",
    baseline: bound === "knapsack",
    fn: () => {
      const cp = base[next++ % base.length];
      for (const b of [1, 2, 4, 8, 16]) sink += solveBnb(cp, b, { bound }).objective!;
    },
  });
}
Deno.bench({
  name: "base: one package (7 exp, 25 cand) x B=1,2,4,8,16, milp",
  group: "base",
  fn: () => {
    const cp = base[next++ % base.length];
    for (const b of [1, 2, 4, 8, 16]) sink += solveMilpSync(cp, b).objective ?? 0;
  },
});

globalThis.addEventListener("unload", () => {
  if (Number.isNaN(sink)) console.error("unexpected NaN objective");
});
