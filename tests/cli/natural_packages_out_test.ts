/** `memaudit natural --out DIR` also writes each scored LoCoMo package as DIR/packages/<id>.json. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { withTempDir } from "../_tmp.ts";
import { HAVE_LOCOMO, memaudit, SMALL_NATURAL } from "./_run.ts";

Deno.test({
  name: "memaudit natural (LoCoMo) --out DIR writes DIR/packages/<id>.json, one per scored package",
  ignore: !HAVE_LOCOMO,
  fn: async () => {
    await withTempDir(async (dir) => {
      const r = await memaudit([...SMALL_NATURAL, "--out", dir]);
      assert.equal(r.code, 0, r.stderr);
      const summary = JSON.parse(await Deno.readTextFile(join(dir, "natural_summary.json")));
      const files: string[] = [];
      for await (const e of Deno.readDir(join(dir, "packages"))) files.push(e.name);
      assert.equal(files.length, summary.grid.packages);
      assert.ok(files.includes("conv-26_q0.json"), files.slice(0, 3).join());
      const v = await memaudit(["validate", join(dir, "packages", "conv-26_q0.json")]);
      assert.equal(v.code, 0, v.stderr);
    });
  },
});
