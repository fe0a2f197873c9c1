/**
 * Certification at scale against PuLP/CBC (issue 18, "Targets"): seeded
 * packages of 80, 160 and 400 experiences (3-6 candidates each, coverage
 * local to nearby units: bench/_random_package.ts), k = 1 and 2, budgets 5 %
 * and 20 % of the total cost. Each (package, k, budget) is solved twice in
 * the same run, whole processes timed: `deno task memaudit solve --solver auto --json`
 * and bench/reference/cbc_solve.py (PuLP, CBC at zero gap) on the same
 * model, each `--reps` times (default 3, interleaved per pair; medians of wall
 * and of CPU seconds, user + sys from /usr/bin/time). Prints one Markdown row per pair: our time, CBC's, their ratio,
 * both statuses, our method and gap, and |OPT diff| / CBC's OPT. The `floor` column is
 * `deno task memaudit validate` on the same package, timed the same way: the process, reading
 * and checking the package, without loading HiGHS or solving; ours minus it is what solving
 * costs (HiGHS' load, V8's compilation of its functions, the solve and the proof).
 *
 * CBC comes from Debian (`apt-get install python3-pulp coinor-cbc`); without
 * it the CBC columns read "skipped" (a line says so).
 *
 *     deno run -A bench/cert_vs_cbc.ts [--sizes 80,160,400] [--reps 3] [--python /usr/bin/python3]
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
    python: { type: "string", default: "/usr/bin/python3" },
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

async function timed(cmd: string, args: string[], reps = 1): Promise<Timed> {
  const walls: number[] = [], cpus: number[] = [];
  let out = "", ok = true;
  for (let i = 0; i < reps; i++) {
    const tf = await Deno.makeTempFile();
    const [c, a] = hasTime
      ? ["/usr/bin/time", ["-f", "%U %S", "-o", tf, cmd, ...args]]
      : [cmd, args];
    const t0 = performance.now();
    const r = await new Deno.Command(c, { args: a, cwd: root, stdout: "piped", stderr: "piped" })
      .output();
    walls.push((performance.now() - t0) / 1000);
    const [u, sy] = hasTime
      ? (await Deno.readTextFile(tf)).trim().split("\n").pop()!.split(" ").map(Number)
      : [NaN, NaN];
    cpus.push(u + sy);
    await Deno.remove(tf);
    out = new TextDecoder().decode(r.stdout);
    ok &&= r.success;
  }
  return { s: median(walls), cpu: median(cpus), out, ok };
}

async function haveCbc(): Promise<boolean> {
  try {
    return (await timed(values.python, [
      "-c",
      'import pulp; assert pulp.PULP_CBC_CMD().available() or pulp.COIN_CMD(path="/usr/bin/cbc").available()',
    ]))
      .ok;
  } catch {
    return false;
  }
}

const cbc = await haveCbc();
if (!cbc) console.log(`CBC skipped: ${values.python} cannot import pulp with a working CBC`);
console.log(machineLine());
console.log(
  "| exp | cand | k | B | floor s | ours s (CPU s) | CBC s (CPU s) | ours/CBC wall | ours status (method, gap) | CBC status | OPT diff (rel) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
// Under .cache/: the `memaudit` task may read only the repository (and ../shared).
await Deno.mkdir(`${root}.cache`, { recursive: true });
const dir = await Deno.makeTempDir({ dir: `${root}.cache`, prefix: "cert_bench_" });
let worst = 0, allCertified = true, maxDiff = 0;
for (const E of sizes) {
  const cp = randomPackage(`cert${E}`, E, Math.min(1000, 5 * E));
  const path = `${dir}/cert${E}.json`;
  await writePackageJson(path, cp.pkg);
  const total = cp.cost.reduce((a, c) => a + c, 0);
  const floor = await timed(Deno.execPath(), ["task", "-q", "memaudit", "validate", path], reps);
  for (const k of [1, 2]) {
    for (const f of [0.05, 0.2]) {
      const B = Math.round(f * total);
      // The CLI as users run it: `deno task memaudit` (its V8 flags and permissions).
      const ours = await timed(Deno.execPath(), [
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
      ], reps);
      const row = ours.ok ? JSON.parse(ours.out)[0] : { status: "error", method: "", gap: null };
      const certified = row.status === "optimal";
      allCertified &&= certified;
      let cbcCell = "skipped", cbcS = "", ratio = "", diff = "";
      if (cbc) {
        const c = await timed(values.python, [
          "bench/reference/cbc_solve.py",
          path,
          String(B),
          String(k),
        ], reps);
        const ans = c.ok ? JSON.parse(c.out) : { status: "error", objective: null };
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
      const gap = row.gap === null ? "-" : Number(row.gap).toExponential(1);
      console.log(
        `| ${E} | ${cp.candIds.length} | ${k} | ${B} | ${floor.s.toFixed(2)} | ${
          ours.s.toFixed(2)
        } (${ours.cpu.toFixed(2)}) | ` +
          `${cbcS} | ${ratio} | ` +
          `${row.status} (${row.method}, ${gap}) | ${cbcCell} | ${diff} |`,
      );
    }
  }
}
await Deno.remove(dir, { recursive: true });
console.log(
  `\nall certified: ${allCertified}; worst ours/CBC: ${worst.toFixed(2)}; ` +
    `largest |OPT diff| / OPT: ${maxDiff.toExponential(1)}`,
);
