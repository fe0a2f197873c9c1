import assert from "node:assert/strict";
import { readTextInput, writeTextAtomic } from "../../lib/base/fs.ts";

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

Deno.test("readTextInput() refuses a folder and non-UTF-8 bytes, naming the file and line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await assert.rejects(() => readTextInput(dir), {
      name: "InputError",
      message: `Cannot read ${dir}: (root): expected a file, found a folder`,
    });
    // Line 3 holds a lone continuation byte; line 2 a valid two-byte character.
    await Deno.writeFile(`${dir}/bad.txt`, new Uint8Array([0x61, 0x0a, 0xc3, 0xa9, 0x0a, 0x80]));
    await assert.rejects(() => readTextInput(`${dir}/bad.txt`), {
      name: "InputError",
      message: `Cannot read ${dir}/bad.txt: line 3: expected UTF-8 text`,
    });
    // A byte-order mark is kept (the readers that accept one skip it).
    await Deno.writeFile(`${dir}/bom.txt`, new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]));
    assert.equal(await readTextInput(`${dir}/bom.txt`), "\uFEFFhi");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeTextAtomic() refuses a folder as target and a file as parent", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/target`);
    await assert.rejects(() => writeTextAtomic(`${dir}/target`, "x"), {
      name: "InputError",
      message: `Cannot write ${dir}/target: expected a file, found a folder`,
    });
    await Deno.writeTextFile(`${dir}/f`, "x");
    await assert.rejects(() => writeTextAtomic(`${dir}/f/g/h.txt`, "x"), {
      name: "InputError",
      message: `Cannot write ${dir}/f/g: expected a folder (it or a parent is a file)`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
