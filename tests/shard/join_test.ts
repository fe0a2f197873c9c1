/**
 * lib/shard/ on a toy kind of run: ShardWriter writes a shard's files and
 * manifest, mergeShardFolders joins them (interleaved by unit, copied, or
 * checked only) and refuses shards that would fool it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { mergeShardFolders, type ShardKind } from "../../lib/shard/join.ts";
import { chunksByLines, type ShardManifest, ShardWriter } from "../../lib/shard/manifest.ts";
import { shardItems } from "../../lib/shard/partition.ts";
import {
  firstDifference,
  MEMAUDIT_VERSION,
  runDigest,
  runDigestSha256,
} from "../../lib/shard/digest.ts";
import { withTempDir } from "../_tmp.ts";

const UNITS = ["u0", "u1", "u2", "u3", "u4"];

/** The toy run's file of two groups (a, b) of one line per unit, after a header. */
const wholeFile = (units: readonly string[]) =>
  "head\n" + ["a", "b"].flatMap((g) => units.map((u) => `${g} ${u}\n`)).join("");

/** Writes shard i of n of the toy run (flag x) into dir/s<i>. */
async function toyShard(dir: string, i: number, n: number, x = 1): Promise<string> {
  const out = join(dir, `s${i}`);
  const mine = shardItems(UNITS, { index: i, count: n });
  const w = new ShardWriter(out, {
    kind: "toy",
    shard: { index: i, count: n },
    run: runDigest("memaudit toy", { x }, [{ name: "in.txt", sha256: "0".repeat(64) }]),
    units: UNITS.length,
    unitIds: mine,
  });
  w.write("rows.txt", { ...chunksByLines(wholeFile(mine), 1, 1), groups: 2 });
  for (const u of mine) w.write(`per/${u}.txt`, `${u}\n`);
  w.write("note.txt", "same in every shard\n");
  w.write("summary.txt", `shard ${i}\n`, "none");
  await w.close();
  return out;
}

const TOY: ShardKind = {
  kind: "toy",
  finish: (run) =>
    Promise.resolve({
      files: [["summary.txt", `units ${run.unitIds.join(",")}\n`]],
      rows: run.unitIds.length,
      report: { rows: "rows.txt" },
    }),
};
const kindOf = (k: string) => Promise.resolve(k === "toy" ? TOY : undefined);

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e) => e);
  assert.ok(err instanceof InputError, `expected an InputError, got ${err}`);
  assert.ok(!err.message.includes("\n"), err.message);
  return err.message;
}

Deno.test("chunksByLines() cuts a head of k lines and chunks of m lines", () => {
  assert.deepEqual(chunksByLines("h\n1\n2\n3\n4\n5\n", 1, 2), {
    head: "h\n",
    chunks: ["1\n2\n", "3\n4\n", "5\n"],
  });
  assert.deepEqual(chunksByLines("", 0, 3), { head: "", chunks: [] });
});

Deno.test("firstDifference() names the first JSON path where two values differ", () => {
  assert.equal(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }), "");
  assert.equal(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }), "b[1]");
  assert.equal(firstDifference({ flags: { x: 1 } }, { flags: { x: 1, y: 2 } }), "flags.y");
});

Deno.test("ShardWriter records each file's SHA-256, bytes and chunks; the run digest its own SHA-256", async () => {
  await withTempDir(async (dir) => {
    const s1 = await toyShard(dir, 1, 2);
    const m = JSON.parse(await Deno.readTextFile(join(s1, "shard.json")));
    assert.equal(m.schema, "memaudit.shard/1");
    assert.deepEqual(m.unit_ids, ["u1", "u3"]);
    assert.equal(m.run.memaudit, MEMAUDIT_VERSION);
    assert.equal(m.run_sha256, runDigestSha256(m.run));
    // "head\n", then "a u1\n", "a u3\n", "b u1\n", "b u3\n": 5 bytes each.
    assert.deepEqual(
      [m.files["rows.txt"].head, m.files["rows.txt"].groups, m.files["rows.txt"].chunks],
      [5, 2, [5, 5, 5, 5]],
    );
    const bytes = await Deno.readFile(join(s1, "per/u3.txt"));
    const sha = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
    assert.equal(m.files["per/u3.txt"].sha256, sha);
    assert.equal(m.files["summary.txt"].merge, "none");
  });
});

Deno.test("mergeShardFolders() interleaves by unit and group, copies per-unit files, lets the kind add its own", async () => {
  await withTempDir(async (dir) => {
    const shards = [
      await toyShard(dir, 2, 3),
      await toyShard(dir, 0, 3),
      await toyShard(dir, 1, 3),
    ];
    const out = join(dir, "m");
    const r = await mergeShardFolders(shards, out, kindOf);
    assert.deepEqual(r, {
      kind: "toy",
      shards: 3,
      units: 5,
      rows: 5,
      files: { rows: join(out, "rows.txt") },
      warnings: [],
    });
    assert.equal(await Deno.readTextFile(join(out, "rows.txt")), wholeFile(UNITS));
    assert.equal(await Deno.readTextFile(join(out, "per/u4.txt")), "u4\n");
    assert.equal(await Deno.readTextFile(join(out, "summary.txt")), "units u0,u1,u2,u3,u4\n");
    const names: string[] = [];
    for await (const e of Deno.readDir(out)) names.push(e.name);
    assert.deepEqual(names.sort(), ["note.txt", "per", "rows.txt", "summary.txt"]);
  });
});

