import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runSweep, sweepFiles } from "../../lib/sweep/run_sweep.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "scripts", "sweep.ts");
const GRID = {
  distributions: ["base", "update_chain", "temporal_interval"],
  seeds: 150,
  budgets: ["0.05", "0.10"],
  methods: ["opt", "oracle_gvt", "density_only", "greedy", "no_tombstone_opt"],
};

function cli(out: string, workers: number): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    cwd: ROOT,
    args: [
      "run",
      "-A",
      CLI,
      "--distributions",
      GRID.distributions.join(","),
      "--seeds",
      String(GRID.seeds),
      "--budgets",
      GRID.budgets.join(","),
      "--methods",
      GRID.methods.join(","),
      "--workers",
      String(workers),
      "--out",
      out,
      "--quiet",
    ],
    stdout: "null",
    stderr: "piped",
  });
}

async function lineCount(path: string): Promise<number> {
  try {
    return (await Deno.readTextFile(path)).split("\n").length - 1;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return 0;
    throw err;
  }
}

Deno.test("scripts/sweep.ts killed with SIGKILL resumes to the same bytes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_kill_" });
  try {
    const out = join(dir, "killed");
    const files = sweepFiles(out);
    const total = GRID.distributions.length * GRID.seeds;

    // 1. Start the CLI and kill it once the journal holds at least one unit.
    const child = cli(out, 2).spawn();
    const deadline = Date.now() + 30_000;
    while ((await lineCount(files.journal)) < 2) {
      assert.ok(Date.now() < deadline, "the journal never received a unit");
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill("SIGKILL");
    const status = await child.status;
    assert.equal(status.success, false, "the sweep finished before it could be killed");
    const journaled = (await lineCount(files.journal)) - 1;
    assert.ok(journaled >= 1 && journaled < total, `${journaled} of ${total} units journaled`);
    await assert.rejects(Deno.stat(files.results), Deno.errors.NotFound);

    // 2. Rerun the same command to completion.
    const rerun = await cli(out, 1).output();
    assert.ok(rerun.success, new TextDecoder().decode(rerun.stderr));
    await assert.rejects(Deno.stat(files.journal), Deno.errors.NotFound);

    // 3. Compare with an uninterrupted run.
    const ref = join(dir, "reference");
    await runSweep({
      ...GRID,
      seeds: Array.from({ length: GRID.seeds }, (_, s) => s),
      outDir: ref,
      workers: 2,
    });
    for (const k of ["results", "csv", "summary"] as const) {
      const a = await Deno.readFile(files[k]);
      const b = await Deno.readFile(sweepFiles(ref)[k]);
      assert.ok(a.length === b.length && a.every((x, i) => x === b[i]), `${k} differs`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
