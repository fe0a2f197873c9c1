/** lib/solve/batch.ts: listing and reading the packages of `memaudit solve PACKAGE... | DIR`. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { listBatch } from "../../lib/solve/batch.ts";
import { InputError } from "../../lib/base/errors.ts";
import { withTempDir } from "../_tmp.ts";
import { TWO_UNITS } from "../cli/_two_units.ts";

Deno.test("listBatch() names a link that loops in a folder in its warning and lists the packages", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify(TWO_UNITS));
    await Deno.symlink("loop.json", join(dir, "loop.json"));
    const got = await listBatch([dir]);
    assert.deepEqual(got.files, [join(dir, "a.json")]);
    assert.deepEqual(got.warnings, [
      `${dir}: not read (not a *.json file nor a CSV package folder): loop.json (a link that loops)`,
    ]);
  });
});

Deno.test("listBatch() refuses a listed link that loops with an InputError naming it", async () => {
  await withTempDir(async (dir) => {
    const loop = join(dir, "loop.json");
    await Deno.symlink("loop.json", loop);
    await assert.rejects(
      () => listBatch([loop]),
      (e: unknown) =>
        e instanceof InputError && e.file === loop &&
        e.message === `Cannot read ${loop}: (root): expected an existing package file or ` +
            "folder, found a link that loops",
    );
  });
});