Deno.test("mergeShardFolders() warns of each file a shard folder holds but its manifest does not list", async () => {
  await withTempDir(async (dir) => {
    const shards = [await toyShard(dir, 0, 2), await toyShard(dir, 1, 2)];
    await Deno.writeTextFile(join(shards[1], "extra.csv"), "rows a user added\n");
    await Deno.writeTextFile(join(shards[0], "per", "u9.txt"), "u9\n");
    const out = join(dir, "m");
    const r = await mergeShardFolders(shards, out, kindOf);
    assert.deepEqual(r.warnings, [
      `${join(shards[0], "per/u9.txt")} is not listed in its folder's shard.json: left out of ` +
      "the merge (a file the shard did not write)",
      `${join(shards[1], "extra.csv")} is not listed in its folder's shard.json: left out of ` +
      "the merge (a file the shard did not write)",
    ]);
    assert.equal(await Deno.readTextFile(join(out, "rows.txt")), wholeFile(UNITS));
    assert.equal(await Deno.stat(join(out, "extra.csv")).catch(() => null), null);
  });
});

Deno.test("mergeShardFolders() warns on one line of a name with a newline, and of a subfolder it cannot read", async () => {
  await withTempDir(async (dir) => {
    const shards = [await toyShard(dir, 0, 2), await toyShard(dir, 1, 2)];
    await Deno.writeTextFile(join(shards[0], "two\nlines.txt"), "x\n");
    await Deno.mkdir(join(shards[1], "locked"));
    await Deno.writeTextFile(join(shards[1], "locked", "inside.txt"), "x\n");
    // As root every folder is readable: a readDir that refuses the folder stands in for chmod 000.
    const readDir = Deno.readDir;
    Deno.readDir = (path: string | URL) => {
      if (String(path).endsWith("locked")) {
        throw new Deno.errors.PermissionDenied(
          `Permission denied (os error 13): readdir '${path}'`,
        );
      }
      return readDir(path);
    };
    let r;
    try {
      r = await mergeShardFolders(shards, join(dir, "m"), kindOf);
    } finally {
      Deno.readDir = readDir;
    }
    assert.deepEqual(r.warnings, [
      `${join(shards[0], "two\\nlines.txt")} is not listed in its folder's shard.json: left out ` +
      "of the merge (a file the shard did not write)",
      `${join(shards[1], "locked")}/ could not be read (Permission denied (os error 13): readdir ` +
      `'${join(shards[1], "locked")}'): left out of the merge, its files not checked`,
    ]);
    assert.equal(await Deno.readTextFile(join(dir, "m", "rows.txt")), wholeFile(UNITS));
  });
});

Deno.test("mergeShardFolders() refuses another run, another version, an edited file or manifest, a unit twice", async () => {
  await withTempDir(async (dir) => {
    const [s0, s1] = [await toyShard(dir, 0, 2), await toyShard(dir, 1, 2)];
    const out = join(dir, "m");
    const manifest = join(s1, "shard.json");
    const original = await Deno.readTextFile(manifest);
    const editManifest = async (f: (m: ShardManifest) => void, reseal = true) => {
      const m = JSON.parse(original);
      f(m);
      if (reseal) m.run_sha256 = runDigestSha256(m.run);
      await Deno.writeTextFile(manifest, JSON.stringify(m));
      const msg = await refusal(mergeShardFolders([s0, s1], out, kindOf));
      await Deno.writeTextFile(manifest, original);
      return msg;
    };
    const other = join(dir, "other");
    await Deno.rename(await toyShard(join(dir, "o"), 1, 2, 2), other);
    assert.match(
      await refusal(mergeShardFolders([s0, other], out, kindOf)),
      /other\/shard\.json: run\.flags\.x: expected a shard of the same run as .*s0 \(same command, flags and inputs\)$/,
    );
    assert.match(
      await editManifest((m) => (m.run.memaudit = "9.9.9")),
      /s1\/shard\.json: run\.memaudit: expected a shard of memaudit \S+ \(the version merging\), found 9\.9\.9$/,
    );
    assert.match(
      await editManifest((m) => (m.run.inputs[0].sha256 = "1".repeat(64)), false),
      /s1\/shard\.json: run_sha256: expected the SHA-256 of its run digest .*\(the manifest was edited\)$/,
    );
    assert.match(
      await editManifest((m) => (m.unit_ids = ["u0", "u3"])),
      /Cannot merge .*s0, .*s1: expected each unit once: u0 is in two shards$/,
    );
    assert.match(
      await editManifest((m) => (m.files["../escape.txt"] = m.files["note.txt"])),
      /s1\/shard\.json: files\.\.\.\/escape\.txt: expected a path inside the shard folder/,
    );
    assert.match(
      await editManifest((m) => (m.kind = "sweep")),
      /s1\/shard\.json: kind: expected a toy shard like .*s0, found a sweep shard$/,
    );
    await Deno.writeTextFile(join(s1, "per/u3.txt"), "u3 \n");
    assert.match(
      await refusal(mergeShardFolders([s0, s1], out, kindOf)),
      /s1\/per\/u3\.txt: \(root\): expected the bytes recorded in .*s1\/shard\.json \(sha256 [0-9a-f]{12}…\), found sha256 [0-9a-f]{12}…: edited after the shard was written$/,
    );
    await Deno.remove(join(s1, "per/u3.txt"));
    assert.match(
      await refusal(mergeShardFolders([s0, s1], out, kindOf)),
      /s1\/per\/u3\.txt: \(root\): expected the file listed in shard\.json$/,
    );
    await Deno.remove(join(s0, "shard.json"));
    assert.match(
      await refusal(mergeShardFolders([s0, s1], out, kindOf)),
      /s0\/shard\.json: \(root\): expected the manifest of a finished shard/,
    );
    assert.equal(await Deno.stat(out).catch(() => null), null, "nothing written");
  });
});
