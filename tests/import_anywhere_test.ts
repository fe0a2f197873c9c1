/**
 * memaudit is importable from anywhere (issue 14, item 5): lib/ and scripts/
 * name their npm dependencies with full `npm:name@version` specifiers, so a
 * script in another folder imports `mod.ts` (and runs the CLI) with no import
 * map and no flags. The versions must be the ones deno.json pins.
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* sources(p);
    else if (e.name.endsWith(".ts")) yield p;
  }
}

Deno.test("lib/ and scripts/ import npm packages by full specifier, at deno.json's versions", async () => {
  const map: Record<string, string> = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")))
    .imports;
  const pinned = new Set(Object.values(map));
  const bare = new Set(Object.keys(map).filter((k) => k !== "memaudit"));
  const problems: string[] = [];
  let npmImports = 0;
  for (const dir of ["lib", "scripts"]) {
    for await (const file of sources(join(ROOT, dir))) {
      const text = await Deno.readTextFile(file);
      // Import statements only (doc examples start with " * ").
      for (
        const m of text.matchAll(/^(?:import|export)[^\n]*?from "([^"]+)"|import\("([^"]+)"\)/gm)
      ) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith("npm:")) {
          npmImports++;
          if (!pinned.has(spec)) problems.push(`${file}: ${spec} is not a deno.json pin`);
        } else if (bare.has(spec)) problems.push(`${file}: bare '${spec}' needs the import map`);
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(npmImports >= 20, `only ${npmImports} npm imports found: the scan is broken`);
});

Deno.test("a script outside the repository imports mod.ts and runs the CLI with no flags", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_elsewhere_" });
  try {
    const script = join(dir, "try.ts");
    await Deno.writeTextFile(
      script,
      `import { compilePackage, readPackageJson, scoreStore, solveBnb } from ${
        JSON.stringify(join(ROOT, "mod.ts"))
      };
const cp = compilePackage(await readPackageJson(${
        JSON.stringify(join(ROOT, "data/examples/vegetarian_pescatarian.json"))
      }));
const opt = solveBnb(cp, 8);
console.log(JSON.stringify([opt.status, opt.objective, opt.store, scoreStore(cp, ["e2.current_fact"], opt).ratio]));
`,
    );
    const run = (args: string[]) =>
      new Deno.Command(Deno.execPath(), { args, cwd: dir, stdout: "piped", stderr: "piped" })
        .output();
    const res = await run(["run", "-A", "--no-lock", script]);
    const err = new TextDecoder().decode(res.stderr);
    assert.equal(res.code, 0, err);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(res.stdout)), [
      "optimal",
      3,
      ["e2.compound"],
      1 / 3,
    ]);
    const cli = await run([
      "run",
      "-A",
      "--no-lock",
      join(ROOT, "scripts/memaudit.ts"),
      "solve",
      join(ROOT, "data/examples/vegetarian_pescatarian.json"),
      "--budgets",
      "8",
      "--json",
    ]);
    assert.equal(cli.code, 0, new TextDecoder().decode(cli.stderr));
    const rows = JSON.parse(new TextDecoder().decode(cli.stdout));
    assert.equal(rows[0].objective, 3);
    assert.deepEqual(rows[0].store, ["e2.compound"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
