import assert from "node:assert/strict";
import { join } from "node:path";
import { Table } from "../../lib/report/table.ts";

/**
 * Runs `fn` with a fresh temporary output root, given to `save` (not through $MEMAUDIT_OUT:
 * test files run side by side in one process, and tests/report/out_test.ts sets it).
 */
async function withOut(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("Table.save() writes the CSV and keeps the caption beside it", async () => {
  await withOut(async (dir) => {
    const t = new Table(
      "sim_demo",
      [{ B: 2, pass: 0.5 }, { B: 4, pass: null }],
      undefined,
      "SIMULATED agents",
    );
    await t.save(dir);
    assert.equal(
      await Deno.readTextFile(join(dir, "tables", "sim_demo.csv")),
      "B,pass\n2,0.5\n4,\n",
    );
    assert.equal(
      await Deno.readTextFile(join(dir, "tables", "sim_demo.caption.txt")),
      "SIMULATED agents\n",
    );
  });
});

Deno.test("Table.save() writes no caption file for a table without a caption", async () => {
  await withOut(async (dir) => {
    await new Table("plain", [{ a: 1 }]).save(dir);
    const names = [...Deno.readDirSync(join(dir, "tables"))].map((e) => e.name).sort();
    assert.deepEqual(names, ["plain.csv"]);
  });
});

Deno.test("Table.save() without a caption removes the caption file of an earlier save with one", async () => {
  await withOut(async (dir) => {
    await new Table("t", [{ a: 1 }], undefined, "SIMULATED").save(dir);
    await new Table("t", [{ a: 2 }]).save(dir);
    const names = [...Deno.readDirSync(join(dir, "tables"))].map((e) => e.name).sort();
    assert.deepEqual(names, ["t.csv"]);
    assert.equal(await Deno.readTextFile(join(dir, "tables", "t.csv")), "a\n2\n");
  });
});
