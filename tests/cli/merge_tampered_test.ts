/**
 * `memaudit merge` on shard folders that look right but are not what their
 * run wrote (issue 22, "merges that cannot be fooled"): a file cut short,
 * lines swapped, repeated or edited (the line count still right, or the same
 * edit in the JSONL and the CSV), a verdict flipped, a snapshot emptied, a
 * CSV header changed, a user's folder missing, a shard claiming another
 * memaudit version, a shard of another run. Each is exit 2 with one line
 * naming the shard file and what was expected, and nothing written.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  assertOneLine,
  HAVE_LOCOMO,
  memaudit,
  ROOT,
  SMALL_LADDER_SOURCE,
  SMALL_NATURAL,
  smallLadder,
} from "./_run.ts";
import { runDigestSha256 } from "../../lib/shard/digest.ts";
import type { ShardManifest } from "../../lib/shard/manifest.ts";
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

/** The refusal of a file whose bytes are not those its shard.json recorded. */
const edited = (file: string) =>
  new RegExp(
    `${
      file.replaceAll(".", "\\.")
    }: \\(root\\): expected the bytes recorded in \\S+/shard\\.json ` +
      "\\(sha256 [0-9a-f]{12}…\\), found sha256 [0-9a-f]{12}…: edited after the shard was written$",
  );

Deno.test("merge refuses tampered scale-simulate shards (cut short, swapped, repeated, CRLF, a verdict flipped)", async () => {
  await withDir(async (dir) => {
    const [s0, s1] = await twoShards(dir, ["scale", "simulate", await smallLadder(dir)]);
    const T = "trajectories.jsonl";
    const flip = (t: string) =>
      t.includes('"correct":true')
        ? t.replace('"correct":true', '"correct":false')
        : t.replace('"correct":false', '"correct":true');
    const edits = [cut, swap01, repeat0, crlf, flip];
    for (const [i, edit] of edits.entries()) {
      const t = await tampered(s1, join(dir, `t${i}`), T, edit);
      assert.notEqual(await Deno.readTextFile(join(t, T)), await Deno.readTextFile(join(s1, T)));
      await refused(dir, [s0, t], edited(`t${i}/${T}`));
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
      const edits = [
        cut,
        swap01,
        repeat0,
        (t: string) => t.replace('"budget":30,', '"budget":30.0,'),
      ];
      for (const [i, edit] of edits.entries()) {
        await refused(
          dir,
          [s0, await tampered(s1, join(dir, `t${i}`), R, edit)],
          edited(`t${i}/${R}`),
        );
      }
    });
  },
});

Deno.test("merge refuses tampered retention shards (a CSV, a header, an emptied snapshot, a user's folder) before writing anything", async () => {
  await withDir(async (dir) => {
    const [s0, s1] = await twoShards(dir, [...RETENTION_3, "--budget", "4"]);
    await refused(
      dir,
      [s0, await tampered(s1, join(dir, "t0"), "presence.csv", (t) => t + '"unclosed\n')],
      edited("t0/presence.csv"),
    );
    await refused(
      dir,
      [await tampered(s0, join(dir, "t1"), "facts.csv", cut), s1],
      edited("t1/facts.csv"),
    );
    await refused(
      dir,
      [s0, await tampered(s1, join(dir, "t2"), "facts.csv", (t) => t.replace("fact", "fact_x"))],
      edited("t2/facts.csv"),
    );
    // A snapshot emptied of its entries (it merged, exit 0).
    const manifest = JSON.parse(await Deno.readTextFile(join(s1, "shard.json")));
    const snap = Object.keys(manifest.files).find((f) => f.startsWith("snapshots/"))!;
    const t3 = await tampered(s1, join(dir, "t3"), snap, (t) => {
      const j = JSON.parse(t);
      for (const k of Object.keys(j)) if (Array.isArray(j[k])) j[k] = [];
      return JSON.stringify(j, null, 2) + "\n";
    });
    assert.notEqual(
      await Deno.readTextFile(join(t3, snap)),
      await Deno.readTextFile(join(s1, snap)),
    );
    await refused(dir, [s0, t3], edited(`t3/${snap}`));
    const t4 = await tampered(s1, join(dir, "t4"), "", (t) => t);
    await Deno.remove(join(t4, "permem", "sim-002"), { recursive: true });
    await refused(
      dir,
      [s0, t4],
      /t4\/permem\/sim-002\/\S+: \(root\): expected the file listed in shard\.json$/,
    );
  });
});

