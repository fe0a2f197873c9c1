import assert from "node:assert/strict";
import { InputError } from "../../lib/errors.ts";
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
