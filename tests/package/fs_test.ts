import assert from "node:assert/strict";
import { readTextInput, writeTextAtomic } from "../../lib/fs.ts";

Deno.test("writeTextAtomic() creates parent folders, replaces the file and leaves no temp file", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/a/b/out.txt`;
  await writeTextAtomic(path, "first\n");
  await writeTextAtomic(path, "second\n");
  assert.equal(await Deno.readTextFile(path), "second\n");
  assert.deepEqual([...Deno.readDirSync(`${dir}/a/b`)].map((e) => e.name), ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeTextAtomic() keeps the old file and cleans up when the rename fails", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/target`);
  await Deno.writeTextFile(`${dir}/target/keep.txt`, "x");
  // Renaming a file over a non-empty folder fails.
  await assert.rejects(() => writeTextAtomic(`${dir}/target`, "new"));
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["target"]);
  assert.equal(await Deno.readTextFile(`${dir}/target/keep.txt`), "x");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readTextInput() turns a missing file into InputError", async () => {
  await assert.rejects(() => readTextInput("/nonexistent/x.csv"), {
    name: "InputError",
    message: "Cannot read /nonexistent/x.csv: (root): expected an existing file",
  });
});