Deno.test("merge refuses a sweep shard with the same edit in its JSONL and CSV, or a summary claiming version 9.9.9", async () => {
  await withDir(async (dir) => {
    const grid = [
      "sweep",
      "--seeds",
      "3",
      "--budgets",
      "0.1",
      "--methods",
      "opt,greedy",
      "--quiet",
    ];
    const [s0, s1] = await twoShards(dir, grid);
    const jsonl = await Deno.readTextFile(join(s1, "raw_results.jsonl"));
    const v = JSON.parse(jsonl.split("\n")[0]).objective_value;
    const t0 = await tampered(
      s1,
      join(dir, "t0"),
      "raw_results.jsonl",
      (t) => t.replace(`"objective_value":${v},`, `"objective_value":${v + 1},`),
    );
    const csv = join(t0, "raw_results.csv"), csvText = await Deno.readTextFile(csv);
    const [head, first, ...rest] = csvText.split("\n");
    await Deno.writeTextFile(
      csv,
      [head, first.replace(`,${v},`, `,${v + 1},`), ...rest].join("\n"),
    );
    assert.notEqual(await Deno.readTextFile(csv), csvText);
    await refused(dir, [s0, t0], edited("t0/raw_results.jsonl"));
    const t1 = await tampered(
      s1,
      join(dir, "t1"),
      "summary.json",
      (t) => t.replaceAll(/"memaudit": "[^"]*"/g, '"memaudit": "9.9.9"'),
    );
    await refused(dir, [s0, t1], edited("t1/summary.json"));
  });
});

Deno.test("merge refuses a shard of another version or another run, and a manifest edited by hand", async () => {
  await withDir(async (dir) => {
    const ladder = await smallLadder(dir);
    const [s0, s1] = await twoShards(dir, ["scale", "simulate", ladder, "--seed", "1"]);
    const sealed = async (name: string, edit: (m: ShardManifest) => void, reseal = true) => {
      const t = await tampered(s1, join(dir, name), "shard.json", (text) => {
        const m = JSON.parse(text);
        edit(m);
        if (reseal) m.run_sha256 = runDigestSha256(m.run);
        return JSON.stringify(m, null, 2) + "\n";
      });
      return t;
    };
    // Every shard claiming 9.9.9 (their run digests agree; this memaudit is another version).
    await refused(
      dir,
      [
        await sealed("v0", (m) => (m.run.memaudit = "9.9.9")),
        await sealed("v1", (m) => (m.run.memaudit = "9.9.9")),
      ],
      /v0\/shard\.json: run\.memaudit: expected a shard of memaudit \S+ \(the version merging\), found 9\.9\.9$/,
    );
    // The version edited without its run digest's SHA-256.
    await refused(
      dir,
      [s0, await sealed("v2", (m) => (m.run.memaudit = "9.9.9"), false)],
      /v2\/shard\.json: run\.memaudit: expected a shard of memaudit/,
    );
    await refused(
      dir,
      [s0, await sealed("h0", (m) => (m.run.flags.seed = 2), false)],
      /h0\/shard\.json: run_sha256: expected the SHA-256 of its run digest \([0-9a-f]{12}…\), found [0-9a-f]{12}… \(the manifest was edited\)$/,
    );
    // Another seed; another ladder (its files' SHA-256 differ).
    const [, other] = await twoShards(join(dir, "o"), ["scale", "simulate", ladder, "--seed", "2"]);
    await refused(
      dir,
      [s0, other],
      /o\/s1\/shard\.json: run\.flags\.seed: expected a shard of the same run as \S+s0 \(same command, flags and inputs\)$/,
    );
    const ladder2 = join(dir, "l2");
    assert.equal(
      (await memaudit([
        "scale",
        "ladder",
        `${ROOT}/${SMALL_LADDER_SOURCE}`,
        "--n-irr",
        "0,2",
        "--out",
        ladder2,
      ])).code,
      0,
    );
    const [, other2] = await twoShards(join(dir, "p"), [
      "scale",
      "simulate",
      ladder2,
      "--seed",
      "1",
    ]);
    await refused(
      dir,
      [s0, other2],
      /p\/s1\/shard\.json: run\.(flags\.scales|inputs)\S*: expected a shard of the same run as/,
    );
  });
});

Deno.test("merge refuses a shard.json whose fields are missing or wrong at their JSON path", async () => {
  await withDir(async (dir) => {
    const shard = async (name: string, manifest: unknown) => {
      await Deno.mkdir(join(dir, name));
      await Deno.writeTextFile(join(dir, name, "shard.json"), JSON.stringify(manifest));
      return join(dir, name);
    };
    await refused(
      dir,
      [
        await shard("n", {
          schema: "memaudit.shard/1",
          kind: "natural",
          shard: { index: 0, count: 1 },
        }),
      ],
      /n\/shard\.json: run: Invalid input: expected object, received undefined; /,
    );
    await refused(
      dir,
      [await shard("s", { schema: "memaudit.shard/0" })],
      /s\/shard\.json: schema: Invalid input: expected "memaudit\.shard\/1"/,
    );
    const [s0] = await twoShards(join(dir, "r"), RETENTION_3);
    const m = JSON.parse(await Deno.readTextFile(join(s0, "shard.json")));
    m.shard.index = 2;
    await Deno.writeTextFile(join(s0, "shard.json"), JSON.stringify(m));
    await refused(dir, [s0], /r\/s0\/shard\.json: shard: expected an index below the count$/);
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
