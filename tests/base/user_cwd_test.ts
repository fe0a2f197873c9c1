/** lib/base/user_cwd.ts: the user's folder from MEMAUDIT_CWD. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { enterUserCwd, userCwd } from "../../lib/base/user_cwd.ts";
import { withTempDir } from "../_tmp.ts";

/** Runs `fn` with MEMAUDIT_CWD set to `value` (unset for undefined), restoring it and the cwd. */
async function withEnv(value: string | undefined, fn: () => Promise<void> | void) {
  const before = Deno.env.get("MEMAUDIT_CWD"), cwd = Deno.cwd();
  if (value === undefined) Deno.env.delete("MEMAUDIT_CWD");
  else Deno.env.set("MEMAUDIT_CWD", value);
  try {
    await fn();
  } finally {
    if (before === undefined) Deno.env.delete("MEMAUDIT_CWD");
    else Deno.env.set("MEMAUDIT_CWD", before);
    Deno.chdir(cwd);
  }
}

Deno.test("userCwd() is MEMAUDIT_CWD when set, null when unset or empty", async () => {
  await withEnv("/some/where", () => assert.equal(userCwd(), "/some/where"));
  await withEnv(undefined, () => assert.equal(userCwd(), null));
  await withEnv("", () => assert.equal(userCwd(), null));
});

Deno.test("enterUserCwd() moves to MEMAUDIT_CWD, stays put without it, throws NotFound for a missing folder", async () => {
  await withTempDir(async (dir) => {
    const real = Deno.realPathSync(dir);
    await withEnv(real, () => {
      assert.equal(enterUserCwd(), real);
      assert.equal(Deno.cwd(), real);
    });
    const cwd = Deno.cwd();
    await withEnv(undefined, () => {
      assert.equal(enterUserCwd(), null);
      assert.equal(Deno.cwd(), cwd);
    });
    await withEnv(join(real, "missing"), () => {
      assert.throws(() => enterUserCwd(), Deno.errors.NotFound);
    });
  });
});
