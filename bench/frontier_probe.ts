/**
 * Issue 29 item 2, the exact decomposition measured in one process: on bench/cert_vs_cbc.ts's
 * packages, the MILP path with its component-frontier step (lib/solve/frontier.ts, the default)
 * against the same path without it (HiGHS' model: `frontiers: false`), interleaved, the OPT
 * compared. HiGHS is loaded before timing.
 *
 *     deno run -A bench/frontier_probe.ts [--sizes 2000,5000] [--reps 3] [--no-highs]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { randomPackage } from "./_random_package.ts";
import { splitComponents } from "../lib/solve/frontier.ts";
import { milpDraft } from "../lib/solve/milp.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";
import { machineLine } from "./_stats.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "2000,5000" },
    reps: { type: "string", default: "3" },
    "no-highs": { type: "boolean", default: false },
  },
});
const reps = Number(values.reps);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(machineLine());
await loadMilpSolver();
console.log(
  "| exp | k | B | comps | largest (exp) | largest front | split ms | frontier ms | states | HiGHS path ms | HiGHS/frontier | F | bound - F | HiGHS F - F | HiGHS gap |",
);
console.log(
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
);
for (const E of values.sizes.split(",").map(Number)) {
  const cp = randomPackage(`cert${E}`, E, Math.min(1000, 5 * E));
  const total = cp.cost.reduce((a, c) => a + c, 0);
  for (const k of [1, 2]) {
    for (const f of [0.05, 0.2]) {
      const B = Math.round(f * total);
      const ts = performance.now();
      const split = splitComponents(cp, k);
      const splitMs = performance.now() - ts;
      if ("decline" in split) throw new Error(split.decline);
      const fr: number[] = [], hi: number[] = [];
      let a, h;
      for (let rep = 0; rep < reps; rep++) {
        const t0 = performance.now();
        a = await milpDraft(cp, B, { k });
        fr.push(performance.now() - t0);
        if (!values["no-highs"]) {
          const t1 = performance.now();
          h = await milpDraft(cp, B, { k, frontiers: false });
          hi.push(performance.now() - t1);
        }
      }
      if (a!.method !== "frontier") throw new Error(`not frontier: ${a!.message}`);
      const F = a!.objective!;
      console.log(
        `| ${E} | ${k} | ${B} | ${split.comps.length} | ${split.largestGroups} | ${split.largestFront} | ${
          splitMs.toFixed(0)
        } | ${median(fr).toFixed(0)} | ${a!.nodes} | ${h ? median(hi).toFixed(0) : "-"} | ${
          h ? (median(hi) / median(fr)).toFixed(1) : "-"
        } | ${F} | ${(a!.bound! - F).toExponential(1)} | ${
          h ? (h.objective! - F).toExponential(1) : "-"
        } | ${h ? `${h.status} ${h.method} ${h.gap?.toExponential(1)}` : "-"} |`,
      );
    }
  }
}
