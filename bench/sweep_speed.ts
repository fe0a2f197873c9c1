/**
 * Timed script: the exact sweep's work (500 seeds of `base`, budget tokens
 * 0.01 .. 0.20, the exact-sweep methods: every `runUnit` of
 * `scripts/sweep.ts --seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20`, on the
 * main thread, without process start-up and file writing) with this tree's
 * code and with another tree's (e.g. main's), in ONE process, passes
 * interleaved (old, new, old, new, ...) so that load from other processes hits
 * both alike. Prints each pass, the medians and new/old (also paired: each pass's new over its
 * old, median; and by CPU time); also checks that both
 * trees produce identical rows (JSON of every row but the timings).
 *
 * Run: deno run -A --v8-flags=--expose-gc bench/sweep_speed.ts /path/to/other/tree [passes]
 * (e.g. `git worktree add --detach /tmp/base 8f1edb7` first).
 */
import { cpuUsage } from "node:process";
import type * as Generate from "../lib/generate/mod.ts";
import type * as Sweep from "../lib/sweep/mod.ts";

/** What the bench uses of a tree (lib/generate/mod.ts and lib/sweep/mod.ts exist in both). */
type Mod = typeof Generate & typeof Sweep;
/** A tree's generate and sweep entry modules, as one namespace. */
const apiOf = async (root: string): Promise<Mod> => ({
  ...await import(new URL("lib/generate/mod.ts", root).href),
  ...await import(new URL("lib/sweep/mod.ts", root).href),
});

const other = Deno.args[0];
if (other === undefined) throw new Error("usage: bench/sweep_speed.ts OTHER_TREE [passes]");
const passes = Number(Deno.args[1] ?? 15);
type Unit = typeof import("../lib/sweep/run_unit.ts");
const ours = await apiOf(new URL("..", import.meta.url).href);
const oursUnit = await import("../lib/sweep/run_unit.ts") as Unit;
const theirs = await apiOf(new URL(`file://${other}/`).href);
const theirsUnit = await import(new URL(`file://${other}/lib/sweep/run_unit.ts`).href) as Unit;

const SEEDS = 500, TOKENS = ["0.01", "0.02", "0.05", "0.10", "0.20"];

function prepare(m: Mod, u: Unit) {
  const pkgs = Array.from({ length: SEEDS }, (_, s) => m.generate("base", s));
  const budgets = m.budgetsFromTokens(TOKENS, pkgs);
  const config = { budgets, methods: m.EXACT_SWEEP_METHODS };
  return () => {
    const rows: unknown[] = [];
    for (let s = 0; s < SEEDS; s++) rows.push(...u.runUnit("base", s, config, pkgs[s]).rows);
    return rows;
  };
}

const runs = { old: prepare(theirs, theirsUnit), new: prepare(ours, oursUnit) };
// Warm-up and the identity check.
const a = JSON.stringify(runs.old()), b = JSON.stringify(runs.new());
console.log(`rows identical: ${a === b} (${a.length} characters of JSON)`);
const times: Record<"old" | "new", number[]> = { old: [], new: [] };
const cpu: Record<"old" | "new", number[]> = { old: [], new: [] };
for (let p = 0; p < passes; p++) {
  for (const side of (p % 2 === 0 ? ["old", "new"] : ["new", "old"]) as ("old" | "new")[]) {
    // With --v8-flags=--expose-gc, each pass starts from a collected heap (less noise).
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now(), c0 = cpuUsage();
    runs[side]();
    times[side].push(performance.now() - t0);
    const c = cpuUsage(c0);
    cpu[side].push((c.user + c.system) / 1000);
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y), h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
for (const side of ["old", "new"] as const) {
  console.log(
    `${side}: median ${median(times[side]).toFixed(0)} ms, min ${
      Math.min(...times[side]).toFixed(0)
    } ms, passes ${times[side].map((t) => t.toFixed(0)).join(" ")}`,
  );
}
console.log(
  `new / old = ${(median(times.new) / median(times.old)).toFixed(3)} (medians), ${
    (Math.min(...times.new) / Math.min(...times.old)).toFixed(3)
  } (minima)`,
);
// Each pass's new against the old of the same pass (run back to back), then the median: load and
// garbage collection that drift over the run fall on both sides of a pair.
const paired = (xs: Record<"old" | "new", number[]>) =>
  median(xs.new.map((t, i) => t / xs.old[i])).toFixed(3);
console.log(
  `paired new / old: wall ${paired(times)}, CPU ${paired(cpu)} (CPU medians ${
    median(cpu.old).toFixed(0)
  } / ${median(cpu.new).toFixed(0)} ms)`,
);
