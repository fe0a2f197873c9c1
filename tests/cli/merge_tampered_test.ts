/**
 * `memaudit merge` on shard folders that look right but are not what their
 * run wrote: a file cut short, lines swapped, repeated or edited (the line
 * count still right), a CSV header changed, a user's folder missing. Each is
 * exit 2 with one line naming the file (and line), and nothing written.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertOneLine, HAVE_LOCOMO, memaudit, SMALL_NATURAL, smallLadder } from "./_run.ts";
import { withTempDir as withDir } from "../_tmp.ts";

/** Copies shard folder `from` to `to` and edits its file `name`. */
async function tampered(from: string, to: string, name: string, edit: (text: string) => string) {
  await Deno.mkdir(to, { recursive: true });
  const walk = async (a: string, b: string) => {
    for await (const e of Deno.readDir(a)) {
      if (e.isDirectory) {
        await Deno.mkdir(join(b, e.name), { recursive: true });
        await walk(join(a, e.name), join(b, e.name));
      } else await Deno.copyFile(join(a, e.name), join(b, e.name));
    }
  };
  await walk(from, to);
  if (name !== "") {
    await Deno.writeTextFile(join(to, name), edit(await Deno.readTextFile(join(from, name))));
  }
  return to;
}

const lines = (f: (ls: string[]) => string[]) => (text: string) =>
  f(text.slice(0, -1).split("\n")).join("\n") + "\n";
const swap01 = lines((ls) => [ls[1], ls[0], ...ls.slice(2)]);
const repeat0 = lines((ls) => [ls[0], ls[0], ...ls.slice(2)]);
const crlf = lines((ls) => ls.map((l) => l + "\r"));
const cut = (text: string) => text.slice(0, -1);

/** A simulated retention run of 3 users. */
const RETENTION_3 = ["retention", "simulate", "--users", "3"];

/** Runs `memaudit ARGS --shard I/2 --out DIR/sI` for I = 0, 1; returns the two shard folders. */
async function twoShards(dir: string, args: string[]): Promise<string[]> {
  const shards = [0, 1].map((i) => join(dir, `s${i}`));
  for (const [i, s] of shards.entries()) {
    const r = await memaudit([...args, "--shard", `${i}/2`, "--out", s]);
    assert.equal(r.code, 0, r.stderr);
  }
  return shards;
}

async function refused(dir: string, shards: string[], re: RegExp): Promise<void> {
  const out = join(dir, "merged");
  assertOneLine(await memaudit(["merge", ...shards, "--out", out]), re);
  assert.equal(await Deno.stat(out).catch(() => null), null, "nothing written");
}

