/** lib/package/read_any.ts: one reader for a JSON file or a CSV folder. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { writePackageCsv } from "../../lib/package/csv_io.ts";
import { writePackageJson } from "../../lib/package/json_io.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { isCsvPackage, readPackageFrom } from "../../lib/package/read_any.ts";
import { withTempDir } from "../_tmp.ts";
import { smallPackage } from "./_fixture.ts";

Deno.test("readPackageFrom() reads a .json file as json and a folder as csv, to the same package", async () => {
  await withTempDir(async (dir) => {
    const want = parsePackage(smallPackage());
    await writePackageJson(join(dir, "p.json"), want);
    await writePackageCsv(join(dir, "p_csv"), want);
    const a = await readPackageFrom(join(dir, "p.json"));
    const b = await readPackageFrom(join(dir, "p_csv"));
    assert.equal(a.form, "json");
    assert.equal(b.form, "csv");
    assert.deepEqual(a.pkg, want);
    assert.deepEqual(
      b.pkg.candidates.map((c) => [c.id, c.cost]),
      want.candidates.map((c) => [c.id, c.cost]),
    );
    assert.deepEqual(b.pkg.budgets, [3, 7.5, 20]);
  });
});

Deno.test("readPackageFrom() reports a missing path as a missing file, by name", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "nope.json");
    await assert.rejects(
      readPackageFrom(path),
      (e: unknown) => e instanceof InputError && e.file === path,
    );
  });
});

Deno.test("isCsvPackage() is true only for a folder holding a package.csv file", async () => {
  await withTempDir(async (dir) => {
    await writePackageCsv(join(dir, "csv"), parsePackage(smallPackage()));
    await writePackageJson(join(dir, "p.json"), parsePackage(smallPackage()));
    await Deno.mkdir(join(dir, "empty"));
    await Deno.mkdir(join(dir, "odd", "package.csv"), { recursive: true });
    assert.equal(await isCsvPackage(join(dir, "csv")), true);
    assert.equal(await isCsvPackage(join(dir, "p.json")), false);
    assert.equal(await isCsvPackage(join(dir, "empty")), false);
    assert.equal(await isCsvPackage(join(dir, "odd")), false);
    assert.equal(await isCsvPackage(join(dir, "missing")), false);
  });
});
