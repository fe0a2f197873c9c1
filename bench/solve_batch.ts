/**
 * Batches in one process (issue 29 item 3): 50 seeded packages of 80-160 experiences
 * (bench/_random_package.ts, `batch<i>`, E drawn from the seed `solve_batch`), k = 1, two budgets
 * each (5 % and 20 % of the package's total cost, written as its `budgets`), certified three
 * ways, whole processes timed (wall; CPU = user + sys of the process and its children, from
 * /usr/bin/time):
 *
 * - (a) one `deno task memaudit solve PKG --k 1 --json` process per package (the sum of 50; the
 *   task's `--v8-flags=--wasm-tiering-budget=2000000000`), and the same processes run with
 *   `deno run -A` under `--liftoff-only` (the task's flag before, a') and V8's default tiering
 *   (a''), interleaved package by package;
 * - (b) one `deno task memaudit solve DIR --k 1 --json` process, on the main thread
 *   (`--workers 1`) and with `--workers 2`; the same under `--liftoff-only` (b') and, with
 *   `--workers 2`, V8's default tiering (b'');
 * - (c) one Python process looping PuLP/CBC over the folder (bench/reference/cbc_solve_loop.py;
 *   PuLP still starts a cbc process per solve).
 *
 * (b), (b') and (c) run `--reps` times, interleaved (median); (a) once. Prints a Markdown table,
 * the ratios to (c), whether every row of (b) is certified, the rows of (b) and (c) rows whose OPT
 * differ by more than 1e-9 relative (and which side is larger: a larger F is a store of that
 * side, re-evaluated by memaudit, so the other side's "optimal" fell short).
 *
 *     deno run -A bench/solve_batch.ts [--packages 50] [--reps 3] [--python /usr/bin/python3]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { seedrandom } from "../lib/base/deps/seedrandom.ts";
import { writePackageJson } from "../lib/package/json_io.ts";
import { randomPackage } from "./_random_package.ts";
import { machineLine, median } from "./_stats.ts";

const { values } = parseArgs({
  options: {
    packages: { type: "string", default: "50" },
    python: { type: "string", default: "/usr/bin/python3" },
    reps: { type: "string", default: "3" },
    keep: { type: "boolean", default: false },
  },
});
const count = Number(values.packages);
const reps = Number(values.reps);
const root = new URL("..", import.meta.url).pathname;

/** One timed process: wall and CPU seconds, its stdout, whether it exited 0. */
interface Timed {
  wall: number;
  cpu: number;
  out: string;
  ok: boolean;
}

/** Runs `cmd args` under /usr/bin/time (cwd: the repository). */
async function timed(cmd: string, args: string[]): Promise<Timed> {
  const tf = await Deno.makeTempFile();
  const t0 = performance.now();
  const r = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%U %S", "-o", tf, cmd, ...args],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const wall = (performance.now() - t0) / 1000;
  const [u, s] = (await Deno.readTextFile(tf)).trim().split("\n").pop()!.split(" ").map(Number);
  await Deno.remove(tf);
  if (!r.success) console.error(new TextDecoder().decode(r.stderr));
  return { wall, cpu: u + s, out: new TextDecoder().decode(r.stdout), ok: r.success };
}

/** Writes the packages into `dir` (pkg00.json ...), each with its two budgets. */
async function writePackages(dir: string): Promise<{ exps: number[]; cands: number[] }> {
  const rng = seedrandom("solve_batch");
  const exps: number[] = [], cands: number[] = [];
  for (let i = 0; i < count; i++) {
    const E = 80 + Math.floor(rng() * 81);
    const cp = randomPackage(`batch${i}`, E, Math.min(1000, 5 * E));
    const total = cp.cost.reduce((a, c) => a + c, 0);
    const budgets = [Math.round(0.05 * total), Math.round(0.2 * total)];
    await writePackageJson(`${dir}/pkg${String(i).padStart(2, "0")}.json`, {
      ...cp.pkg,
      budgets,
    });
    exps.push(E);
    cands.push(cp.candIds.length);
  }
  return { exps, cands };
}

const memaudit = (...args: string[]): Promise<Timed> =>
  timed(Deno.execPath(), ["task", "-q", "memaudit", "solve", ...args, "--k", "1", "--json"]);

// The `memaudit` task reads any path (--allow-read): the packages go to the system's temporary
// folder, not into the repository's .cache (shared with other worktrees).
const dir = await Deno.makeTempDir({ prefix: "solve_batch_" });
const { exps, cands } = await writePackages(dir);
const files = [...Deno.readDirSync(dir)].map((e) => `${dir}/${e.name}`).sort();
console.log(machineLine());
console.log(
  `${count} packages, ${Math.min(...exps)}-${Math.max(...exps)} experiences, ` +
    `${Math.min(...cands)}-${Math.max(...cands)} candidates, k = 1, 2 budgets each`,
);

// V8 flags of a `deno run -A scripts/memaudit.ts` process: null is V8's default dynamic tiering
// (Liftoff first, hot functions soon up to TurboFan); the task passes TASK_V8.
const plain = (v8: string | null, ...args: string[]) =>
  timed(Deno.execPath(), [
    "run",
    "-A",
    ...(v8 === null ? [] : [`--v8-flags=${v8}`]),
    "scripts/memaudit.ts",
    "solve",
    ...args,
    "--k",
    "1",
    "--json",
  ]);
