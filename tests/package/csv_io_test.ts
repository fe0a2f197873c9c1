import assert from "node:assert/strict";
import type { InputError } from "../../lib/base/errors.ts";
import { readPackageCsv, writePackageCsv } from "../../lib/package/csv_io.ts";
import { packageToJson, parsePackageJson } from "../../lib/package/json_io.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { smallPackage } from "./_fixture.ts";
import { csvDir } from "./_csv_dir.ts";

Deno.test("writePackageCsv() writes the documented six tables", async () => {
  const dir = await csvDir();
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  assert.deepEqual(names, [
    "candidates.csv",
    "coverage.csv",
    "experiences.csv",
    "package.csv",
    "queries.csv",
    "units.csv",
  ]);
  assert.equal(
    await Deno.readTextFile(`${dir}/candidates.csv`),
    "id,experience,kind,cost,representation,text,confidence,estimated_value,salience,source\n" +
      "e1.raw,e1,raw,4,raw_span,I am vegetarian.,,,,\n" +
      "e1.fact,e1,fact,2,,,0.9,,,gen\n" +
      'e2.raw,e2,raw,6,,"",,,,\n' +
      "e2.update,e2,update,3.5,compound_update,,,,,\n" +
      "e2.tomb,e2,tombstone,1,,,,0.25,0.5,\n",
  );
  assert.equal(
    await Deno.readTextFile(`${dir}/queries.csv`),
    "id,required_units,importance,category,text,answer\n" +
      "q1,diet:pesc;diet:inv,2,,What do I eat?,fish\n" +
      "q2,diet:veg,1,history,,\n",
  );
  assert.equal(
    (await Deno.readTextFile(`${dir}/package.csv`)).split("\n")[1],
    '1,diet_update,queries,3;7.5;20,1,"Vegetarian, then pescatarian",' +
      '"[{""width"":0.5,""slope"":2},{""width"":0.5,""slope"":0}]",' +
      '"{""origin"":""test"",""nested"":{""n"":[1,2]}}"',
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() round-trips JSON -> CSV -> JSON to a deep-equal package", async () => {
  const fromJson = parsePackageJson(packageToJson(smallPackage()), "small.json");
  const dir = await Deno.makeTempDir();
  await writePackageCsv(dir, fromJson);
  const back = await readPackageCsv(dir);
  assert.deepEqual(back, fromJson);
  assert.equal(packageToJson(back), packageToJson(fromJson));
  // Quoted empty cell is the empty string; unquoted empty is absent.
  assert.equal(back.candidates[2].text, "");
  assert.equal("text" in back.candidates[3], false);
  assert.equal(back.experiences[1].text, 'Line one,\nline "two"');
  assert.equal(back.coverage[6].value, 1e-7);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() round-trips an explicit-weight package without queries.csv", async () => {
  const { h: _h, meta: _meta, ...rest } = smallPackage();
  const pkg = {
    ...rest,
    weight_source: "explicit" as const,
    queries: [],
    budgets: [],
    units: smallPackage().units.map((u, i) => ({ ...u, weight: [0.35, 2.25, 0][i] })),
  };
  const dir = await Deno.makeTempDir();
  await writePackageCsv(dir, pkg);
  await Deno.remove(`${dir}/queries.csv`);
  const back = await readPackageCsv(dir);
  assert.deepEqual(back, parsePackage(pkg));
  assert.deepEqual(back.units.map((u) => u.weight), [0.35, 2.25, 0]);
  assert.deepEqual(back.budgets, []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() maps schema errors back to file, data row and column", async () => {
  // candidates[3] is the 4th data row of candidates.csv.
  const dir = await csvDir({
    "candidates.csv": (t) => t.replace("e2.update,e2,update,3.5", "e2.update,e2,update,-2"),
  });
  await assert.rejects(() => readPackageCsv(dir), (err: InputError) => {
    assert.equal(err.file, `${dir}/candidates.csv`);
    assert.deepEqual(err.where, { row: 4, column: "cost" });
    assert.match(err.message, /candidates\.csv: row 4, column cost: .*>0/);
    return true;
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() maps package-level errors to package.csv row 1", async () => {
  const dir = await csvDir({ "package.csv": (t) => t.replace(",queries,", ",weights,") });
  await assert.rejects(() => readPackageCsv(dir), {
    name: "InputError",
    message: new RegExp(`^Cannot read ${dir}/package\\.csv: row 1, column weight_source: `),
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() rejects an unknown column and a missing required column", async () => {
  const unknown = await csvDir({ "units.csv": "id,family,colour\ndiet:veg,fact,red\n" });
  await assert.rejects(() => readPackageCsv(unknown), {
    message:
      `Cannot read ${unknown}/units.csv: header: expected only the columns id, family, weight, ` +
      'validity, h, text; found "colour"',
  });
  const missing = await csvDir({ "coverage.csv": "candidate,unit\ne1.raw,diet:veg\n" });
  await assert.rejects(() => readPackageCsv(missing), {
    message: `Cannot read ${missing}/coverage.csv: header: expected a column 'value'`,
  });
  await Deno.remove(unknown, { recursive: true });
  await Deno.remove(missing, { recursive: true });
});

Deno.test("readPackageCsv() reads a minimal table with optional columns left out", async () => {
  const dir = await csvDir({
    "package.csv": "schema_version,id,weight_source\n1,mini,queries\n",
    "experiences.csv": "id,order\ne1,0\ne2,1\n",
    "candidates.csv": "id,experience,kind,cost\ne1.raw,e1,raw,4\ne2.raw,e2,raw,6\n",
    "units.csv": "id,family\nr,fact\n",
    "queries.csv": "id,required_units\nq,r\n",
    "coverage.csv": "candidate,unit,value\ne2.raw,r,1\n",
  });
  const pkg = await readPackageCsv(dir);
  assert.deepEqual(pkg.candidates, [
    { id: "e1.raw", experience: "e1", kind: "raw", cost: 4 },
    { id: "e2.raw", experience: "e2", kind: "raw", cost: 6 },
  ]);
  assert.deepEqual(pkg.queries, [{ id: "q", importance: 1, required_units: ["r"] }]);
  assert.equal(pkg.group_cap, 1);
  assert.deepEqual(pkg.budgets, []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writePackageCsv() refuses a required unit id containing ';'", async () => {
  const pkg = smallPackage();
  pkg.units[0].id = "a;b";
  pkg.coverage = pkg.coverage.map((c) => c.unit === "diet:veg" ? { ...c, unit: "a;b" } : c);
  pkg.queries![1].required_units = ["a;b"];
  const dir = await Deno.makeTempDir();
  await assert.rejects(() => writePackageCsv(dir, pkg), {
    message: "Cannot read <memory>: queries[1].required_units[0]: expected a unit id without ';' " +
      "(the CSV list separator)",
  });
  assert.deepEqual([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readPackageCsv() names the inner path of a bad JSON cell (h[1].slope)", async () => {
  const pkgDir = await csvDir({ "package.csv": (t) => t.replace('""slope"":0}', '""slope"":-1}') });
  const unitsDir = await csvDir({
    "units.csv": (t) => t.replace('[{""width"":1,""slope"":1}]', '[{""width"":0,""slope"":1}]'),
  });
  try {
    await assert.rejects(() => readPackageCsv(pkgDir), (err: InputError) => {
      assert.equal(err.file, `${pkgDir}/package.csv`);
      assert.deepEqual(err.where, { row: 1, column: "h[1].slope" });
      return true;
    });
    await assert.rejects(() => readPackageCsv(unitsDir), (err: InputError) => {
      assert.equal(err.file, `${unitsDir}/units.csv`);
      assert.deepEqual(err.where, { row: 2, column: "h[0].width" });
      assert.match(err.message, /units\.csv: row 2, column h\[0\]\.width: /);
      return true;
    });
  } finally {
    await Deno.remove(pkgDir, { recursive: true });
    await Deno.remove(unitsDir, { recursive: true });
  }
});

Deno.test("readPackageCsv() requires queries.csv when weight_source is queries", async () => {
  const dir = await csvDir();
  try {
    await Deno.remove(`${dir}/queries.csv`);
    await assert.rejects(() => readPackageCsv(dir), {
      name: "InputError",
      message: `Cannot read ${dir}/queries.csv: (root): expected queries.csv when weight_source ` +
        "is queries (the unit weights come from it)",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writePackageCsv() replaces a package folder whole, via a temporary sibling", async () => {
  const root = await Deno.makeTempDir();
  const dir = `${root}/pkg`;
  try {
    await writePackageCsv(dir, smallPackage());
    const renamed = { ...smallPackage(), id: "second" };
    await writePackageCsv(dir, renamed);
    assert.deepEqual(await readPackageCsv(dir), parsePackage(renamed));
    // No temporary or set-aside folder is left next to it.
    assert.deepEqual([...Deno.readDirSync(root)].map((e) => e.name), ["pkg"]);
    // A failed write (invalid package) leaves the old folder as it was.
    await assert.rejects(() => writePackageCsv(dir, { ...renamed, budgets: [0] }));
    assert.equal((await readPackageCsv(dir)).id, "second");
    assert.deepEqual([...Deno.readDirSync(root)].map((e) => e.name), ["pkg"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("writePackageCsv() refuses a folder with other files, and a file, touching neither", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/mixed`);
    await Deno.writeTextFile(`${root}/mixed/notes.txt`, "keep me");
    await assert.rejects(() => writePackageCsv(`${root}/mixed`, smallPackage()), {
      name: "InputError",
      message: `Cannot read ${root}/mixed: (root): expected an empty folder or a CSV package ` +
        "folder to replace; it holds 'notes.txt'",
    });
    assert.deepEqual([...Deno.readDirSync(`${root}/mixed`)].map((e) => e.name), ["notes.txt"]);
    await Deno.writeTextFile(`${root}/file`, "x");
    await assert.rejects(() => writePackageCsv(`${root}/file`, smallPackage()), {
      name: "InputError",
      message: `Cannot read ${root}/file: (root): expected a folder, found a file`,
    });
    assert.deepEqual([...Deno.readDirSync(root)].map((e) => e.name).sort(), ["file", "mixed"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("writePackageCsv() refuses a folder or a link under a table's name, removing nothing", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${root}/mine.txt`, "keep me");
    const cases: [string, (d: string) => Promise<void>, string][] = [
      ["a folder units.csv/", async (d) => {
        await Deno.remove(`${d}/units.csv`);
        await Deno.mkdir(`${d}/units.csv`);
        await Deno.writeTextFile(`${d}/units.csv/mine.txt`, "keep me");
      }, "'units.csv' (not a file)"],
      ["a link coverage.csv", async (d) => {
        await Deno.remove(`${d}/coverage.csv`);
        await Deno.symlink(`${root}/mine.txt`, `${d}/coverage.csv`);
      }, "'coverage.csv' (a link)"],
    ];
    for (const [i, [what, make, holds]] of cases.entries()) {
      const d = `${root}/p${i}`;
      await writePackageCsv(d, smallPackage());
      await make(d);
      await assert.rejects(() => writePackageCsv(d, smallPackage()), {
        name: "InputError",
        message: `Cannot read ${d}: (root): expected an empty folder or a CSV package ` +
          `folder to replace; it holds ${holds}`,
      }, what);
      assert.equal((await Deno.lstat(`${d}/units.csv`)).isFile, i !== 0, what);
    }
    assert.equal(await Deno.readTextFile(`${root}/p0/units.csv/mine.txt`), "keep me");
    assert.equal(await Deno.readTextFile(`${root}/mine.txt`), "keep me");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
