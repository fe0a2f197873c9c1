/** lib/shard/digest.ts: the inputs of a run digest. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { inputDigests } from "../../lib/shard/digest.ts";
import { sha256Hex } from "../../lib/base/hash.ts";
import { withTempDir } from "../_tmp.ts";

Deno.test("inputDigests() hashes a file linked into a folder, any other link by its target, not walking it (no loop)", async () => {
  await withTempDir(async (dir) => {
    const pk = join(dir, "pk");
    await Deno.mkdir(pk);
    await Deno.writeTextFile(join(pk, "a.csv"), "x\n");
    await Deno.writeTextFile(join(dir, "outside.csv"), "y\n");
    await Deno.symlink(join(dir, "outside.csv"), join(pk, "b.csv"));
    await Deno.symlink(".", join(pk, "self"));
    await Deno.symlink("nowhere", join(pk, "dangling"));
    await Deno.symlink("loop", join(pk, "loop"));
    assert.deepEqual(await inputDigests([pk]), [
      { name: "pk/a.csv", sha256: sha256Hex("x\n") },
      { name: "pk/b.csv", sha256: sha256Hex("y\n") },
      { name: "pk/dangling", sha256: sha256Hex("link: nowhere") },
      { name: "pk/loop", sha256: sha256Hex("link: loop") },
      { name: "pk/self", sha256: sha256Hex("link: .") },
    ]);
  });
});
