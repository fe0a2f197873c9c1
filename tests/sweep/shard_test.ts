/** removeSweepManifest() removes a sweep shard's manifest only, never a user's shard.json (issue 29 item 6). */
import assert from "node:assert/strict";
import { SHARD_SCHEMA } from "../../lib/shard/manifest.ts";
import { removeSweepManifest } from "../../lib/sweep/shard.ts";
import { withTempDir } from "../_tmp.ts";

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
          "or nothing (it is not one: remove it or write the shard into another folder)",
      }, what);
      const info = await Deno.lstat(`${dir}/shard.json`);
      assert.ok(info.isFile || info.isDirectory || info.isSymlink, what);
      await Deno.remove(`${dir}/shard.json`, { recursive: true });
    }
    assert.equal(await Deno.readTextFile(`${dir}/mine.txt`), "precious");
    assert.ok((await Deno.lstat(`${dir}/m.json`)).isFile);
  });
});
