/**
 * Certification at scale against CBC and scipy's HiGHS (issues 18, 29 items 2 and 8): seeded
 * packages of 80 to 5,000 experiences (3-6 candidates each, coverage local to nearby units:
 * bench/_random_package.ts), k = 1 and 2, budgets 5 % and 20 % of the total cost. Each
 * (package, k, budget) is solved as whole processes, timed: `deno task memaudit solve --solver
 * auto --json`, bench/reference/cbc_solve.py (PuLP driving the `cbc` on PATH, Debian's
 * coinor-cbc; PuLP's bundled CBC only when none is on PATH, and the output says which) and
 * bench/reference/highs_solve.py (scipy.optimize.milp: HiGHS compiled natively), all at zero gap.
 * The repetitions are interleaved (ours, CBC, HiGHS, then again, the starting solver rotating),
 * so load from other processes hits all alike; medians of wall and of CPU seconds (user + sys
 * from /usr/bin/time). One Markdown row per pair: our time, CBC's and HiGHS's, ours/CBC, the
 * statuses, our method and gap, and |OPT diff| / CBC's OPT. The `floor` column is `deno task
 * memaudit validate` on the same package: the process, reading and checking the package, without
 * loading HiGHS or solving.
 *
 * Python: the first of --python, `python3` on PATH and /usr/bin/python3 that imports pulp (and,
 * for the HiGHS column, scipy >= 1.9); without one the columns read "skipped" (a line says so).
 * Debian: `apt-get install python3-pulp coinor-cbc python3-scipy`.
 *
 *     deno run -A bench/cert_vs_cbc.ts [--sizes 80,160,400,1000,2000,5000] [--reps 3] [--python P]
 *       [--timeout SECONDS per run, default 600: a run cut there reads "timeout"]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { writePackageJson } from "../lib/package/json_io.ts";
import { randomPackage } from "./_random_package.ts";
import { machineLine } from "./_stats.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "80,160,400" },
    python: { type: "string" },
    timeout: { type: "string", default: "600" },
    reps: { type: "string", default: "3" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const reps = Number(values.reps);
const root = new URL("..", import.meta.url).pathname;

interface Timed {
  /** Median wall seconds over the repetitions. */
  s: number;
  /** Median CPU seconds (user + sys, /usr/bin/time), NaN without it. */
  cpu: number;
  out: string;
  ok: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);

/** One timed run of a command: wall seconds, CPU seconds (user + sys), stdout, success. */
async function once(cmd0: string, args0: string[]) {
  // Each run under `timeout` (--timeout seconds): a solver that does not finish reads "timeout".
  const [cmd, args] = ["timeout", [values.timeout, cmd0, ...args0]];
  const tf = await Deno.makeTempFile();
  const [c, a] = hasTime ? ["/usr/bin/time", ["-f", "%U %S", "-o", tf, cmd, ...args]] : [cmd, args];
  const t0 = performance.now();
  const r = await new Deno.Command(c, {
    args: a,
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    // The Python solvers stop themselves a little before `timeout` would (a killed PuLP leaves
    // its cbc process running).
    env: { BENCH_TIME_LIMIT: String(Math.max(1, Number(values.timeout) - 5)) },
  }).output();
  const wall = (performance.now() - t0) / 1000;
  const [u, sy] = hasTime
    ? (await Deno.readTextFile(tf)).trim().split("\n").pop()!.split(" ").map(Number)
    : [NaN, NaN];
  await Deno.remove(tf);
  const out = r.code === 124
    ? '{"status": "timeout", "objective": null}'
    : new TextDecoder().decode(r.stdout);
  return { wall, cpu: u + sy, out, ok: r.success || r.code === 124 };
}

/**
 * Runs each command `reps` times, interleaved (one of each per round, the first rotating), and
 * gives each its medians.
 */
async function interleaved(cmds: (readonly [string, string[]])[], reps: number): Promise<Timed[]> {
  const runs = cmds.map(() => [] as Awaited<ReturnType<typeof once>>[]);
  for (let rep = 0; rep < reps; rep++) {
    for (let j = 0; j < cmds.length; j++) {
      const i = (j + rep) % cmds.length;
      runs[i].push(await once(...cmds[i]));
    }
  }
  return runs.map((rs) => ({
    s: median(rs.map((r) => r.wall)),
    cpu: median(rs.map((r) => r.cpu)),
    out: rs.at(-1)!.out,
    ok: rs.every((r) => r.ok),
  }));
}

/** The first Python that imports the modules, or null. */
async function pythonWith(check: string): Promise<string | null> {
  for (const py of [values.python, "python3", "/usr/bin/python3"]) {
    if (py === undefined) continue;
    const r = await once(py, ["-c", check]).catch(() => null);
    if (r?.ok) return py;
  }
  return null;
}

