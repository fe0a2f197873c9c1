/** scripts/sweep.ts: an output path on a read-only file system is one line and exit 2 (issue 10 #6). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isUnwritable } from "../../lib/base/fs.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

Deno.test("isUnwritable() takes a read-only file system, no permission and a full disk as bad output paths", () => {
  const coded = (code: string) => Object.assign(new Error(`${code} (os error)`), { code });
  for (const code of ["EROFS", "EACCES", "EPERM", "ENOSPC", "EDQUOT"]) {
    assert.equal(isUnwritable(coded(code)), true, code);
  }
  assert.equal(isUnwritable(new Deno.errors.PermissionDenied("x")), true);
  assert.equal(isUnwritable(coded("EIO")), false);
  assert.equal(isUnwritable(new TypeError("a bug")), false);
  assert.equal(isUnwritable(undefined), false);
});

// A real read-only mount is needed: MEMAUDIT_READONLY_DIR names a folder on one, or, as root
// (CI), the test mounts a read-only tmpfs itself; elsewhere it is ignored.
async function readOnlyDir(): Promise<{ dir: string; mounted: boolean } | null> {
  const given = Deno.env.get("MEMAUDIT_READONLY_DIR");
  if (given !== undefined) return { dir: given, mounted: false };
  if (Deno.uid() !== 0) return null;
  const dir = await Deno.makeTempDir({ prefix: "memaudit_ro_" });
  const ok = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", "ro", "tmpfs", dir],
    stdout: "null",
    stderr: "null",
  }).output().then((r) => r.success, () => false);
  if (!ok) await Deno.remove(dir);
  return ok ? { dir, mounted: true } : null;
}
const ro = await readOnlyDir();
const RO = ro?.dir;
Deno.test({
  name: "scripts/sweep.ts prints one line and exits 2 when --out is on a read-only file system",
  ignore: RO === undefined,
  fn: async () => {
    try {
      await checkReadOnly();
    } finally {
      if (ro?.mounted) {
        await new Deno.Command("umount", { args: [ro.dir] }).output();
        await Deno.remove(ro.dir);
      }
    }
  },
});

async function checkReadOnly(): Promise<void> {
  for (const out of [RO!, join(RO!, "new_folder")]) {
    const res = await new Deno.Command(Deno.execPath(), {
      cwd: ROOT,
      args: [
        "run",
        "-A",
        "scripts/sweep.ts",
        "--out",
        out,
        "--seeds",
        "1",
        "--budgets",
        "2",
        "--quiet",
      ],
      stdout: "null",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(res.stderr);
    assert.equal(res.code, 2, stderr);
    assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
    // A folder to create is named (lib/base/fs.ts turns the refused mkdir into an InputError); the
    // sweep's lock file in an existing folder is opened directly.
    assert.match(
      stderr,
      out === RO
        ? /^sweep: Cannot write the output: Read-only file system/
        : /^sweep: Cannot create .*new_folder: expected a folder that can be created \(Read-only file system/,
    );
  }
}
