/** lib/base/fs.ts: the streamed one-element-per-line JSON list and its line reader. */
import assert from "node:assert/strict";
import { InputError } from "memaudit";
import {
  decodeUtf8Input,
  MAX_TEXT_UNITS,
  readJsonArrayLines,
  readTextInput,
  statOrNull,
  writeJsonArrayLinesAtomic,
  writeTextAtomic,
} from "../../lib/base/fs.ts";
import { join } from "node:path";
import { withTempDir } from "../_tmp.ts";

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

// --- Cases from tests/base/fs_hostile_test.ts (refused write) ---
/**
 * Writes the system refuses (no permission): an InputError naming the folder the caller gave,
 * not a raw error naming the temporary file. Run in a subprocess without write permission.
 */
const FS = new URL("../../lib/base/fs.ts", import.meta.url).href;

/** Runs `body` (with `fs` imported) allowed to write only in `allowed`; its printed lines. */
async function refused(body: string, allowed: string): Promise<string> {
  const code = `import * as fs from ${JSON.stringify(FS)};
try { ${body} ; console.log("written"); }
catch (e) { console.log(e.name + ": " + e.message); }`;
  // A script file: `deno eval` would run with every permission.
  const script = join(allowed, "refused.ts");
  await Deno.writeTextFile(script, code);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-lock", "--allow-read", `--allow-write=${allowed}`, script],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

Deno.test("writeTextAtomic / writeJsonArrayLinesAtomic / makeFolder: a refused write names the caller's folder (refused write)", async () => {
  await withTempDir(async (dir) => {
    const ro = join(dir, "ro"), ok = join(dir, "ok");
    await Deno.mkdir(ro);
    await Deno.mkdir(ok);
    const q = (s: string) => JSON.stringify(s);
    assert.match(
      await refused(`await fs.writeTextAtomic(${q(join(ro, "x.csv"))}, "a\\n")`, ok),
      /^InputError: Cannot write .*\/ro: expected a writable folder \(/,
    );
    assert.match(
      await refused(`await fs.writeJsonArrayLinesAtomic(${q(join(ro, "x.json"))}, [1, 2])`, ok),
      /^InputError: Cannot write .*\/ro: expected a writable folder \(/,
    );
    assert.match(
      await refused(`await fs.makeFolder(${q(join(ro, "a", "b"))})`, ok),
      /^InputError: Cannot create .*\/ro\/a\/b: expected a folder that can be created \(/,
    );
    assert.equal(
      await refused(`await fs.writeTextAtomic(${q(join(ok, "x.csv"))}, "a")`, ok),
      "written",
    );
    assert.deepEqual([...Deno.readDirSync(ro)], []);
  });
});

// --- Cases from tests/base/fs_too_large_test.ts (too large) ---
/**
 * An input too large for one string says so, with its size and the limit
 * (issue 22 item 3: it said "expected UTF-8 text").
 */
Deno.test("decodeUtf8Input() names the size and the limit for text past V8's largest string (too large)", () => {
  const bytes = new Uint8Array(MAX_TEXT_UNITS + 1024 * 1024); // valid UTF-8 (NUL bytes), 513 MiB
  assert.throws(
    () => decodeUtf8Input(bytes, "big.jsonl"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message ===
        "Cannot read big.jsonl: (root): too large (513 MiB; the limit is 512 MiB of text): " +
          "split it or pass a smaller file",
  );
  // Just under the limit still decodes; bad bytes in a small input still say UTF-8.
  assert.equal(decodeUtf8Input(new Uint8Array([104, 105]), "x"), "hi");
  assert.throws(() => decodeUtf8Input(new Uint8Array([0xff]), "x"), /expected UTF-8 text/);
});

Deno.test("readTextInput() refuses a file far past the limit before reading it (too large)", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "huge.jsonl");
    const f = await Deno.open(path, { create: true, write: true });
    await f.truncate(2 * 1024 ** 3); // sparse: 2 GiB of size, no data written
    f.close();
    await assert.rejects(
      () => readTextInput(path),
      (e: unknown) =>
        e instanceof InputError &&
        e.message.endsWith(
          ": (root): too large (2048 MiB; the limit is 512 MiB of text): " +
            "split it or pass a smaller file",
        ),
    );
  });
});

// --- Cases from tests/package/fs_test.ts (atomic writes) ---
Deno.test("writeTextAtomic() creates parent folders, replaces the file and leaves no temp file (atomic writes)", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/a/b/out.txt`;
  await writeTextAtomic(path, "first\n");
  await writeTextAtomic(path, "second\n");
  assert.equal(await Deno.readTextFile(path), "second\n");
  assert.deepEqual([...Deno.readDirSync(`${dir}/a/b`)].map((e) => e.name), ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeTextAtomic() keeps the old file and cleans up when the rename fails (atomic writes)", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/target`);
  await Deno.writeTextFile(`${dir}/target/keep.txt`, "x");
  // Renaming a file over a non-empty folder fails.
  await assert.rejects(() => writeTextAtomic(`${dir}/target`, "new"));
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["target"]);
  assert.equal(await Deno.readTextFile(`${dir}/target/keep.txt`), "x");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readTextInput() turns a missing file into InputError (atomic writes)", async () => {
  await assert.rejects(() => readTextInput("/nonexistent/x.csv"), {
    name: "InputError",
    message: "Cannot read /nonexistent/x.csv: (root): expected an existing file",
  });
});

Deno.test("readTextInput() refuses a folder and non-UTF-8 bytes, naming the file and line (atomic writes)", async () => {
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

Deno.test("writeTextAtomic() refuses a folder as target and a file as parent (atomic writes)", async () => {
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

Deno.test("statOrNull() is null for a missing path and names a link that loops (a one-package solve or validate said Deno's message)", async () => {
  await withTempDir(async (dir) => {
    await Deno.symlink(join(dir, "b"), join(dir, "a"));
    await Deno.symlink(join(dir, "a"), join(dir, "b"));
    assert.equal(await statOrNull(join(dir, "none")), null);
    assert.equal(await statOrNull(join(dir, "none", "x")), null);
    await assert.rejects(() => statOrNull(join(dir, "a")), (e) => {
      assert.ok(e instanceof InputError);
      assert.equal(
        e.message,
        `Cannot read ${join(dir, "a")}: (root): expected a file or folder, found a link that loops`,
      );
      return true;
    });
  });
});
