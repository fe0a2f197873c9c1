/**
 * `memaudit retention rr` and `memaudit scale score` at real sizes, side by
 * side with pandas in one run (issue 22 item 5): wall time, CPU time (user +
 * system) and peak RSS of each whole process, measured with `/usr/bin/time -v`.
 *
 * - retention rr: 100 users × 300 sessions, about 2.3 M presence rows
 *   (bench/_retention_input.ts), against bench/reference/retention_rr.py;
 * - scale score: 1,000,000 short-form lines with the default 2,000 bootstrap
 *   resamples (bench/_scale_input.ts), against bench/reference/scale_score.py.
 *
 * Both sides read the same seeded files and must agree on the numbers (the
 * script checks it). pandas comes from Debian (`apt-get install
 * python3-pandas`, for /usr/bin/python3); without it the pandas columns are
 * skipped with a message.
 *
 * Run: `deno run -A bench/vs_pandas.ts [--reps N] [--only rr|score]
 * [--root DIR] [--python PY]` (`--root`: the memaudit checkout to time, e.g.
 * an older commit's worktree; default this one).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { writeRetentionInput } from "./_retention_input.ts";
import { writeScaleInput } from "./_scale_input.ts";
import { median } from "./_stats.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));

/** One timed process. */
interface Timed {
  wall: number;
  cpu: number;
  mib: number;
  stdout: string;
}

/** Runs `argv` under /usr/bin/time -v; the process must exit 0. */
async function timed(argv: string[], cwd?: string): Promise<Timed> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-v", ...argv],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${argv.join(" ")} failed:\n${err.slice(-2000)}`);
  const num = (re: RegExp) => Number(re.exec(err)?.[1] ?? NaN);
  const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/
    .exec(err)!;
  return {
    wall: Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]),
    cpu: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/),
    mib: num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024,
    stdout: new TextDecoder().decode(out.stdout),
  };
}

/** The median run of `reps` (by wall time). */
async function best(argv: string[], reps: number, cwd?: string): Promise<Timed> {
  const runs: Timed[] = [];
  for (let i = 0; i < reps; i++) runs.push(await timed(argv, cwd));
  const m = median(runs.map((r) => r.wall));
  return runs.reduce((a, b) => (Math.abs(b.wall - m) < Math.abs(a.wall - m) ? b : a));
}

async function pythonWithPandas(given?: string): Promise<string | null> {
  for (const py of given ? [given] : ["/usr/bin/python3", "python3"]) {
    try {
      const r = await new Deno.Command(py, { args: ["-c", "import pandas"], stderr: "null" })
        .output();
      if (r.success) return py;
    } catch {
      // not installed
    }
  }
  return null;
}

function close(a: number, b: number, what: string, tol = 1e-9): void {
  if (!(Math.abs(a - b) <= tol)) throw new Error(`${what}: memaudit ${a}, pandas ${b}`);
}

const { values } = parseArgs({
  options: {
    reps: { type: "string", default: "1" },
    only: { type: "string" },
    root: { type: "string", default: join(HERE, "..") },
    python: { type: "string" },
  },
});
const reps = Number(values.reps);
const ours = (...args: string[]) => [
  Deno.execPath(),
  "run",
  "-A",
  join(values.root!, "scripts", "memaudit.ts"),
  ...args,
];
const py = await pythonWithPandas(values.python);
if (py === null) console.log("pandas not found (apt-get install python3-pandas): pandas skipped");
const dir = await Deno.makeTempDir({ prefix: "memaudit_vs_pandas_" });
const rows: string[][] = [];
try {
  await timed(ours("--help"), values.root); // compile and cache before timing
  if (values.only !== "score") {
    const rr = await writeRetentionInput(dir);
    const a = await best(
      ours("retention", "rr", "--facts", rr.facts, "--presence", rr.presence, "--json"),
      reps,
      values.root,
    );
    const b = py === null ? null : await best(
      [py, join(HERE, "reference", "retention_rr.py"), rr.facts, rr.presence],
      reps,
    );
    if (b !== null) {
      const m = JSON.parse(a.stdout).benchmark, p = JSON.parse(b.stdout);
      for (const k of ["pooled_exact", "pooled_k20", "per_fact_exact"]) close(m[k], p[k], k);
    }
    rows.push(row(`retention rr, ${rr.rows.toLocaleString("en")} presence rows`, a, b));
  }
  if (values.only !== "rr") {
    const file = await writeScaleInput(dir);
    const a = await best(ours("scale", "score", file, "--json"), reps, values.root);
    const b = py === null
      ? null
      : await best([py, join(HERE, "reference", "scale_score.py"), file], reps);
    if (b !== null) {
      const m = JSON.parse(a.stdout).groups[0], p = JSON.parse(b.stdout).first_group;
      for (const k of ["pass_at_b", "p_exh", "mean_r", "p90r"]) close(m[k], p[k], k);
      // An older memaudit printed no intervals in --json.
      if (m.ci) close(m.ci.pass_at_b.low, p.pass_low, "pass_at_b CI low", 0.003);
    }
    rows.push(row("scale score, 1,000,000 lines, 2,000 resamples", a, b));
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}

function row(name: string, a: Timed, b: Timed | null): string[] {
  const f = (x: number) => x.toFixed(2);
  const m = (x: number) => x.toFixed(0);
  return [
    name,
    f(a.wall),
    f(a.cpu),
    m(a.mib),
    b ? f(b.wall) : "–",
    b ? f(b.cpu) : "–",
    b ? m(b.mib) : "–",
    b ? `${f(a.wall / b.wall)} / ${f(a.cpu / b.cpu)} / ${f(a.mib / b.mib)}` : "–",
  ];
}

const head = [
  "case",
  "ours s",
  "ours CPU s",
  "ours MiB",
  "pandas s",
  "pandas CPU s",
  "pandas MiB",
  "ours/pandas (s / CPU / MiB)",
];
const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "? ? ?")).split(" ")
  .slice(0, 3).join(" ");
console.log(`| ${head.join(" | ")} |\n| ${head.map(() => "---").join(" | ")} |`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log(
  `\nroot ${values.root}, ${reps} rep(s) each (median by wall time), load average ${load}; ` +
    `Deno ${Deno.version.deno}${py ? `, ${py}` : ""}`,
);
