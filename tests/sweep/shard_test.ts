/** A sweep run removes a sweep shard's manifest only, never a user's shard.json (issue 29 item 6). */
import assert from "node:assert/strict";
import { removeShardManifest, SHARD_SCHEMA } from "../../lib/shard/manifest.ts";
import { withTempDir } from "../_tmp.ts";
import { join } from "node:path";
import { runSweep, type SweepOptions } from "../../lib/sweep/run_sweep.ts";
import { crashAfterTwoUnits, inputError, mergeSweepShards } from "./_helpers.ts";

/** What runSweep() does to a shard folder before writing it again. */
const removeSweepManifest = (dir: string) => removeShardManifest(dir, "sweep");

Deno.test("removeSweepManifest() removes a sweep shard's manifest and refuses any other shard.json, removing nothing", async () => {
  await withTempDir(async (dir) => {
    await removeSweepManifest(dir); // none: nothing to do
    await Deno.writeTextFile(
      `${dir}/shard.json`,
      JSON.stringify({ schema: SHARD_SCHEMA, kind: "sweep" }),
    );
    await removeSweepManifest(dir);
    await assert.rejects(() => Deno.lstat(`${dir}/shard.json`), Deno.errors.NotFound);
    await Deno.writeTextFile(`${dir}/mine.txt`, "precious");
    const cases: [string, () => Promise<void>][] = [
      ["a user's file", () => Deno.writeTextFile(`${dir}/shard.json`, '{"my":"notes"}')],
      ["another run's manifest", () =>
        Deno.writeTextFile(
          `${dir}/shard.json`,
          JSON.stringify({ schema: SHARD_SCHEMA, kind: "retention-simulate" }),
        )],
      ["not JSON", () => Deno.writeTextFile(`${dir}/shard.json`, "my notes")],
      ["a folder", async () => {
        await Deno.mkdir(`${dir}/shard.json`);
        await Deno.writeTextFile(`${dir}/shard.json/a.txt`, "precious");
      }],
      ["a link to a sweep manifest", async () => {
        await Deno.writeTextFile(
          `${dir}/m.json`,
          JSON.stringify({ schema: SHARD_SCHEMA, kind: "sweep" }),
        );
        await Deno.symlink(`${dir}/m.json`, `${dir}/shard.json`);
      }],
    ];
    for (const [what, make] of cases) {
      await make();
      await assert.rejects(() => removeSweepManifest(dir), {
        name: "InputError",
        message: `Cannot write ${dir}/shard.json: expected a sweep shard's manifest to replace, ` +
          "or nothing (it is not one: remove it or write into another folder)",
      }, what);
      const info = await Deno.lstat(`${dir}/shard.json`);
      assert.ok(info.isFile || info.isDirectory || info.isSymlink, what);
      await Deno.remove(`${dir}/shard.json`, { recursive: true });
    }
    assert.equal(await Deno.readTextFile(`${dir}/mine.txt`), "precious");
    assert.ok((await Deno.lstat(`${dir}/m.json`)).isFile);
  });
});

// --- Cases from tests/sweep/merge_test.ts (merge) ---
const GRID: Omit<SweepOptions, "outDir"> = {
  distributions: ["base", "update_chain"],
  seeds: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  budgets: ["0.05", "0.10", "6"],
  methods: ["opt", "oracle_gvt", "greedy", "no_tombstone_opt"],
  workers: 1,
};
const FILES = ["raw_results.jsonl", "raw_results.csv", "summary.json"];

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Timings without wall times: the row keys, in order. */
async function timingKeys(path: string): Promise<string[]> {
  return (await Deno.readTextFile(path)).trimEnd().split("\n").map((l) => {
    const { runtime_sec: _t, ...rest } = JSON.parse(l);
    return JSON.stringify(rest);
  });
}

