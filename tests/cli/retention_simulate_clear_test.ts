/**
 * `memaudit retention simulate --out DIR` into a folder holding an earlier simulated run: the
 * user's files placed there are never deleted (issue 29 item 6). The library cases (links,
 * crafted manifests, changed contents) are in tests/base/run_dir_test.ts.
 */
import assert from "node:assert/strict";
import { assertOneLine, memaudit } from "./_run.ts";
import { withTempDir } from "../_tmp.ts";

const simulate = (out: string) => memaudit(["retention", "simulate", "--users", "1", "--out", out]);

Deno.test("memaudit retention simulate refuses (exit 2, one line) to clear a run holding user folders and files, deleting nothing", async () => {
  await withTempDir(async (dir) => {
    const cases: [string, (d: string) => Promise<string>, RegExp][] = [
      // A folder of the user's where the run wrote a CSV file.
      ["a folder facts.csv/", async (d) => {
        await Deno.remove(`${d}/facts.csv`);
        await Deno.mkdir(`${d}/facts.csv`);
        await Deno.writeTextFile(`${d}/facts.csv/mine.txt`, "precious");
        return `${d}/facts.csv/mine.txt`;
      }, /found facts\.csv, a folder where the run wrote a file/],
      // A folder named like a shard's manifest (an unsharded run writes none).
      ["a folder shard.json/", async (d) => {
        await Deno.mkdir(`${d}/shard.json`);
        await Deno.writeTextFile(`${d}/shard.json/mine.json`, "precious");
        return `${d}/shard.json/mine.json`;
      }, /found shard\.json\/, a folder the run did not write/],
      // A .json file of the user's under snapshots/.
      ["a user .json under snapshots/", async (d) => {
        await Deno.mkdir(`${d}/snapshots/mine`);
        await Deno.writeTextFile(`${d}/snapshots/mine/notes.json`, "precious");
        return `${d}/snapshots/mine/notes.json`;
      }, /found snapshots\/mine\/, a folder the run did not write/],
    ];
    for (const [i, [what, make, named]] of cases.entries()) {
      const d = `${dir}/${i}`;
      const first = await simulate(d);
      assert.equal(first.code, 0, first.stderr);
      const precious = await make(d);
      const r = await simulate(d);
      assertOneLine(r, named);
      assert.equal(await Deno.readTextFile(precious), "precious", what);
      // Nothing of the earlier run was deleted either.
      await Deno.stat(`${d}/SIMULATED.txt`);
      await Deno.stat(`${d}/presence.csv`);
    }
  });
});

Deno.test("memaudit retention simulate replaces its own earlier run (another seed) and leaves no user of it", async () => {
  await withTempDir(async (dir) => {
    const d = `${dir}/run`;
    assert.equal((await memaudit(["retention", "simulate", "--users", "2", "--out", d])).code, 0);
    const before = [...Deno.readDirSync(`${d}/permem`)].map((e) => e.name).sort();
    const r = await simulate(d);
    assert.equal(r.code, 0, r.stderr);
    const after = [...Deno.readDirSync(`${d}/permem`)].map((e) => e.name).sort();
    assert.equal(before.length, 2);
    assert.equal(after.length, 1);
  });
});
