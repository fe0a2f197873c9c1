/**
 * The `deno.json` tasks run without -A (issue 13 item 3): they read and write any path the user
 * names (issue 22 item 1) while their network and subprocess permissions stay scoped. The other
 * CLI tests run the entry point with -A; these run it as users do, through `deno task`, so a
 * permission the task lacks (e.g. for HiGHS' WebAssembly file in the npm cache) shows up here.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { deno, EXAMPLE, ROOT } from "./_run.ts";

// As a user in the repository runs them (an INIT_CWD inherited from an outer task or ./run
// would move the CLI elsewhere).
const task = (args: string[]) => deno(["task", "-q", ...args], { env: { INIT_CWD: ROOT } });

Deno.test("deno task memaudit solve certifies OPT with every solver under the task's permissions", async () => {
  for (const solver of ["bnb", "milp", "brute", "auto"]) {
    const r = await task([
      "memaudit",
      "solve",
      EXAMPLE,
      "--budgets",
      "8",
      "--solver",
      solver,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const [row] = JSON.parse(r.stdout);
    assert.deepEqual(
      [row.status, row.objective, row.store],
      ["optimal", 3, ["e2.compound"]],
      solver,
    );
  }
});

Deno.test("deno task memaudit reads and writes outside the repository (issue 22 item 1)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pkg = join(dir, "my package.json");
    await Deno.copyFile(EXAMPLE, pkg);
    const out = join(dir, "results", "v");
    const r = await task(["memaudit", "validate", pkg, "--out", out, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).package, pkg);
    const written = JSON.parse(await Deno.readTextFile(join(out, "validate.json")));
    assert.deepEqual([written.id, written.candidates], ["vegetarian_to_pescatarian", 6]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** `deno task --config ROOT/deno.json ARGS` in `cwd`, without an inherited INIT_CWD (as in a shell). */
async function taskIn(cwd: string, args: string[]) {
  const out = await new Deno.Command("env", {
    args: [
      "-u",
      "INIT_CWD",
      Deno.execPath(),
      "task",
      "-q",
      "--config",
      join(ROOT, "deno.json"),
      ...args,
    ],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("deno task memaudit and data read relative paths from the folder they are run in", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.copyFile(EXAMPLE, join(dir, "pkg.json"));
    const r = await taskIn(dir, ["memaudit", "validate", "pkg.json", "--out", "v"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      JSON.parse(await Deno.readTextFile(join(dir, "v", "validate.json"))).candidates,
      6,
    );
    await Deno.writeTextFile(join(dir, "locomo10.json"), "[]");
    const dest = join(ROOT, ".cache", `tp-${crypto.randomUUID()}.json`);
    const d = await taskIn(dir, ["data", "--from", "locomo10.json", "--force", "--dest", dest]);
    assert.equal(d.code, 1, d.stderr);
    assert.match(d.stderr, /sha256/);
    assert.equal(existsSync(dest), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task data --from reads a file outside the repository (its sha256 is checked)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const from = join(dir, "locomo10.json");
    await Deno.writeTextFile(from, "[]");
    const dest = join(ROOT, ".cache", `task-permissions-${crypto.randomUUID()}.json`);
    const r = await task(["data", "--from", from, "--dest", dest, "--force"]);
    // Read (no "Requires read access"), then refused by the checksum, nothing written.
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /Requires read access|NotCapable/);
    assert.match(r.stderr, /sha256/);
    assert.equal(existsSync(dest), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the tasks' network and subprocess permissions stay scoped", async () => {
  const tasks = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json"))).tasks as Record<
    string,
    string
  >;
  const flags = (name: string) => tasks[name].split(/\s+/).filter((w) => w.startsWith("-"));
  // `memaudit write` runs the machine's node (a system's driver) and npm (its pinned install):
  // those two programs only.
  const expected: Record<string, { net: string | null; run?: string }> = {
    memaudit: { net: "--allow-net=127.0.0.1,localhost", run: "--allow-run=node,npm" },
    data: { net: "--allow-net=raw.githubusercontent.com" },
    sweep: { net: null },
  };
  for (const [name, { net, run }] of Object.entries(expected)) {
    const f = flags(name);
    assert.equal(f.some((x) => x === "-A" || x === "--allow-all"), false, name);
    assert.deepEqual(f.filter((x) => x.startsWith("--allow-run")), run ? [run] : [], name);
    assert.equal(f.some((x) => x.startsWith("--allow-ffi") || x === "--allow-sys"), false, name);
    assert.deepEqual(f.filter((x) => x.startsWith("--allow-net")), net === null ? [] : [net], name);
    assert.equal(f.some((x) => x === "--allow-env"), false, `${name}: env is a list`);
    if (name !== "sweep") {
      assert.ok(tasks[name].startsWith('MEMAUDIT_CWD="$INIT_CWD" deno run'), name);
    }
  }
  // data writes its cache only.
  assert.ok(flags("data").includes("--allow-write=.cache"));
});
