import assert from "node:assert/strict";
import { join } from "node:path";
import { lockFolder } from "../../lib/sweep/outputs.ts";
import { runSweep, sweepFiles, type SweepOptions } from "../../lib/sweep/run_sweep.ts";
import { crashAfterTwoUnits, inputError } from "./_helpers.ts";

const grid = (outDir: string): SweepOptions => ({
  distributions: ["base"],
  seeds: [0, 1, 2, 3],
  budgets: ["2", "6"],
  methods: ["opt", "density_only"],
  outDir,
  workers: 1,
});

Deno.test("runSweep() refuses a second sweep in a folder that one is writing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    // Another sweep holds the folder's lock (flock: a second open file conflicts, even in-process).
    const release = await lockFolder(dir);
    const err = await inputError(runSweep(grid(dir)));
    assert.equal(err.file, join(dir, "sweep.lock"));
    assert.equal(
      err.message,
      `Cannot lock ${join(dir, "sweep.lock")}: expected no other sweep writing to this folder ` +
        "(another one is running in it)",
    );
    await assert.rejects(Deno.stat(sweepFiles(dir).journal), Deno.errors.NotFound);
    release();
    // Released (as when the other sweep ends or dies): the sweep runs and removes the lock file.
    await runSweep(grid(dir));
    await assert.rejects(Deno.stat(join(dir, "sweep.lock")), Deno.errors.NotFound);
    assert.ok((await Deno.stat(sweepFiles(dir).summary)).isFile);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() refuses journal byte counts that do not end whole rows", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    await crashAfterTwoUnits(grid(dir));
    const journal = sweepFiles(dir).journal;
    const lines = (await Deno.readTextFile(journal)).trimEnd().split("\n");
    const last = JSON.parse(lines[2]);
    last.bytes[1] -= 10;
    await Deno.writeTextFile(
      journal,
      [...lines.slice(0, 2), JSON.stringify(last)].join("\n") + "\n",
    );
    const err = await inputError(runSweep(grid(dir)));
    assert.equal(err.file, journal);
    assert.deepEqual(err.where, { path: "line 3" });
    assert.match(
      err.message,
      /expected the byte counts of 4 whole lines of .*raw_results\.csv\.part/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() checks the rows it reads back on resume", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    await crashAfterTwoUnits(grid(dir));
    const part = `${sweepFiles(dir).results}.part`;
    const text = await Deno.readTextFile(part);
    // Same length, so that the journal's byte counts still hold.
    await Deno.writeTextFile(
      part,
      text.replace('"opt_degenerate":false', '"opt_degenerate":"no!"'),
    );
    const err = await inputError(runSweep(grid(dir)));
    assert.equal(err.file, part);
    assert.match(err.message, /line 1: expected a result row \(opt_degenerate: true or false/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() takes a final file back only when every unit was recorded", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    await crashAfterTwoUnits(grid(dir));
    const f = sweepFiles(dir);
    await Deno.remove(`${f.csv}.part`);
    await Deno.writeTextFile(f.csv, "a leftover from another run\n");
    const err = await inputError(runSweep(grid(dir)));
    assert.equal(err.file, `${f.csv}.part`);
    assert.match(err.message, /found no file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() refuses a folder in place of an output file before running, and bad options", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    await Deno.mkdir(sweepFiles(dir).csv);
    let ran = false;
    const err = await inputError(runSweep({ ...grid(dir), onProgress: (d) => (ran ||= d > 0) }));
    assert.equal(err.file, sweepFiles(dir).csv);
    assert.equal(ran, false);
    await assert.rejects(
      runSweep({ ...grid(dir), bound: "bogus" as "auto" }),
      /bound must be auto, knapsack or suffix, got "bogus"/,
    );
    await assert.rejects(
      runSweep({ ...grid(dir), summation: "bogus" as "naive" }),
      /summation must be naive or neumaier/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() removes the temporary files of an interrupted final write", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    await crashAfterTwoUnits(grid(dir));
    const stray = join(dir, ".summary.json.12345.0.tmp");
    const foreign = join(dir, ".notes.txt.12345.0.tmp");
    await Deno.writeTextFile(stray, "{");
    await Deno.writeTextFile(foreign, "keep");
    await runSweep(grid(dir));
    await assert.rejects(Deno.stat(stray), Deno.errors.NotFound);
    assert.equal(await Deno.readTextFile(foreign), "keep");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSweep() rewrites a finished sweep of the same grid, and replaces one of another grid only when asked", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_outputs_" });
  try {
    const f = sweepFiles(dir);
    await runSweep(grid(dir));
    const first = await Deno.readFile(f.results);
    await runSweep(grid(dir));
    assert.deepEqual(await Deno.readFile(f.results), first);
    const other = { ...grid(dir), seeds: [0, 1] };
    const err = await inputError(runSweep(other));
    assert.equal(err.file, f.summary);
    assert.match(err.message, /another sweep/);
    assert.deepEqual(await Deno.readFile(f.results), first, "the refused run changed nothing");
    const res = await runSweep({ ...other, replace: true });
    assert.equal(res.summary.num_rows, 2 * 2 * 2);
    // A summary.json that is not a sweep's is not overwritten either.
    await Deno.writeTextFile(f.summary, "notes\n");
    assert.equal((await inputError(runSweep(other))).file, f.summary);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