const cbcPy = await pythonWith(
  "import pulp, shutil; assert shutil.which('cbc') or pulp.PULP_CBC_CMD().available()",
);
const highsPy = await pythonWith("from scipy.optimize import milp");
if (cbcPy === null) console.log("CBC skipped: no Python imports pulp with a working CBC");
if (highsPy === null) {
  console.log("scipy HiGHS skipped: no Python has scipy.optimize.milp (scipy >= 1.9)");
}
console.log(machineLine());
console.log(
  "| exp | cand | k | B | floor s | ours s (CPU s) | CBC s (CPU s) | scipy HiGHS s (CPU s) | ours/CBC wall | ours status (method, gap) | CBC status | OPT diff (rel) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let cbcWhich = "", scipyVersion = "";
// Under .cache/: the `memaudit` task may read only the repository (and ../shared).
await Deno.mkdir(`${root}.cache`, { recursive: true });
const dir = await Deno.makeTempDir({ dir: `${root}.cache`, prefix: "cert_bench_" });
let worst = 0, allCertified = true, maxDiff = 0;
for (const E of sizes) {
  const cp = randomPackage(`cert${E}`, E, Math.min(1000, 5 * E));
  const path = `${dir}/cert${E}.json`;
  await writePackageJson(path, cp.pkg);
  const total = cp.cost.reduce((a, c) => a + c, 0);
  const [floor] = await interleaved([[Deno.execPath(), [
    "task",
    "-q",
    "memaudit",
    "validate",
    path,
  ]]], reps);
  for (const k of [1, 2]) {
    for (const f of [0.05, 0.2]) {
      const B = Math.round(f * total);
      const args = [path, String(B), String(k)];
      // The CLI as users run it: `deno task memaudit` (its V8 flags and permissions).
      const cmds: (readonly [string, string[]])[] = [
        [Deno.execPath(), [
          "task",
          "-q",
          "memaudit",
          "solve",
          path,
          "--budgets",
          String(B),
          "--k",
          String(k),
          "--solver",
          "auto",
          "--json",
        ]],
        ...(cbcPy !== null
          ? [[cbcPy, ["bench/reference/cbc_solve.py", ...args]] as [string, string[]]]
          : []),
        ...(highsPy !== null
          ? [[highsPy, ["bench/reference/highs_solve.py", ...args]] as [string, string[]]]
          : []),
      ];
      const [ours, ...refs] = await interleaved(cmds, reps);
      const c = cbcPy !== null ? refs.shift() : undefined;
      const h = highsPy !== null ? refs.shift() : undefined;
      const parsed = ours.ok ? JSON.parse(ours.out) : { status: "error" };
      const row = Array.isArray(parsed)
        ? parsed[0]
        : { status: parsed.status, method: "", gap: null, objective: null };
      allCertified &&= row.status === "optimal";
      let cbcCell = "skipped", cbcS = "skipped", ratio = "", diff = "", highsS = "skipped";
      if (c !== undefined) {
        const ans = c.ok ? JSON.parse(c.out) : { status: "error", objective: null };
        cbcWhich = ans.cbc ?? cbcWhich;
        cbcCell = ans.status;
        cbcS = `${c.s.toFixed(2)} (${c.cpu.toFixed(2)})`;
        ratio = (ours.s / c.s).toFixed(2);
        worst = Math.max(worst, ours.s / c.s);
        if (ans.objective !== null && row.objective !== null) {
          const d = Math.abs(row.objective - ans.objective) / Math.abs(ans.objective);
          maxDiff = Math.max(maxDiff, d);
          diff = d.toExponential(1);
        }
      }
      if (h !== undefined) {
        const ans = h.ok ? JSON.parse(h.out) : { status: "error" };
        scipyVersion = ans.scipy ?? scipyVersion;
        highsS = `${h.s.toFixed(2)} (${h.cpu.toFixed(2)})${
          ans.status === "Optimal" ? "" : ` ${ans.status}`
        }`;
      }
      const gap = row.gap === null ? "-" : Number(row.gap).toExponential(1);
      console.log(
        `| ${E} | ${cp.candIds.length} | ${k} | ${B} | ${floor.s.toFixed(2)} | ${
          ours.s.toFixed(2)
        } (${ours.cpu.toFixed(2)}) | ${cbcS} | ${highsS} | ${ratio} | ` +
          `${row.status} (${row.method}, ${gap}) | ${cbcCell} | ${diff} |`,
      );
    }
  }
}
await Deno.remove(dir, { recursive: true });
console.log(
  `\nall certified: ${allCertified}; worst ours/CBC: ${worst.toFixed(2)}; ` +
    `largest |OPT diff| / OPT: ${maxDiff.toExponential(1)}; CBC: ${cbcWhich || "-"}; ` +
    `scipy: ${scipyVersion || "-"} (${reps} interleaved repetitions, medians)`,
);
