/** lib/base/fs.ts: the streamed one-element-per-line JSON list and its line reader. */
import assert from "node:assert/strict";
import { InputError } from "memaudit";
import { readJsonArrayLines, writeJsonArrayLinesAtomic } from "../../lib/base/fs.ts";

Deno.test("writeJsonArrayLinesAtomic() writes valid JSON that readJsonArrayLines() reads back line by line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const items = [{ a: 1, s: "x,\ny" }, [1, 2], "é", null, { nested: { deep: [{}] } }];
    const path = `${dir}/list.json`;
    await writeJsonArrayLinesAtomic(path, items);
    const text = await Deno.readTextFile(path);
    assert.deepEqual(JSON.parse(text), items);
    assert.equal(text.split("\n").length, items.length + 3); // "[", one per item, "]", ""
    assert.deepEqual(await readJsonArrayLines(path, 0), items, "line by line");
    assert.deepEqual(await readJsonArrayLines(path), items, "whole");
    await writeJsonArrayLinesAtomic(`${dir}/empty.json`, []);
    assert.deepEqual(await readJsonArrayLines(`${dir}/empty.json`, 0), []);
    await Deno.writeTextFile(`${dir}/bad.json`, '[\n{"a": 1},\n{"a": \n]\n');
    await assert.rejects(
      () => readJsonArrayLines(`${dir}/bad.json`, 0),
      (e: unknown) => e instanceof InputError && /line 3/.test(e.message),
    );
    assert.deepEqual([...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".tmp")), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