async function withShards(
  count: number,
  f: (dir: string, shards: string[]) => Promise<void>,
  grid: Omit<SweepOptions, "outDir"> = GRID,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_merge_" });
  try {
    const shards = [];
    for (let i = 0; i < count; i++) {
      const outDir = join(dir, `s${i}`);
      await runSweep({ ...grid, outDir, shard: { index: i, count } });
      shards.push(outDir);
    }
    await f(dir, shards);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("mergeSweepShards() joins 4 shards into the bytes of a single run (merge)", async () => {
  await withShards(4, async (dir, shards) => {
    const whole = join(dir, "whole"), merged = join(dir, "merged");
    const single = await runSweep({ ...GRID, outDir: whole });
    // Shards in another order than their indices: the merge orders them.
    const res = await mergeSweepShards([shards[2], shards[0], shards[3], shards[1]], merged);
    assert.deepEqual([res.shards, res.units, res.rows], [4, 22, 22 * 3 * 4]);
    assert.equal(res.rows, single.summary.num_rows);
    for (const f of FILES) {
      assert.equal(await sha256(join(merged, f)), await sha256(join(whole, f)), f);
    }
    assert.deepEqual(
      await timingKeys(join(merged, "timings.jsonl")),
      await timingKeys(join(whole, "timings.jsonl")),
    );
    // Each shard holds its round-robin share: 22 units over 4 shards = 6, 6, 5, 5.
    const lines = await Promise.all(
      shards.map(async (s) =>
        (await Deno.readTextFile(join(s, "raw_results.jsonl"))).trimEnd().split("\n").length
      ),
    );
    assert.deepEqual(lines, [6, 6, 5, 5].map((u) => u * 12));
    // A shard's summary records its shard in the grid; the merged one does not.
    const shardGrid = JSON.parse(await Deno.readTextFile(join(shards[1], "summary.json"))).grid;
    assert.deepEqual(shardGrid.shard, { index: 1, count: 4 });
    assert.equal(
      JSON.parse(await Deno.readTextFile(join(merged, "summary.json"))).grid.shard,
      undefined,
    );
  });
});

Deno.test("mergeSweepShards() merges more shards than units (empty shards) and one shard of one (merge)", async () => {
  const small = { ...GRID, distributions: ["base"], seeds: [0, 1] };
  await withShards(3, async (dir, shards) => {
    await runSweep({ ...small, outDir: join(dir, "whole") });
    await mergeSweepShards(shards, join(dir, "merged"));
    for (const f of FILES) {
      assert.equal(await sha256(join(dir, "merged", f)), await sha256(join(dir, "whole", f)), f);
    }
  }, small);
});

Deno.test("mergeSweepShards() refuses overlapping, missing, foreign and unfinished shards in one line (merge)", async () => {
  await withShards(3, async (dir, shards) => {
    const out = join(dir, "merged");
    const overlap = await inputError(mergeSweepShards([shards[0], shards[1], shards[1]], out));
    assert.match(overlap.message, /shard 1\/3 is both .*s1 and .*s1/);
    const missing = await inputError(mergeSweepShards([shards[0], shards[2]], out));
    assert.match(missing.message, /expected all 3 shards: missing 1\/3/);
    // Another grid (other budgets), same shard count: the run digests' flags differ.
    const other = join(dir, "other");
    await runSweep({ ...GRID, budgets: ["2"], outDir: other, shard: { index: 1, count: 3 } });
    const foreign = await inputError(mergeSweepShards([shards[0], other, shards[2]], out));
    assert.equal(foreign.file, join(other, "shard.json"));
    assert.match(
      foreign.message,
      /shard\.json: run\.flags\.budget_basis: expected a shard of the same run as .*s0 \(same command, flags and inputs\)$/,
    );
    // A whole run is not a shard.
    const whole = join(dir, "whole");
    await runSweep({ ...GRID, distributions: ["base"], seeds: [0], outDir: whole });
    const notShard = await inputError(mergeSweepShards([whole], out));
    assert.match(
      notShard.message,
      /whole\/shard\.json: \(root\): expected the manifest of a finished shard/,
    );
    // A shard rerun and interrupted: its manifest is gone until the run finishes.
    await crashAfterTwoUnits({ ...GRID, outDir: shards[1], shard: { index: 1, count: 3 } });
    const unfinished = await inputError(mergeSweepShards(shards, out));
    assert.match(
      unfinished.message,
      /s1\/shard\.json: \(root\): expected the manifest of a finished shard/,
    );
    await runSweep({ ...GRID, outDir: shards[1], shard: { index: 1, count: 3 } });
    // A row removed.
    const text = await Deno.readTextFile(join(shards[2], "raw_results.jsonl"));
    await Deno.writeTextFile(
      join(shards[2], "raw_results.jsonl"),
      text.split("\n").slice(1).join("\n"),
    );
    const short = await inputError(mergeSweepShards(shards, out));
    assert.match(
      short.message,
      /s2\/raw_results\.jsonl: \(root\): expected the bytes recorded in .*: edited after the shard was written$/,
    );
    for (const e of [overlap, missing, foreign, notShard, unfinished, short]) {
      assert.ok(!e.message.includes("\n"), e.message);
    }
    // Nothing was written.
    assert.equal(await Deno.stat(out).catch(() => null), null);
  });
});

Deno.test("runSweep() refuses a bad shard, and a shard's folder holds its own grid (merge)", async () => {
  await assert.rejects(
    runSweep({ ...GRID, outDir: "unused", shard: { index: 4, count: 4 } }),
    /shard must be I\/N with 0 <= I < N/,
  );
  await withShards(2, async (_dir, shards) => {
    // Rerunning shard 0's folder as shard 1 is another grid: refused.
    const err = await inputError(
      runSweep({ ...GRID, outDir: shards[0], shard: { index: 1, count: 2 } }),
    );
    assert.match(err.message, /same grid/);
  });
});

Deno.test("runSweep() resumes an interrupted shard to the bytes of an uninterrupted one (merge)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_merge_" });
  try {
    const shard = { index: 2, count: 3 };
    await runSweep({ ...GRID, outDir: join(dir, "once"), shard });
    await crashAfterTwoUnits({ ...GRID, outDir: join(dir, "resumed"), shard });
    const res = await runSweep({ ...GRID, outDir: join(dir, "resumed"), shard });
    assert.equal(res.resumedUnits, 2);
    assert.equal(res.units, 7);
    for (const f of FILES) {
      assert.equal(await sha256(join(dir, "resumed", f)), await sha256(join(dir, "once", f)), f);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mergeSweepShards() refuses a shard whose lines are swapped, repeated or edited (right count), in one file or consistently in the JSONL and the CSV (merge)", async () => {
  const small = { ...GRID, distributions: ["base"], seeds: [0, 1, 2] };
  await withShards(2, async (dir, shards) => {
    const out = join(dir, "merged");
    const edit = async (edits: [string, (lines: string[]) => string[]][]) => {
      const before: [string, string][] = [];
      for (const [file, f] of edits) {
        const path = join(shards[0], file);
        const text = await Deno.readTextFile(path);
        before.push([path, text]);
        await Deno.writeTextFile(path, f(text.slice(0, -1).split("\n")).join("\n") + "\n");
      }
      const err = await inputError(mergeSweepShards(shards, out));
      for (const [path, text] of before) await Deno.writeTextFile(path, text);
      assert.ok(!err.message.includes("\n"), err.message);
      return err.message;
    };
    const swap =
      (i: number) => (ls: string[]) => [...ls.slice(0, i), ls[i + 1], ls[i], ...ls.slice(i + 2)];
    const edited = (file: string) =>
      new RegExp(
        `s0/${
          file.replace(".", "\\.")
        }: \\(root\\): expected the bytes recorded in .*s0/shard\\.json \\(sha256 [0-9a-f]{12}…\\), found sha256 [0-9a-f]{12}…: edited after the shard was written$`,
      );
    assert.match(await edit([["raw_results.jsonl", swap(0)]]), edited("raw_results.jsonl"));
    assert.match(
      await edit([["raw_results.jsonl", (ls) => [ls[0], ls[0], ...ls.slice(2)]]]),
      edited("raw_results.jsonl"),
    );
    assert.match(
      await edit([["raw_results.jsonl", (ls) => ls.map((l) => l + "\r")]]),
      edited("raw_results.jsonl"),
    );
    assert.match(
      await edit([[
        "raw_results.csv",
        (ls) => [...ls.slice(0, 2), ls[2].replace(",", ", "), ...ls.slice(3)],
      ]]),
      edited("raw_results.csv"),
    );
    assert.match(await edit([["timings.jsonl", swap(4)]]), edited("timings.jsonl"));
    // The same number changed in a row's JSONL line and its CSV line (it merged, exit 0).
    const jsonl = (await Deno.readTextFile(join(shards[0], "raw_results.jsonl"))).split("\n")[0];
    const f = JSON.parse(jsonl).objective_value;
    assert.match(
      await edit([
        [
          "raw_results.jsonl",
          (
            ls,
          ) => [
            ls[0].replace(`"objective_value":${f}`, `"objective_value":${f + 1}`),
            ...ls.slice(1),
          ],
        ],
        ["raw_results.csv", (ls) => [ls[0], ls[1].replace(`,${f},`, `,${f + 1},`), ...ls.slice(2)]],
      ]),
      edited("raw_results.jsonl"),
    );
    // A summary edited to claim another version.
    assert.match(
      await edit([[
        "summary.json",
        (ls) => ls.map((l) => l.replace(/"memaudit": "[^"]*"/, '"memaudit": "9.9.9"')),
      ]]),
      edited("summary.json"),
    );
    assert.equal(await Deno.stat(out).catch(() => null), null);
    // Untouched, the shards still merge to the bytes of one run.
    await runSweep({ ...small, outDir: join(dir, "whole") });
    await mergeSweepShards(shards, out);
    for (const f of FILES) {
      assert.equal(await sha256(join(out, f)), await sha256(join(dir, "whole", f)), f);
    }
  }, small);
});