Deno.test("merge refuses tampered scale-simulate shards (cut short, swapped, repeated, CRLF)", async () => {
  await withDir(async (dir) => {
    const [s0, s1] = await twoShards(dir, ["scale", "simulate", await smallLadder(dir)]);
    const T = "trajectories.jsonl";
    const cases: [(t: string) => string, RegExp][] = [
      [cut, /t0\/trajectories\.jsonl: \(root\): expected whole lines ending in a newline$/],
      [
        swap01,
        /t1\/trajectories\.jsonl: line 1: expected the trajectory of sim-\S+ at scale \S+ of/,
      ],
      [repeat0, /t2\/trajectories\.jsonl: line 2: expected the trajectory of sim-\S+ at scale/],
      [crlf, /t3\/trajectories\.jsonl: line 1: expected the line the run writes for its row: \{/],
    ];
    for (const [i, [edit, re]] of cases.entries()) {
      await refused(dir, [s0, await tampered(s1, join(dir, `t${i}`), T, edit)], re);
    }
  });
});

Deno.test({
  name: "merge refuses tampered natural shards (cut short, swapped, repeated, edited number)",
  ignore: !HAVE_LOCOMO,
  async fn() {
    await withDir(async (dir) => {
      const [s0, s1] = await twoShards(dir, SMALL_NATURAL);
      const R = "natural_rows.jsonl";
      const cases: [(t: string) => string, RegExp][] = [
        // It was an internal error (exit 1): JSON.parse of the cut line.
        [cut, /t0\/natural_rows\.jsonl: \(root\): expected whole lines ending in a newline$/],
        [
          swap01,
          /t1\/natural_rows\.jsonl: line 1: expected the row of budget 30 and method opt of/,
        ],
        [
          repeat0,
          /t2\/natural_rows\.jsonl: line 2: expected the row of budget 30 and method oracle_gvt/,
        ],
        [
          (t) => t.replace('"budget":30,', '"budget":30.0,'),
          /t3\/natural_rows\.jsonl: line 1: expected the line the run writes for its row/,
        ],
      ];
      for (const [i, [edit, re]] of cases.entries()) {
        await refused(dir, [s0, await tampered(s1, join(dir, `t${i}`), R, edit)], re);
      }
    });
  },
});

Deno.test("merge refuses tampered retention shards before writing anything", async () => {
  await withDir(async (dir) => {
    const [s0, s1] = await twoShards(dir, RETENTION_3);
    // Bad presence.csv in the second shard: the sessions, snapshots and facts.csv were written.
    await refused(
      dir,
      [s0, await tampered(s1, join(dir, "t0"), "presence.csv", (t) => t + '"unclosed\n')],
      /t0\/presence\.csv: \(root\): expected CSV \(Quote Not Closed/,
    );
    await refused(
      dir,
      [await tampered(s0, join(dir, "t1"), "facts.csv", cut), s1],
      /t1\/facts\.csv: \(root\): expected whole lines ending in a newline$/,
    );
    await refused(
      dir,
      [s0, await tampered(s1, join(dir, "t2"), "facts.csv", (t) => t.replace("fact", "fact_x"))],
      /t2\/facts\.csv: row 1, column \(header\): expected the header of .*s0\/facts\.csv: user,fact,/,
    );
    const t3 = await tampered(s1, join(dir, "t3"), "", (t) => t);
    await Deno.remove(join(t3, "permem", "sim-002"), { recursive: true });
    await refused(
      dir,
      [s0, t3],
      /t3\/permem\/sim-002: \(root\): expected the session folder of user sim-002 \(listed in retention_shard\.json\)$/,
    );
  });
});

Deno.test("merge refuses a shard's JSON whose run fields are missing or wrong at their JSON path (were internal errors)", async () => {
  await withDir(async (dir) => {
    const shard = async (name: string, files: Record<string, string>) => {
      await Deno.mkdir(join(dir, name));
      for (const [f, text] of Object.entries(files)) {
        await Deno.writeTextFile(join(dir, name, f), text);
      }
      return join(dir, name);
    };
    const one = { index: 0, count: 1 };
    await refused(
      dir,
      [
        await shard("n", {
          "natural_summary.json": JSON.stringify({ grid: { shard: one } }),
          "natural_rows.jsonl": "",
        }),
      ],
      /n\/natural_summary\.json: grid\.packages: Invalid input: expected number, received undefined; grid\.budgets: /,
    );
    await refused(
      dir,
      [
        await shard("s", {
          "scale_shard.json": JSON.stringify({
            schema: "memaudit.scale-simulate-shard/1",
            shard: one,
          }),
          "trajectories.jsonl": "",
        }),
      ],
      /s\/scale_shard\.json: run: Invalid input: expected object, received undefined; units: /,
    );
    await refused(
      dir,
      [
        await shard("s2", {
          "scale_shard.json": JSON.stringify({
            schema: "memaudit.scale-simulate-shard/1",
            shard: { index: 2, count: 1 },
            run: { simulators: [], ladder: { scales: [{ label: "s0" }] } },
            units: 1,
          }),
          "trajectories.jsonl": "",
        }),
      ],
      /s2\/scale_shard\.json: shard: expected an index below the count; run\.simulators: Too small/,
    );
    await refused(
      dir,
      [
        await shard("r", {
          "retention_shard.json": JSON.stringify({
            schema: "memaudit.retention-simulate-shard/1",
            shard: one,
          }),
        }),
      ],
      /r\/retention_shard\.json: units: Invalid input: expected number, received undefined; shard_users: /,
    );
  });
});

Deno.test("merge reads a retention shard whose files are links (cp -s) as their targets (they were dropped, exit 0)", async () => {
  await withDir(async (dir) => {
    const [s0, s1] = await twoShards(dir, RETENTION_3);
    const whole = join(dir, "whole");
    assert.equal(
      (await memaudit([...RETENTION_3, "--out", whole])).code,
      0,
    );
    // s1 again, every file a link to s1's.
    const linked = join(dir, "linked");
    const walk = async (a: string, b: string) => {
      await Deno.mkdir(b, { recursive: true });
      for await (const e of Deno.readDir(a)) {
        if (e.isDirectory) await walk(join(a, e.name), join(b, e.name));
        else await Deno.symlink(join(a, e.name), join(b, e.name));
      }
    };
    await walk(s1, linked);
    const out = join(dir, "merged");
    const r = await memaudit(["merge", s0, linked, "--out", out]);
    assert.equal(r.code, 0, r.stderr);
    const files = async (root: string) => {
      const found: string[] = [];
      const go = async (d: string) => {
        for await (const e of Deno.readDir(d)) {
          if (e.isDirectory) await go(join(d, e.name));
          else {found.push(
              join(d, e.name).slice(root.length) + "\n" + await Deno.readTextFile(join(d, e.name)),
            );}
        }
      };
      await go(root);
      return found.sort();
    };
    assert.deepEqual(await files(out), await files(whole));
  });
});
