/**
 * `memaudit merge` on awkward but valid folders: an --out that already holds files of another
 * run is refused with one line, nothing written; the same merge again into its own output is fine.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertOneLine, memaudit } from "./_run.ts";
import { withTempDir } from "../_tmp.ts";

Deno.test("memaudit merge: an --out holding another run's user folder is refused, nothing written", async () => {
  await withTempDir(async (dir) => {
    const sim = (out: string, ...extra: string[]) =>
      memaudit(["retention", "simulate", "--out", join(dir, out), "--seed", "1", ...extra]);
    for (const i of [0, 1]) {
      const r = await sim(`s${i}`, "--users", "2", "--shard", `${i}/2`);
      assert.equal(r.code, 0, r.stderr);
    }
    const old = await sim("out", "--users", "3");
    assert.equal(old.code, 0, old.stderr);
    const before = await Deno.readTextFile(join(dir, "out", "facts.csv"));
    const r = await memaudit([
      "merge",
      join(dir, "s0"),
      join(dir, "s1"),
      "--out",
      join(dir, "out"),
    ]);
    assertOneLine(
      r,
      /^memaudit merge: Cannot write .*out: expected an empty folder or one holding only the merged files, found permem\/sim-003 /,
    );
    assert.equal(await Deno.readTextFile(join(dir, "out", "facts.csv")), before);
    // Into a new folder, then again into it: the second merge finds only its own files.
    for (const _ of [1, 2]) {
      const m = await memaudit([
        "merge",
        join(dir, "s1"),
        join(dir, "s0"),
        "--out",
        join(dir, "m"),
      ]);
      assert.equal(m.code, 0, m.stderr);
    }
    const users = [];
    for await (const e of Deno.readDir(join(dir, "m", "permem"))) users.push(e.name);
    assert.deepEqual(users.sort(), ["sim-001", "sim-002"]);
  });
});
