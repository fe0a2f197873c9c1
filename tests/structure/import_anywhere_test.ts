/**
 * memaudit is importable from anywhere (issue 14, item 5) and names each npm version once
 * (issue 20, item 2): the modules of lib/base/deps/ (one per package) and lib/base/deps_plot.ts (the plotting
 * packages) re-export every npm package at its pinned `npm:name@version`; every other file of
 * lib/, scripts/, tests/ and bench/ imports from them by relative path, so a script in another folder imports `mod.ts` (and
 * runs the CLI) with no import map and no flags. deno.json's import map keeps only the entry
 * points and the packages tests alone use.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, specifiersOf, tsFiles } from "../_imports.ts";

/** The files that may name npm packages: one module per package in lib/base/deps/, and the plotting one. */
const DEPS = [...tsFiles("lib/base/deps"), "lib/base/deps_plot.ts"];

/** `npm:name@version/sub` to `name`. */
const packageOf = (spec: string) => spec.slice(4).match(/^(@[^/]+\/)?[^@/]+/)![0];

Deno.test("only lib/base/deps/*.ts and lib/base/deps_plot.ts name npm packages; each package is pinned in one place", async () => {
  const map: Record<string, string> = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")))
    .imports;
  const bare = new Set(Object.keys(map).filter((k) => !k.startsWith("memaudit")));
  const problems: string[] = [];
  const pinnedIn = new Map<string, string[]>();
  const pin = (pkg: string, where: string) =>
    pinnedIn.set(pkg, [...pinnedIn.get(pkg) ?? [], where]);
  for (const [key, target] of Object.entries(map)) {
    if (target.startsWith("npm:")) pin(packageOf(target), `deno.json imports["${key}"]`);
  }
  for (const file of ["lib", "scripts", "tests", "bench"].flatMap(tsFiles)) {
    const specs = specifiersOf(await Deno.readTextFile(join(ROOT, file)));
    for (const spec of specs) {
      if (spec.startsWith("npm:")) {
        if (DEPS.includes(file)) pin(packageOf(spec), `${file} (${spec})`);
        else problems.push(`${file}: ${spec} (import it from its module in lib/base/deps/)`);
      } else if (bare.has(spec) && (file.startsWith("lib/") || file.startsWith("scripts/"))) {
        problems.push(`${file}: bare '${spec}' needs the import map`);
      }
    }
  }
  // A package may appear more than once only in one file (e.g. a value and a type export).
  for (const [pkg, places] of pinnedIn) {
    const files = new Set(places.map((p) => p.split(" ")[0]));
    if (files.size > 1) problems.push(`${pkg} is pinned in ${places.join(" and ")}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(pinnedIn.size >= 12, `only ${pinnedIn.size} npm packages found: the scan is broken`);
  assert.ok(
    DEPS.length >= 12,
    `only ${DEPS.length} files in lib/base/deps/: the listing is broken`,
  );
});

Deno.test("specifiersOf() finds static, multi-line, re-export and dynamic imports, not doc lines", () => {
  // Written with ' for " so that this file's own scan does not see these lines as imports.
  const text = [
    "import { a } from './a.ts';",
    "import {",
    "  b,",
    "} from './b.ts';",
    "export { c } from 'npm:c@1.0.0';",
    "const d = await import('./d.ts');",
    " * import { e } from './e.ts';",
    "import './f.ts';",
  ].join("\n").replaceAll("'", '"');
  assert.deepEqual(specifiersOf(text), ["./a.ts", "./b.ts", "npm:c@1.0.0", "./d.ts", "./f.ts"]);
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
