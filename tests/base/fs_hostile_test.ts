/**
 * Writes the system refuses (no permission): an InputError naming the folder the caller gave,
 * not a raw error naming the temporary file. Run in a subprocess without write permission.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { withTempDir } from "../_tmp.ts";

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

Deno.test("writeTextAtomic / writeJsonArrayLinesAtomic / makeFolder: a refused write names the caller's folder", async () => {
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
