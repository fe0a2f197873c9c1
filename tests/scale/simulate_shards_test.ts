/**
 * `memaudit scale simulate --shard I/N` and `memaudit merge` through the real
 * entry point: shards joined give the one run's trajectories file byte for
 * byte; shards that do not form one run are refused with one line.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertOneLine, memaudit } from "../cli/_run.ts";

const FIXTURE = "tests/scale/fixtures/longmemeval_small.json";
// Reader noise makes every trajectory draw from its stream.
const SIM = ["--seed", "3", "--epsilon-read", "0.2", "--gamma-guess", "0.3"];

async function withLadder(fn: (dir: string, ladder: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-scale-shards-" });
  try {
    const l = await memaudit([
      "scale",
      "ladder",
      FIXTURE,
      "--out",
      join(dir, "l"),
      "--n-irr",
      "0,4,8",
    ]);
    assert.equal(l.code, 0, l.stderr);
    await fn(dir, join(dir, "l"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const shardRun = (ladder: string, out: string, shard: string, extra: string[] = SIM) =>
  memaudit(["scale", "simulate", ladder, ...extra, "--shard", shard, "--out", out, "--json"]);

const files = async (dir: string) => {
  const names = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  return names.sort();
};

Deno.test("writeScaleShard() and memaudit merge: 4 and 3 shards merged are byte-identical to one run", async () => {
  await withLadder(async (dir, ladder) => {
    const whole = await memaudit([
      "scale",
      "simulate",
      ladder,
      ...SIM,
      "--out",
      join(dir, "whole.jsonl"),
    ]);
    assert.equal(whole.code, 0, whole.stderr);
    const wholeText = await Deno.readTextFile(join(dir, "whole.jsonl"));
    const wholeLines = wholeText.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(wholeLines.length, 4 * 4 * 3); // agents × queries × scales
    const queries = [...new Set(wholeLines.map((t) => t.query_id))];
    assert.equal(queries.length, 4);
    for (const n of [4, 3]) {
      const dirs = [...Array(n).keys()].map((i) => join(dir, `n${n}`, `s${i}`));
      const runs = await Promise.all(dirs.map((d, i) => shardRun(ladder, d, `${i}/${n}`)));
      for (const r of runs) assert.deepEqual([r.code, r.stderr], [0, ""]);
      const j1 = JSON.parse(runs[1].stdout);
      assert.deepEqual(j1.shard, { index: 1, count: n });
      // Shard 1 holds the queries at positions 1, 1 + n, ...: query 1 only here.
      const s1 = (await Deno.readTextFile(join(dirs[1], "trajectories.jsonl"))).trimEnd()
        .split("\n").map((l) => JSON.parse(l));
      assert.deepEqual([...new Set(s1.map((t) => t.query_id))], [queries[1]]);
      assert.equal(s1.length, 4 * 3);
      assert.deepEqual(await files(dirs[0]), ["shard.json", "trajectories.jsonl"]);
      const meta = JSON.parse(await Deno.readTextFile(join(dirs[0], "shard.json")));
      assert.deepEqual([meta.units, meta.run.flags.seed, meta.run.flags.simulators.length], [
        4,
        3,
        4,
      ]);
      // The ladder's files, each with its SHA-256.
      assert.deepEqual(
        meta.run.inputs.map((i: { name: string }) => i.name),
        [
          "l/instances_s0.json",
          "l/instances_s1.json",
          "l/instances_s2.json",
          "l/ladder.json",
          "l/manifest.jsonl",
        ],
      );
      const out = join(dir, `m${n}`);
      const m = await memaudit(["merge", ...dirs.toReversed(), "--out", out, "--json"]);
      assert.equal(m.code, 0, m.stderr);
      const mj = JSON.parse(m.stdout);
      assert.deepEqual([mj.kind, mj.shards, mj.units, mj.rows], ["scale-simulate", n, 4, 48]);
      assert.deepEqual(await files(out), ["trajectories.jsonl"]);
      assert.equal(await Deno.readTextFile(join(out, "trajectories.jsonl")), wholeText);
    }
  });
});

Deno.test("memaudit merge of scale-simulate shards refuses a missing shard, a shard given twice, a shard of another seed or ladder", async () => {
  await withLadder(async (dir, ladder) => {
    const d = (i: number) => join(dir, `s${i}`);
    for (const i of [0, 1, 2, 3]) assert.equal((await shardRun(ladder, d(i), `${i}/4`)).code, 0);
    const other = join(dir, "other3");
    assert.equal((await shardRun(ladder, other, "3/4", ["--seed", "4", ...SIM.slice(2)])).code, 0);
    const out = join(dir, "m");
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), "--out", out]),
      /^memaudit merge: Cannot merge .*: expected all 4 shards: missing 3\/4$/,
    );
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), d(1), d(3), "--out", out]),
      /^memaudit merge: Cannot merge .*: expected each shard once: shard 1\/4 is both /,
    );
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), other, "--out", out]),
      /other3\/shard\.json: run\.flags\.seed: expected a shard of the same run as .*s0 \(same command, flags and inputs\)$/,
    );
    // Same labels s0..s2 and query ids, other N_irr: another ladder, another run.
    const l2 = join(dir, "l2");
    assert.equal(
      (await memaudit(["scale", "ladder", FIXTURE, "--out", l2, "--n-irr", "0,2,4"])).code,
      0,
    );
    const otherLadder = join(dir, "ladder3");
    assert.equal((await shardRun(l2, otherLadder, "3/4")).code, 0);
    assertOneLine(
      await memaudit(["merge", d(0), d(1), d(2), otherLadder, "--out", out]),
      /ladder3\/shard\.json: run\.(flags\.scales|inputs)\S*: expected a shard of the same run as /,
    );
    assertOneLine(
      await shardRun(ladder, join(dir, "x"), "4/4"),
      /^memaudit scale: --shard expected a shard index I from 0 to 3, got '4\/4'/,
    );
    // Nothing was merged.
    assert.equal(await Deno.stat(out).then(() => true, () => false), false);
  });
});
