import assert from "node:assert/strict";
import { SHARED_DATA_DIR, sharedDataPath } from "../../lib/natural/shared_data.ts";

Deno.test("sharedDataPath() returns an existing path, null for a missing one, and refuses '..'", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-shared-" });
  try {
    await Deno.mkdir(`${dir}/letta-af`);
    await Deno.writeTextFile(`${dir}/letta-af/a.af`, "{}");
    assert.equal(sharedDataPath("letta-af/a.af", dir), `${dir}/letta-af/a.af`);
    assert.equal(sharedDataPath("letta-af", dir + "/"), `${dir}/letta-af`);
    assert.equal(sharedDataPath("letta-af/b.af", dir), null);
    assert.equal(sharedDataPath("x", `${dir}/absent`), null);
    assert.throws(() => sharedDataPath("../secret", dir), /Cannot resolve shared data path/);
    assert.throws(() => sharedDataPath("/etc/passwd", dir), /expected a relative path/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  assert.match(SHARED_DATA_DIR, /[\\/]shared[\\/]data[\\/]$/);
});
