import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  packageToJson,
  parsePackageJson,
  readPackageJson,
  writePackageJson,
} from "../../lib/package/json_io.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { smallPackage } from "./_fixture.ts";

Deno.test("packageToJson() writes keys in schema order, 2-space indent, trailing newline", () => {
  const shuffled = { ...smallPackage() };
  const reversed = Object.fromEntries(Object.entries(shuffled).reverse());
  const text = packageToJson(reversed as typeof shuffled);
  assert.equal(text, packageToJson(smallPackage()));
  assert.ok(text.endsWith("}\n"));
  assert.equal(text.split("\n")[1], '  "schema_version": 1,');
  const top = Object.keys(JSON.parse(text));
  assert.deepEqual(top, [
    "schema_version",
    "id",
    "description",
    "experiences",
    "candidates",
    "units",
    "queries",
    "weight_source",
    "coverage",
    "budgets",
    "group_cap",
    "h",
    "meta",
  ]);
  const cand = Object.keys(JSON.parse(text).candidates[0]);
  assert.deepEqual(cand, ["id", "experience", "kind", "representation", "cost", "text"]);
});

Deno.test("parsePackageJson() applies defaults and round-trips packageToJson()", () => {
  const pkg = parsePackageJson(packageToJson(smallPackage()), "small.json");
  assert.deepEqual(pkg, parsePackage(smallPackage()));
  assert.equal(pkg.queries[1].importance, 1);
  assert.equal(pkg.candidates[3].cost, 3.5);
});

Deno.test("writePackageJson() then readPackageJson() gives a deep-equal package", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/sub/pkg.json`;
  await writePackageJson(path, smallPackage());
  assert.deepEqual(await readPackageJson(path), parsePackage(smallPackage()));
  assert.deepEqual([...Deno.readDirSync(`${dir}/sub`)].map((e) => e.name), ["pkg.json"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writePackageJson() refuses an invalid package and writes nothing", async () => {
  const dir = await Deno.makeTempDir();
  const bad = { ...smallPackage(), budgets: [0] };
  await assert.rejects(() => writePackageJson(`${dir}/p.json`, bad), InputError);
  assert.deepEqual([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageJson() reports a missing file as InputError", async () => {
  await assert.rejects(() => readPackageJson("/nonexistent/pkg.json"), {
    name: "InputError",
    message: "Cannot read /nonexistent/pkg.json: (root): expected an existing file",
  });
});

/** The InputError that parsePackageJson(text, "pkg.json") raises. */
function jsonError(text: string): InputError {
  try {
    parsePackageJson(text, "pkg.json");
  } catch (err) {
    assert.ok(err instanceof InputError);
    return err;
  }
  assert.fail("expected an InputError");
}

Deno.test("parsePackageJson() locates syntax errors V8 gives no position for, on one line", () => {
  const text = packageToJson(smallPackage());
  const cases: [string, string, string][] = [
    // [text, where, reason]; line 26 is `      "cost": 4,`
    [text.replace('"cost": 4,', '"cost": NaN,'), "line 26, column 15", "Unexpected token 'N'"],
    ["// note\n" + text, "line 1, column 1", "Unexpected token '/'"],
    [text.replace('"cost": 4,', '"cost": tru\n,'), "line 26, column 18", "Unexpected token '\\n'"],
    [
      text.slice(0, text.indexOf('"diet_update')),
      "line 3, column 9",
      "Unexpected end of JSON input",
    ],
    [
      text.replace('"cost": 4,', "'cost': 4,"),
      "line 26, column 7",
      `Expected double-quoted property name, found "'"`,
    ],
  ];
  for (const [bad, where, reason] of cases) {
    const err = jsonError(bad);
    assert.deepEqual(err.where, { path: where });
    assert.equal(err.message, `Cannot read pkg.json: ${where}: expected valid JSON (${reason})`);
    assert.ok(!err.message.includes("\n"));
  }
  // V8 gives a position: the reason names what was found there.
  assert.equal(
    jsonError('{"a": 1,}').message,
    "Cannot read pkg.json: line 1, column 9: " +
      "expected valid JSON (Expected double-quoted property name, found '}')",
  );
});

Deno.test("parsePackageJson() and readPackageJson() accept a UTF-8 byte-order mark", async () => {
  const text = "\uFEFF" + packageToJson(smallPackage());
  assert.deepEqual(parsePackageJson(text), parsePackage(smallPackage()));
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/p.json`, text);
    assert.deepEqual(await readPackageJson(`${dir}/p.json`), parsePackage(smallPackage()));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parsePackageJson() refuses a repeated key at its JSON path", () => {
  const text = packageToJson(smallPackage()).replace('"cost": 2,', '"cost": 2, "cost": 20,');
  const err = jsonError(text);
  assert.deepEqual(err.where, { path: "candidates[1].cost" });
  assert.equal(
    err.message,
    "Cannot read pkg.json: candidates[1].cost: " +
      'expected each key once in an object; "cost" repeats (JSON keeps only the last)',
  );
  // An escaped spelling of the same key is the same key; equal keys in different objects are fine.
  assert.deepEqual(
    jsonError(text.replace('"cost": 20,', '"co\\u0073t": 20,')).where,
    { path: "candidates[1].cost" },
  );
  assert.equal(parsePackageJson(packageToJson(smallPackage())).id, "diet_update");
});

Deno.test("readPackageJson() refuses bytes that are not UTF-8, naming file and line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bytes = new TextEncoder().encode(packageToJson(smallPackage()));
    const at = bytes.indexOf(0x65, bytes.indexOf(0x0a, 40)); // an "e" on line 3 or later
    bytes[at] = 0xff;
    await Deno.writeFile(`${dir}/p.json`, bytes);
    const line = new TextDecoder().decode(bytes.subarray(0, at)).split("\n").length;
    await assert.rejects(() => readPackageJson(`${dir}/p.json`), {
      name: "InputError",
      message: `Cannot read ${dir}/p.json: line ${line}: expected UTF-8 text`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readPackageJson() and writePackageJson() on a folder: InputError naming the path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const message = `Cannot read ${dir}: (root): expected a file, found a folder`;
    await assert.rejects(() => readPackageJson(dir), { name: "InputError", message });
    await assert.rejects(() => writePackageJson(dir, smallPackage()), {
      name: "InputError",
      message: `Cannot write ${dir}: expected a file, found a folder`,
    });
    await Deno.writeTextFile(`${dir}/f`, "x");
    await assert.rejects(() => writePackageJson(`${dir}/f/p.json`, smallPackage()), {
      name: "InputError",
      message: `Cannot write ${dir}/f: expected a folder (it or a parent is a file)`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
