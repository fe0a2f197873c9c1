/**
 * clearEarlierRun() removes only the files an earlier run's manifest lists, each still as the
 * run wrote it; every other case is a refusal that removes nothing (issue 29 item 6).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { InputError } from "../../lib/base/errors.ts";
import {
  clearEarlierRun,
  RUN_MANIFEST,
  RUN_SCHEMA,
  runManifestText,
  RunRecorder,
} from "../../lib/base/run_dir.ts";
import { withTempDir } from "../_tmp.ts";

const KIND = "test-run";

/** The run every case starts from: two files in a folder and one at the top. */
const RUN: [string, string][] = [
  ["SIMULATED.txt", "Everything in this folder is SIMULATED\n"],
  ["permem/u1/session_0001.json", '{"a":1}\n'],
  ["snapshots/p-B10/u1/session_0001.json", '{"b":2}\n'],
];

/** Writes the run into `dir` with its manifest. */
async function writeRun(dir: string): Promise<void> {
  const rec = new RunRecorder(KIND);
  for (const [rel, text] of RUN) {
    await Deno.mkdir(`${dir}/${rel}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${rel}`, text);
    rec.record(rel, text);
  }
  await rec.writeManifest(dir);
}

/** Everything under `dir` (links not followed): path → "dir", "link -> target" or the file's text. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(rel === "" ? dir : `${dir}/${rel}`)) {
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isSymlink) out.set(r, `link -> ${await Deno.readLink(`${dir}/${r}`)}`);
      else if (e.isDirectory) {
        out.set(r, "dir");
        await walk(r);
      } else out.set(r, await Deno.readTextFile(`${dir}/${r}`));
    }
  };
  await walk("");
  return new Map([...out].sort());
}

Deno.test("clearEarlierRun() leaves a missing or empty folder and removes exactly a recorded run", async () => {
  await withTempDir(async (dir) => {
    await clearEarlierRun(`${dir}/missing`, { kind: KIND });
    await assert.rejects(() => Deno.lstat(`${dir}/missing`), Deno.errors.NotFound);
    await Deno.mkdir(`${dir}/empty`);
    await clearEarlierRun(`${dir}/empty`, { kind: KIND });
    assert.deepEqual([...(await tree(`${dir}/empty`))], []);
    await writeRun(`${dir}/run`);
    const m = JSON.parse(await Deno.readTextFile(`${dir}/run/${RUN_MANIFEST}`));
    assert.deepEqual([m.schema, m.kind, Object.keys(m.files)], [
      RUN_SCHEMA,
      KIND,
      RUN.map(([r]) => r).sort(),
    ]);
    assert.deepEqual(m.files["permem/u1/session_0001.json"], {
      sha256: createHash("sha256").update('{"a":1}\n').digest("hex"),
      bytes: 8,
    });
    assert.equal(
      await Deno.readTextFile(`${dir}/run/${RUN_MANIFEST}`),
      runManifestText(KIND, RUN),
    );
    await clearEarlierRun(`${dir}/run`, { kind: KIND });
    assert.deepEqual([...(await tree(`${dir}/run`))], []);
  });
});

Deno.test("clearEarlierRun() removes a run whose listed file is already gone", async () => {
  await withTempDir(async (dir) => {
    await writeRun(dir);
    await Deno.remove(`${dir}/SIMULATED.txt`);
    await clearEarlierRun(dir, { kind: KIND });
    assert.deepEqual([...(await tree(dir))], []);
  });
});

/** A case: what is done to a recorded run (or to an empty folder), and the refusal's "found". */
type Case = [string, (d: string, outside: string) => Promise<void>, RegExp, boolean?];

