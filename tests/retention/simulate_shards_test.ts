/**
 * `memaudit retention simulate --shard I/N` and `memaudit merge` through the
 * real entry point: shards joined give exactly the files of one run; shards
 * that do not form one run are refused with one line.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { assertOneLine, memaudit } from "../cli/_run.ts";
import { withTempDir as withDir } from "../_tmp.ts";

// The session-local analogue draws a noisy gate per user; the budget makes FIFO evictions.
const SIM = [
  "retention",
  "simulate",
  "--users",
  "6",
  "--seed",
  "5",
  "--budget",
  "10",
  "--policy",
  "session-local (analogue)",
];

/** Every file under `root`: relative path → text. */
async function tree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else out.set(relative(root, p), await Deno.readTextFile(p));
    }
  };
  await walk(root);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const shardRun = (out: string, shard: string, sim: string[] = SIM) =>
  memaudit([...sim, "--shard", shard, "--out", out, "--json"]);

Deno.test("writeSimulatedRun() with a shard and memaudit merge: 4 shards merged are the files of one run", async () => {
  await withDir(async (dir) => {
    const whole = await memaudit([...SIM, "--out", join(dir, "whole")]);
    assert.equal(whole.code, 0, whole.stderr);
    const dirs = [0, 1, 2, 3].map((i) => join(dir, `s${i}`));
    const runs = await Promise.all(dirs.map((d, i) => shardRun(d, `${i}/4`)));
    for (const r of runs) assert.deepEqual([r.code, r.stderr], [0, ""]);
    const meta = JSON.parse(await Deno.readTextFile(join(dirs[1], "shard.json")));
    assert.deepEqual(meta.unit_ids, ["sim-002", "sim-006"]);
    assert.deepEqual([meta.units, meta.run.flags.seed, meta.run.flags.budget], [6, "5", 10]);
    const s3 = await tree(dirs[3]);
    assert.deepEqual(
      [
        ...new Set(
          [...s3.keys()].filter((k) => k.startsWith("permem/")).map((k) => k.split("/")[1]),
        ),
      ],
      ["sim-004"],
    );
    const m = await memaudit([
      "merge",
      dirs[2],
      dirs[0],
      dirs[3],
      dirs[1],
      "--out",
      join(dir, "m"),
      "--json",
    ]);
    assert.equal(m.code, 0, m.stderr);
    const mj = JSON.parse(m.stdout);
    assert.deepEqual([mj.kind, mj.shards, mj.units], ["retention-simulate", 4, 6]);
    const want = await tree(join(dir, "whole"));
    const got = await tree(join(dir, "m"));
    assert.deepEqual([...got.keys()], [...want.keys()]);
    for (const [k, v] of want) assert.equal(got.get(k), v, k);
    // rows = the three CSVs' data rows of the one run.
    const dataRows = ["facts.csv", "presence.csv", "predictions.csv"]
      .reduce((s, f) => s + want.get(f)!.trimEnd().split("\n").length - 1, 0);
    assert.equal(mj.rows, dataRows);
    // The noisy gate skipped some sessions: the run is not the universal policy's.
    assert.match(want.get("predictions.csv")!, /\n[^\n]*,1,0\n|\n[^\n]*,0,1\n/);
  });
});

Deno.test("memaudit merge of retention shards refuses a missing shard, a shard given twice and a shard of another seed", async () => {
  await withDir(async (dir) => {
    const d = (i: number) => join(dir, `s${i}`);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => shardRun(d(i), `${i}/4`)));
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const other = join(dir, "other3");
    const sim6 = SIM.map((w) => (w === "5" ? "6" : w));
    assert.equal((await shardRun(other, "3/4", sim6)).code, 0);
    const out = join(dir, "m");
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(3), "--out", out]),
      /^memaudit merge: Cannot merge .*: expected all 4 shards: missing 2\/4$/,
    );
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), d(3), d(0), "--out", out]),
      /^memaudit merge: Cannot merge .*: expected each shard once: shard 0\/4 is both /,
    );
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), other, "--out", out]),
      /other3\/shard\.json: run\.flags\.seed: expected a shard of the same run as .*s0 \(same command, flags and inputs\)$/,
    );
    assertOneLine(
      await shardRun(join(dir, "x"), "1/0"),
      /^memaudit retention: --shard expected a shard count N in \[1, 100000\], got '1\/0'/,
    );
    assert.equal(await Deno.stat(out).then(() => true, () => false), false);
  });
});
