/** `memaudit store` names a problem with the user's store file before missing LoCoMo data. */
import assert from "node:assert/strict";

Deno.test("memaudit store: a missing store file is named even when the LoCoMo data is missing too", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-store-order-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "scripts/memaudit.ts",
        "store",
        "--locomo",
        "conv-26",
        "--store",
        `${dir}/missing.json`,
        "--locomo-data",
        `${dir}/no_locomo.json`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 2, stderr);
    assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
    assert.match(stderr, /missing\.json: \(root\): expected an existing file/);
    assert.doesNotMatch(stderr, /no_locomo/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