const CASES: Case[] = [
  // Look-alike folders: a run's names with no manifest, or the user's folders among them.
  ["look-alike: a run's names, no manifest", async (d) => {
    await Deno.remove(`${d}/${RUN_MANIFEST}`);
  }, /found SIMULATED\.txt and no memaudit-run\.json listing it/],
  ["look-alike: a folder where a listed file was", async (d) => {
    await Deno.remove(`${d}/SIMULATED.txt`);
    await Deno.mkdir(`${d}/SIMULATED.txt`);
    await Deno.writeTextFile(`${d}/SIMULATED.txt/mine.txt`, "precious");
  }, /found SIMULATED\.txt, a folder where the run wrote a file/],
  ["look-alike: a top folder the run did not write", async (d) => {
    await Deno.mkdir(`${d}/shard.json`);
    await Deno.writeTextFile(`${d}/shard.json/mine.json`, "precious");
  }, /found shard\.json\/, a folder the run did not write/],
  // User files inside the run's folders.
  ["user file: a .json beside the run's in its user folder", async (d) => {
    await Deno.writeTextFile(`${d}/snapshots/p-B10/u1/notes.json`, "precious");
  }, /found snapshots\/p-B10\/u1\/notes\.json, a file the run did not write/],
  ["user file: a folder of .json under snapshots/", async (d) => {
    await Deno.mkdir(`${d}/snapshots/mine`);
    await Deno.writeTextFile(`${d}/snapshots/mine/a.json`, "precious");
  }, /found snapshots\/mine\/, a folder the run did not write/],
  ["user file: a listed file the user edited (same size)", async (d) => {
    await Deno.writeTextFile(`${d}/permem/u1/session_0001.json`, '{"a":9}\n');
  }, /found permem\/u1\/session_0001\.json, changed since the run wrote it/],
  ["user file: a top file with a control character in its name", async (d) => {
    await Deno.writeTextFile(`${d}/a\nb.txt`, "precious");
  }, /found "a\\nb\.txt", a file the run did not write/],
  // Links: never followed, never removed.
  ["link: a listed file replaced by a link to the user's file", async (d, outside) => {
    await Deno.remove(`${d}/permem/u1/session_0001.json`);
    await Deno.symlink(`${outside}/mine.txt`, `${d}/permem/u1/session_0001.json`);
  }, /found permem\/u1\/session_0001\.json, a symbolic link/],
  ["link: a listed folder replaced by a link to the user's folder", async (d, outside) => {
    await Deno.remove(`${d}/permem`, { recursive: true });
    await Deno.symlink(outside, `${d}/permem`);
  }, /found permem, a symbolic link/],
  ["link: a dangling link", async (d) => {
    await Deno.symlink(`${d}/nowhere`, `${d}/zz`);
  }, /found zz, a symbolic link/],
  ["link: the manifest itself a link to a copy", async (d, outside) => {
    await Deno.copyFile(`${d}/${RUN_MANIFEST}`, `${outside}/m.json`);
    await Deno.remove(`${d}/${RUN_MANIFEST}`);
    await Deno.symlink(`${outside}/m.json`, `${d}/${RUN_MANIFEST}`);
  }, /found memaudit-run\.json, a folder or link where a manifest was/],
  // Crafted markers and manifests.
  ["crafted: the manifest not JSON", async (d) => {
    await Deno.writeTextFile(`${d}/${RUN_MANIFEST}`, "{");
  }, /found memaudit-run\.json that is not a manifest memaudit wrote \(not JSON\)/],
  ["crafted: another schema", async (d) => {
    await edit(d, (m) => (m.schema = "memaudit.run/0"));
  }, /\(schema is not memaudit\.run\/1\)/],
  ["crafted: another command's manifest", async (d) => {
    await edit(d, (m) => (m.kind = "sweep"));
  }, /\(kind is not test-run\)/],
  ["crafted: a path outside the folder", async (d) => {
    await edit(d, (m) => (m.files["../mine.txt"] = m.files["SIMULATED.txt"]));
  }, /\(it lists \.\.\/mine\.txt\)/],
  ["crafted: an absolute path", async (d) => {
    await edit(d, (m) => (m.files["/etc/passwd"] = m.files["SIMULATED.txt"]));
  }, /\(it lists \/etc\/passwd\)/],
  ["crafted: the user's file listed with a made-up SHA-256", async (d) => {
    await Deno.writeTextFile(`${d}/mine.txt`, "precious");
    await edit(d, (m) => (m.files["mine.txt"] = { sha256: "0".repeat(64), bytes: 8 }));
  }, /found mine\.txt, changed since the run wrote it/],
  ["crafted: a record without its SHA-256", async (d) => {
    await edit(d, (m) => (m.files["SIMULATED.txt"] = { bytes: 3 }));
  }, /its record of SIMULATED\.txt has no sha256 and bytes/],
  [
    "crafted: a marker with the right words and no manifest",
    async (d) => {
      await Deno.writeTextFile(`${d}/SIMULATED.txt`, RUN[0][1]);
      await Deno.writeTextFile(`${d}/facts.csv`, "mine");
    },
    /found SIMULATED\.txt and no memaudit-run\.json listing it/,
    true,
  ],
];

// deno-lint-ignore no-explicit-any
async function edit(d: string, change: (m: any) => void): Promise<void> {
  const m = JSON.parse(await Deno.readTextFile(`${d}/${RUN_MANIFEST}`));
  change(m);
  await Deno.writeTextFile(`${d}/${RUN_MANIFEST}`, JSON.stringify(m));
}

Deno.test("clearEarlierRun() refuses look-alike folders, user files, links and crafted manifests, removing nothing", async () => {
  await withTempDir(async (dir) => {
    const outside = `${dir}/outside`;
    await Deno.mkdir(outside);
    await Deno.writeTextFile(`${outside}/mine.txt`, "precious");
    for (const [i, [what, make, found, fromEmpty]] of CASES.entries()) {
      const d = `${dir}/${i}`;
      await Deno.mkdir(d);
      if (!fromEmpty) await writeRun(d);
      await make(d, outside);
      const before = await tree(d);
      const err = await clearEarlierRun(d, { kind: KIND }).then(() => null, (e) => e);
      assert.ok(err instanceof InputError, `${what}: ${err}`);
      assert.match(err.message, found, what);
      assert.match(err.message, new RegExp(`^Cannot write ${d}: expected a new or empty folder`));
      assert.equal(err.message.split("\n").length, 1, what);
      assert.deepEqual(await tree(d), before, what);
      assert.equal(await Deno.readTextFile(`${outside}/mine.txt`), "precious", what);
    }
    assert.equal(CASES.length, 19);
  });
});

Deno.test("clearEarlierRun() refuses a file, or a link, given as the folder", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/f`, "precious");
    await assert.rejects(() => clearEarlierRun(`${dir}/f`, { kind: KIND }), /found a file/);
    await writeRun(`${dir}/run`);
    await Deno.symlink(`${dir}/run`, `${dir}/l`);
    await assert.rejects(
      () => clearEarlierRun(`${dir}/l`, { kind: KIND }),
      /found a symbolic link/,
    );
    assert.equal((await tree(`${dir}/run`)).size, 9);
    assert.equal(await Deno.readTextFile(`${dir}/f`), "precious");
  });
});

Deno.test("clearEarlierRun() takes the first manifest present of those given (a shard's)", async () => {
  await withTempDir(async (dir) => {
    await writeRun(dir);
    await Deno.rename(`${dir}/${RUN_MANIFEST}`, `${dir}/shard.json`);
    const manifests = [{ name: RUN_MANIFEST, schema: RUN_SCHEMA }, {
      name: "shard.json",
      schema: RUN_SCHEMA,
    }];
    await clearEarlierRun(dir, { kind: KIND, manifests });
    assert.deepEqual([...(await tree(dir))], []);
  });
});
