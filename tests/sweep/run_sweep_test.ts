import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/errors.ts";
import { runSweep, sweepFiles, type SweepOptions } from "../../lib/sweep/run_sweep.ts";

const OUTPUTS = ["results", "csv", "summary"] as const;

async function outputs(dir: string): Promise<Record<string, string>> {
  const f = sweepFiles(dir);
  return Object.fromEntries(
    await Promise.all(OUTPUTS.map(async (k) => [k, await Deno.readTextFile(f[k])])),
  );
}

const small = (outDir: string, workers: number): SweepOptions => ({
  distributions: ["update_chain", "base"],
  seeds: [0, 1, 2],
  budgets: ["0.05", "6"],
  methods: ["opt", "oracle_gvt", "density_only", "no_tombstone_opt"],
  outDir,
  workers,
});

Deno.test("runSweep() writes identical bytes with 1 and 2 workers", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_sweep_" });
  try {
    const one = await runSweep(small(join(dir, "w1"), 1));
    const two = await runSweep(small(join(dir, "w2"), 2));
    assert.deepEqual(two.rows, one.rows);
    assert.deepEqual(one.grid.budgets, [3, 6]); // 0.05 x mean(51, 81..83) rounds to 3
    assert.equal(one.rows.length, 2 * 3 * 2 * 4);
    assert.deepEqual(await outputs(join(dir, "w1")), await outputs(join(dir, "w2")));
    const f = sweepFiles(join(dir, "w1"));
    await assert.rejects(Deno.stat(f.journal), Deno.errors.NotFound);
    const timings = (await Deno.readTextFile(f.timings)).trim().split("\n");
    assert.equal(timings.length, one.rows.length);
    const lines = (await Deno.readTextFile(f.results)).trim().split("\n");
    // Sorted by (distribution, seed, budget, method); keys sorted; no wall times.
    const first = JSON.parse(lines[0]);
    assert.deepEqual([first.distribution, first.seed, first.budget, first.method], [
      "base",
      0,
      3,
      "density_only",
    ]);
    assert.deepEqual(Object.keys(first), Object.keys(first).sort());
    assert.ok(!lines[0].includes("runtime_sec"));
    const summary = JSON.parse(await Deno.readTextFile(f.summary));
    assert.equal(summary.num_rows, 48);
    assert.equal(summary.by_distribution_budget_method.length, 2 * 2 * 4);
    assert.deepEqual(summary.by_budget_method, summary.by_distribution_budget_method);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() resumes from a journal with a truncated last line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_sweep_" });
  try {
    await runSweep(small(join(dir, "ref"), 1));
    const out = join(dir, "resumed");
    let seen = 0;
    await assert.rejects(
      runSweep({
        ...small(out, 1),
        onProgress: (done) => {
          if (done > 0 && ++seen === 2) throw new Error("simulated crash");
        },
      }),
      /simulated crash/,
    );
    const journal = sweepFiles(out).journal;
    const before = (await Deno.readTextFile(journal)).split("\n").filter((l) => l).length;
    assert.equal(before, 1 + 2); // header + two units
    await Deno.writeTextFile(journal, '{"distribution":"base","se', { append: true });
    const res = await runSweep(small(out, 2));
    assert.equal(res.resumedUnits, 2);
    assert.deepEqual(await outputs(out), await outputs(join(dir, "ref")));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() refuses a journal written for another grid", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_sweep_" });
  try {
    const f = sweepFiles(dir);
    await Deno.writeTextFile(f.journal, '{"format":"memaudit-sweep-journal/1","grid":{}}\n');
    await assert.rejects(runSweep(small(dir, 1)), InputError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() rejects bad grids before running", async () => {
  const base = small("/nonexistent/never-written", 1);
  await assert.rejects(runSweep({ ...base, methods: ["opt", "nope"] }), RangeError);
  await assert.rejects(runSweep({ ...base, seeds: [0, 0] }), RangeError);
  await assert.rejects(runSweep({ ...base, seeds: [-1] }), RangeError);
  await assert.rejects(runSweep({ ...base, distributions: ["nope"] }), InputError);
  await assert.rejects(runSweep({ ...base, budgets: ["0"] }), InputError);
  await assert.rejects(runSweep({ ...base, workers: 0 }), RangeError);
});
