/**
 * The README's install line works: `deno install -g -A --v8-flags=--wasm-tiering-budget=2000000000,--max-semi-space-size=4 -n
 * memaudit --config
 * <repo>/deno.json <repo>/scripts/memaudit.ts` into a temporary
 * DENO_INSTALL_ROOT gives a `memaudit` command that runs from any folder.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { EXAMPLE, ROOT } from "./_run.ts";

Deno.test("deno install gives a memaudit command that runs from any folder", async () => {
  const root = await Deno.makeTempDir({ prefix: "memaudit_install_" });
  const elsewhere = await Deno.makeTempDir({ prefix: "memaudit_cwd_" });
  try {
    const install = await new Deno.Command(Deno.execPath(), {
      args: [
        "install",
        "-g",
        "-A",
        "--v8-flags=--wasm-tiering-budget=2000000000,--max-semi-space-size=4",
        "-n",
        "memaudit",
        "--config",
        join(ROOT, "deno.json"),
        join(ROOT, "scripts", "memaudit.ts"),
      ],
      env: { DENO_INSTALL_ROOT: root, NO_COLOR: "1" },
      cwd: elsewhere,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(install.code, 0, new TextDecoder().decode(install.stderr));
    const bin = join(root, "bin", "memaudit");
    // The shim runs the CLI with the task's V8 flags (HiGHS' WebAssembly tiered up late, a small
    // young generation).
    assert.match(
      await Deno.readTextFile(bin),
      /--v8-flags=--wasm-tiering-budget=2000000000,--max-semi-space-size=4/,
    );
    const run = async (args: string[]) => {
      const out = await new Deno.Command(bin, {
        args,
        cwd: elsewhere,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const dec = new TextDecoder();
      return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
    };
    const [help, validate] = await Promise.all([
      run(["--help"]),
      run(["validate", EXAMPLE, "--json"]),
    ]);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: memaudit COMMAND/);
    assert.equal(validate.code, 0, validate.stderr);
    assert.equal(JSON.parse(validate.stdout).coverage_rows, 12);
    assert.deepEqual([...Deno.readDirSync(elsewhere)], []);
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(elsewhere, { recursive: true });
  }
});
