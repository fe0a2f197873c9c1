/**
 * How much a second core can give the sweep on this machine (issue 3, "2
 * workers at least 1.7x faster than 1"): the same fixed work, without any
 * sweep coordination, on one thread and split over two worker threads.
 *
 * ```sh
 * deno run -A bench/parallel_scaling.ts [units|spin] [--reps 3]
 * # under V8's single-threaded mode (no concurrent compiler or GC helpers):
 * deno run -A --v8-flags=--single-threaded bench/parallel_scaling.ts units
 * ```
 *
 * - `units`: the stress grid's units (8 distributions × 500 seeds, B = 1, 3,
 *   6, 13, the 10 stress methods) through `runUnit`, no serialization or I/O.
 * - `spin`: a pure arithmetic loop of the same shape (control).
 *
 * Prints, per repetition, the wall time of one thread doing all the work,
 * of two workers doing half each, and the ratio; and the process CPU time
 * (user + system) of each, which shows the cores V8's own helper threads
 * (concurrent compilation, GC) take while one thread runs.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import process from "node:process";
import { parseArgs } from "node:util";
import { STRESS_DISTRIBUTIONS } from "../lib/generate/distributions.ts";
import { STRESS_METHODS } from "../lib/sweep/methods.ts";
import { runUnit } from "../lib/sweep/run_unit.ts";

const UNITS = STRESS_DISTRIBUTIONS.flatMap((d) =>
  Array.from({ length: 500 }, (_, s) => [d, s] as const)
);
const CONFIG = { budgets: [1, 3, 6, 13], methods: STRESS_METHODS };

/** Runs items from, from + step, ... of the workload; returns milliseconds. */
function work(kind: string, from: number, step: number): number {
  const t0 = performance.now();
  if (kind === "units") {
    for (let i = from; i < UNITS.length; i += step) runUnit(UNITS[i][0], UNITS[i][1], CONFIG);
  } else {
    let x = 0;
    for (let i = from; i < 4e9; i += step) x = (x + i * 7) | 0;
    if (x === 42) console.log(x);
  }
  return performance.now() - t0;
}

const isWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !==
  "undefined";

if (isWorker) {
  self.onmessage = (e: MessageEvent<[string, number, number]>) => {
    self.postMessage(work(...e.data));
  };
} else if (import.meta.main) {
  const { positionals, values } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: { reps: { type: "string", default: "3" } },
  });
  const kind = positionals[0] ?? "units";
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e3;
  };
  for (let rep = 0; rep < Number(values.reps); rep++) {
    // One fresh worker per configuration, so that each starts cold, as a sweep's lanes do.
    const run = (from: number, step: number) =>
      new Promise<number>((resolve) => {
        const w = new Worker(import.meta.url, { type: "module" });
        w.onmessage = (e) => {
          w.terminate();
          resolve(e.data as number);
        };
        w.postMessage([kind, from, step]);
      });
    let c0 = cpu(), t0 = performance.now();
    await run(0, 1);
    const one = performance.now() - t0, oneCpu = cpu() - c0;
    c0 = cpu();
    t0 = performance.now();
    await Promise.all([run(0, 2), run(1, 2)]);
    const two = performance.now() - t0, twoCpu = cpu() - c0;
    console.log(JSON.stringify({
      kind,
      one_worker_ms: Math.round(one),
      two_workers_ms: Math.round(two),
      speedup: Number((one / two).toFixed(2)),
      one_worker_cpu_ms: Math.round(oneCpu),
      two_workers_cpu_ms: Math.round(twoCpu),
    }));
  }
}
