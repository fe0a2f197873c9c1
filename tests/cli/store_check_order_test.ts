/** `memaudit store` names a problem with the user's store file before missing LoCoMo data. */
import { assertOneLine, memaudit } from "./_run.ts";

Deno.test("memaudit store: a missing store file is named even when the LoCoMo data is missing too", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-store-order-" });
  try {
    const r = await memaudit([
      "store",
      "--locomo",
      "conv-26",
      "--store",
      `${dir}/missing.json`,
      "--locomo-data",
      `${dir}/no_locomo.json`,
    ]);
    assertOneLine(r, /missing\.json: \(root\): expected an existing file$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
