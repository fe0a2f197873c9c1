/**
 * The public API's entry points (issue 20, item 1): deno.json `exports` maps `.` to mod.ts (the
 * core, at most 150 symbols) and each subpath `./x` to lib/x/mod.ts; the import map names each as
 * `memaudit/x`; lib/ has no other list of exports; no symbol has two homes; all entry points
 * together export at most TOTAL_MAX symbols (issue 27, item 5); the gates (`ok`,
 * `doc-check`, `./run test`) check every entry point; notebooks import only through the map.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, specifiersOf, tsFiles } from "../_imports.ts";

const CORE_MAX = 150;
/**
 * All entry points together (issue 27, item 5: at most 450). 436 is where the lists stand when
 * they name only what notebooks, scripts, bench, docs examples and doc tests import through an
 * entry point, the documented package readers, judges and errors, and the types `deno doc --lint`
 * requires for those signatures. An options or result type that one signature alone uses is
 * written inline in that signature, not exported under a name; lib/shard/ is internal (no entry
 * point), as only lib and its tests import it.
 */
const TOTAL_MAX = 436;
/** A mod.ts under lib/ that is code, not a list of exports (the trajectory-log dispatcher). */
const NOT_A_LIST = ["lib/scale/adapters/mod.ts"];

const config = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json")));
const exportsMap: Record<string, string> = config.exports;
const importMap: Record<string, string> = config.imports;
const entryFiles = Object.values(exportsMap).map((p) => p.replace(/^\.\//, ""));

Deno.test("deno.json maps . to mod.ts and each ./x to lib/x/mod.ts, named memaudit/x in the import map", () => {
  assert.equal(exportsMap["."], "./mod.ts");
  assert.equal(importMap["memaudit"], "./mod.ts");
  for (const [key, target] of Object.entries(exportsMap)) {
    if (key === ".") continue;
    const sub = key.slice(2);
    assert.equal(target, `./lib/${sub}/mod.ts`, `exports["${key}"]`);
    assert.equal(importMap[`memaudit/${sub}`], target, `imports["memaudit/${sub}"]`);
  }
  const mapped = Object.keys(importMap).filter((k) => k.startsWith("memaudit/"));
  assert.deepEqual(
    mapped.sort(),
    Object.keys(exportsMap).filter((k) => k !== ".").map((k) => `memaudit/${k.slice(2)}`).sort(),
  );
  for (const sub of ["scale", "retention", "systems", "natural", "sweep"]) {
    assert.ok(exportsMap[`./${sub}`], `./${sub} is an entry point`);
  }
});

Deno.test("every mod.ts under lib/ is an entry point (no second, hand-kept list of exports)", () => {
  const mods = tsFiles("lib").filter((f) => f.endsWith("/mod.ts") && !NOT_A_LIST.includes(f));
  assert.deepEqual(mods.sort(), entryFiles.filter((f) => f !== "mod.ts").sort());
});

Deno.test("the core exports at most 150 symbols, all entry points at most TOTAL_MAX, no symbol twice", async () => {
  const res = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...entryFiles],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.equal(res.code, 0, "deno doc --json failed");
  const nodes: Record<string, { symbols?: { name: string }[] }> =
    JSON.parse(new TextDecoder().decode(res.stdout)).nodes;
  const homes = new Map<string, string[]>();
  const counts: Record<string, number> = {};
  for (const [url, node] of Object.entries(nodes)) {
    const file = new URL(url).pathname.slice(ROOT.length);
    const names = (node.symbols ?? []).map((s) => s.name);
    counts[file] = names.length;
    for (const n of names) homes.set(n, [...homes.get(n) ?? [], file]);
  }
  assert.deepEqual(Object.keys(counts).sort(), [...entryFiles].sort());
  assert.ok(counts["mod.ts"] <= CORE_MAX, `mod.ts exports ${counts["mod.ts"]} symbols`);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  assert.ok(
    total <= TOTAL_MAX,
    `the entry points export ${total} symbols: ${JSON.stringify(counts)}`,
  );
  for (const [file, n] of Object.entries(counts)) assert.ok(n >= 3, `${file} exports ${n} symbols`);
  const twice = [...homes].filter(([, files]) => files.length > 1).map(([n, f]) => `${n}: ${f}`);
  assert.deepEqual(twice, []);
});

Deno.test("the gates type-check and doc-lint every entry point", () => {
  const all = "mod.ts lib/*/mod.ts";
  assert.ok(config.tasks.ok.includes(`deno check ${all} `), config.tasks.ok);
  // -q: lint errors still print and fail; the "Failed resolving types" warnings deno doc prints
  // for @types/node (reached through csv-parse's types) do not.
  assert.ok(config.tasks["doc-check"].startsWith(`deno doc -q --lint ${all} `));
  const run = Deno.readTextFileSync(join(ROOT, "run"));
  assert.match(run, /"\$DENO" check mod\.ts lib\/\*\/mod\.ts scripts\/\*\.ts/);
});

Deno.test("notebooks import the toolkit through the import map's memaudit names only", () => {
  const problems: string[] = [];
  for (const e of Deno.readDirSync(join(ROOT, "notebooks"))) {
    if (!e.name.endsWith(".ipynb")) continue;
    const nb = JSON.parse(Deno.readTextFileSync(join(ROOT, "notebooks", e.name)));
    const code = nb.cells.filter((c: { cell_type: string }) => c.cell_type === "code")
      .map((c: { source: string | string[] }) => [c.source].flat().join("")).join("\n");
    const specs = specifiersOf(code);
    if (!specs.some((s) => s.startsWith("memaudit"))) {
      problems.push(`${e.name}: no memaudit import`);
    }
    for (const s of specs) {
      if (s.startsWith("memaudit") ? !(s in importMap) : !s.startsWith("node:")) {
        problems.push(`${e.name}: imports "${s}"`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
