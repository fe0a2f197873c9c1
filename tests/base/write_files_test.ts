/** lib/base/write_files.ts: writing a set of files all or none; what else is in an output folder. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { otherEntryIn, writeFileSet } from "../../lib/base/write_files.ts";
import { withTempDir } from "../_tmp.ts";

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

Deno.test("writeFileSet() makes the folders and writes every file", async () => {
  await withTempDir(async (dir) => {
    await writeFileSet([[join(dir, "a.txt"), "A"], [join(dir, "sub", "deep", "b.txt"), "B"]]);
    assert.equal(await Deno.readTextFile(join(dir, "a.txt")), "A");
    assert.equal(await Deno.readTextFile(join(dir, "sub", "deep", "b.txt")), "B");
  });
});

Deno.test("writeFileSet() refuses a folder in the way of the last file before writing any, making no folder", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "in_the_way"));
    const target = join(dir, "in_the_way");
    await assert.rejects(
      writeFileSet([[join(dir, "new", "first.txt"), "1"], [target, "2"]]),
      (e: unknown) =>
        e instanceof InputError && e.file === target &&
        e.message === `Cannot write ${target}: expected a file, found a folder`,
    );
    assert.equal(await exists(join(dir, "new")), false);
  });
});

Deno.test("writeFileSet() refuses a file where a folder must go, naming that folder", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "f"), "x");
    await assert.rejects(
      writeFileSet([[join(dir, "ok.txt"), "1"], [join(dir, "f", "b.txt"), "2"]]),
      (e: unknown) => e instanceof InputError && e.file === join(dir, "f"),
    );
    assert.equal(await exists(join(dir, "ok.txt")), false);
  });
});

Deno.test("otherEntryIn(): the first path under the folder the run does not write", async () => {
  await withTempDir(async (dir) => {
    const keep = new Set(["a.csv", "permem/u1/session_0001.json"]);
    assert.equal(await otherEntryIn(join(dir, "missing"), keep), undefined);
    await Deno.mkdir(join(dir, "permem", "u1"), { recursive: true });
    await Deno.writeTextFile(join(dir, "a.csv"), "x");
    await Deno.writeTextFile(join(dir, "permem", "u1", "session_0001.json"), "{}");
    assert.equal(await otherEntryIn(dir, keep), undefined);
    await Deno.mkdir(join(dir, "permem", "u2"));
    assert.equal(await otherEntryIn(dir, keep), "permem/u2");
    await Deno.writeTextFile(join(dir, "permem", "u1", "session_0002.json"), "{}");
    assert.equal(await otherEntryIn(dir, keep), "permem/u1/session_0002.json");
  });
});
