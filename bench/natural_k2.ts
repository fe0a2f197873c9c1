/**
 * `deno run -A bench/natural_k2.ts [--k 2]`: the solving of notebook 05's k = 2 OPT (issue 29
 * item 4): every scoring package of ../shared's locomo8 at B = 30, 60, 100 through
 * `scoreNatural(..., { methods: [], k })`, one package at a time on this thread, timed per
 * package in CPU time of this process (the solve is single-threaded; wall time on a shared
 * machine is printed beside it). Prints the total, the 10 slowest packages and how many took
 * over 1 s. Markdown on stdout.
 *
 * @module
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { convertLocomo } from "../lib/natural/convert.ts";
import { scoreNatural } from "../lib/natural/score_natural.ts";
import { loadMilpSolver } from "../lib/solve/highs.ts";
import { machineLine } from "./_stats.ts";

const { values } = parseArgs({ args: Deno.args, options: { k: { type: "string", default: "2" } } });
const k = Number(values.k);
const file = new URL("../../shared/data/locomo/locomo8.json", import.meta.url).pathname;
const conv = convertLocomo(await loadLocomo(file));
await loadMilpSolver();
const times: { id: string; ms: number; cpuMs: number; opt: string }[] = [];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (const p of conv.scoring) {
  const t = performance.now(), c = process.cpuUsage();
  const rows = scoreNatural([p], { methods: [], k });
  const used = process.cpuUsage(c);
  times.push({
    id: p.id,
    ms: performance.now() - t,
    cpuMs: (used.user + used.system) / 1000,
    opt: rows.map((r) => r.opt).join(" "),
  });
}
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => b.cpuMs - a.cpuMs);
console.log(`# notebook 05's k = ${k} solves (${machineLine()})\n`);
console.log(
  `${times.length} packages x 3 budgets: ${(wall / 1000).toFixed(2)} s wall` +
    `, ${(cpu.user / 1e6).toFixed(2)} s user CPU` +
    `; packages over 1 s of CPU: ${times.filter((t) => t.cpuMs > 1000).length} ` +
    `(over 1 s wall: ${times.filter((t) => t.ms > 1000).length})\n`,
);
console.log("| package | CPU ms | wall ms | OPT at 30 / 60 / 100 |\n|---|---|---|---|");
for (const t of times.slice(0, 10)) {
  console.log(`| ${t.id} | ${t.cpuMs.toFixed(0)} | ${t.ms.toFixed(0)} | ${t.opt} |`);
}