/** The V8 flags of the `memaudit` task (deno.json). */
const TASK_V8 = "--wasm-tiering-budget=2000000000,--max-semi-space-size=4";
/** The task's flag before: WebAssembly on V8's baseline compiler only. */
const LIFTOFF = "--liftoff-only";

// (a) one process per package, three ways, interleaved package by package.
const perPackage: Record<string, { label: string; run: (f: string) => Promise<Timed> }> = {
  a: { label: `(a) \`deno task memaudit solve PKG\` (${TASK_V8})`, run: (f) => memaudit(f) },
  a2: { label: `(a') same, ${LIFTOFF}`, run: (f) => plain(LIFTOFF, f) },
  a3: { label: "(a'') same, V8 default tiering", run: (f) => plain(null, f) },
};
const sums: Record<string, { wall: number; cpu: number; ok: boolean }> = {};
for (const key of Object.keys(perPackage)) sums[key] = { wall: 0, cpu: 0, ok: true };
for (const f of files) {
  for (const [key, x] of Object.entries(perPackage)) {
    const t = await x.run(f);
    sums[key].wall += t.wall;
    sums[key].cpu += t.cpu;
    sums[key].ok &&= t.ok;
  }
}
// (b), (b') and (c), interleaved.
const runs: Record<string, { label: string; run: () => Promise<Timed>; t: Timed[] }> = {
  b1: {
    label: `(b) \`deno task memaudit solve DIR --workers 1\` (${TASK_V8})`,
    run: () => memaudit(dir, "--workers", "1"),
    t: [],
  },
  b1l: {
    label: `(b') same, ${LIFTOFF}, --workers 1`,
    run: () => plain(LIFTOFF, dir, "--workers", "1"),
    t: [],
  },
  b2: {
    label: `(b) \`deno task memaudit solve DIR --workers 2\` (${TASK_V8})`,
    run: () => memaudit(dir, "--workers", "2"),
    t: [],
  },
  b2l: {
    label: `(b') same, ${LIFTOFF}, --workers 2`,
    run: () => plain(LIFTOFF, dir, "--workers", "2"),
    t: [],
  },
  b2d: {
    label: "(b'') same, V8 default tiering, --workers 2",
    run: () => plain(null, dir, "--workers", "2"),
    t: [],
  },
  c: {
    label: "(c) PuLP/CBC loop, one Python process",
    run: () => timed(values.python, ["bench/reference/cbc_solve_loop.py", dir, "1"]),
    t: [],
  },
};
console.log(`load before the batches: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
for (let r = 0; r < reps; r++) for (const x of Object.values(runs)) x.t.push(await x.run());
const med = (ts: Timed[], key: "wall" | "cpu") => median(ts.map((t) => t[key]));
const rowsB = JSON.parse(runs.b1.t[0].out).rows as {
  objective: number;
  status: string;
  file: string;
  budget: number;
}[];
const rowsC = runs.c.t[0].out.trim().split("\n").map((l) => JSON.parse(l)) as {
  objective: number;
}[];
const differ: string[] = [];
rowsB.forEach((r, i) => {
  const d = (r.objective - rowsC[i].objective) / rowsC[i].objective;
  if (Math.abs(d) > 1e-9) {
    differ.push(
      `${r.file.split("/").pop()} B=${r.budget}: memaudit ${r.objective}, CBC ${
        rowsC[i].objective
      }`,
    );
  }
});
const certified = rowsB.filter((r) => r.status === "optimal").length;
const same = Object.entries(runs).filter(([k]) => k !== "c").every(([, x]) =>
  JSON.stringify(JSON.parse(x.t[0].out).rows.map((r: { objective: number }) => r.objective)) ===
    JSON.stringify(rowsB.map((r) => r.objective))
);

console.log(`load after: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
const cWall = med(runs.c.t, "wall"), cCpu = med(runs.c.t, "cpu");
console.log("| run | processes | solves | wall s | CPU s (user + sys) | wall / (c) | CPU / (c) |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
const line = (label: string, procs: string, wall: number, cpu: number) =>
  console.log(
    `| ${label} | ${procs} | ${rowsB.length} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${
      (wall / cWall).toFixed(2)
    } | ${(cpu / cCpu).toFixed(2)} |`,
  );
for (const [key, x] of Object.entries(perPackage)) {
  line(x.label, String(count), sums[key].wall, sums[key].cpu);
}
for (const [key, x] of Object.entries(runs)) {
  line(x.label, key === "c" ? `1 (+ ${rowsC.length} cbc)` : "1", med(x.t, "wall"), med(x.t, "cpu"));
}
const aOk = Object.values(sums).every((x) => x.ok);
console.log(`(a) all exit 0: ${aOk}; every (b) same OPT in every row: ${same}`);
console.log(
  `(b) certified ${certified} of ${rowsB.length}; OPT differs from CBC's in ${differ.length}`,
);
for (const d of differ) console.log(`  ${d}`);
for (const x of Object.values(runs)) {
  const walls = x.t.map((t) => t.wall.toFixed(2)).join(", ");
  console.log(`${x.label}: walls ${walls}; CPU ${x.t.map((t) => t.cpu.toFixed(2)).join(", ")}`);
}
if (!values.keep) await Deno.remove(dir, { recursive: true });
else console.log(`packages kept in ${dir}`);
