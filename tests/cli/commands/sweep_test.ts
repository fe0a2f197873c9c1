/** scripts/sweep.ts: flag checks (with the usage text) and one-line errors for bad output folders. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = join(ROOT, "scripts", "sweep.ts");
const TINY = ["--seeds", "1", "--budgets", "2", "--methods", "opt", "--workers", "1", "--quiet"];

async function sweep(
  args: string[],
  opts: { cwd?: string; permissions?: string[] } = {},
): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    cwd: opts.cwd ?? ROOT,
    args: ["run", ...(opts.permissions ?? ["-A"]), CLI, ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("scripts/sweep.ts accepts only plain decimal integers for --seeds and --workers", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_cli_" });
  try {
    const cases: [string[], string][] = [
      [["--seeds", "1e3"], '--seeds: expected an integer in [1, 10000000], got "1e3"'],
      [["--seeds", "0x2"], '--seeds: expected an integer in [1, 10000000], got "0x2"'],
      [["--seeds", "-1"], '--seeds: expected an integer in [1, 10000000], got "-1"'],
      [["--seeds", "10000001"], '--seeds: expected an integer in [1, 10000000], got "10000001"'],
      [["--workers", "2.0"], '--workers: expected an integer in [1, 1024], got "2.0"'],
      [["--out", ""], "--out expects a folder path, got an empty string"],
    ];
    const results = await Promise.all(
      // A repeated flag is refused on its own: the --out case gives --out once.
      cases.map(([flags]) =>
        sweep(flags[0] === "--out" ? flags : ["--out", join(dir, "out"), ...flags], { cwd: dir })
      ),
    );
    results.forEach(({ code, stderr }, i) => {
      assert.equal(code, 2, stderr);
      assert.ok(stderr.startsWith(`sweep: ${cases[i][1]}\n\nUsage: `), stderr);
    });
    // Nothing was written, in the output folder or the working folder.
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scripts/sweep.ts reports an unusable output folder in one line with exit code 2", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_cli_" });
  try {
    await Deno.writeTextFile(join(dir, "file"), "x");
    await Deno.mkdir(join(dir, "foreign"));
    await Deno.writeTextFile(join(dir, "foreign", "raw_results.journal.jsonl"), "{}");
    await Deno.mkdir(join(dir, "locked"));
    const [file, foreign, locked] = await Promise.all([
      sweep(["--out", join(dir, "file"), ...TINY]),
      sweep(["--out", join(dir, "foreign"), ...TINY]),
      sweep(["--out", join(dir, "locked"), ...TINY], {
        permissions: ["--allow-read", "--allow-env", `--deny-write=${join(dir, "locked")}`],
      }),
    ]);
    const expected = [
      `sweep: Cannot write ${dir}/file: expected a folder (it or a parent is a file)\n`,
      `sweep: Cannot read ${dir}/foreign/raw_results.journal.jsonl: line 1: expected a journal ` +
      "written for the same grid (remove it, or choose another output folder)\n",
    ];
    assert.deepEqual([file, foreign].map((r) => [r.code, r.stderr]), expected.map((e) => [2, e]));
    assert.equal(locked.code, 2);
    assert.match(
      locked.stderr,
      /^sweep: Cannot write .*locked: expected a writable folder/,
    );
    assert.equal(locked.stderr.trimEnd().split("\n").length, 1);
    assert.equal(await Deno.readTextFile(join(dir, "foreign", "raw_results.journal.jsonl")), "{}");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
