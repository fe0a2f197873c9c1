/**
 * Bad and benign-variant inputs, one test each: bad input must raise
 * InputError naming the file and the JSON path or CSV row and column; benign
 * variants (BOM, CRLF, quoted newline, trailing blank line) must read correctly.
 */
import assert from "node:assert/strict";
import type { InputError } from "../../lib/base/errors.ts";
import { readPackageCsv } from "../../lib/package/csv_io.ts";
import { packageToJson, parsePackageJson } from "../../lib/package/json_io.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import type { PackageInput } from "../../lib/package/schema.ts";
import { smallPackage } from "../package/_fixture.ts";
import { csvDir } from "../package/_csv_dir.ts";

/** Parses `pkg` (edited by `edit`) as the JSON file "pkg.json" and returns the error it raises. */
function jsonError(edit: (pkg: PackageInput) => void): InputError {
  const pkg = smallPackage();
  edit(pkg);
  return jsonTextError(JSON.stringify(pkg, null, 2));
}

function jsonTextError(text: string): InputError {
  try {
    parsePackageJson(text, "pkg.json");
  } catch (err) {
    assert.equal((err as Error).name, "InputError");
    return err as InputError;
  }
  assert.fail("expected an InputError");
}

/** Reads a patched CSV folder and returns the error, with the file name relative to the folder. */
async function csvError(
  patches: Record<string, string | ((t: string) => string)>,
): Promise<{ file: string; where: unknown; message: string }> {
  const dir = await csvDir(patches);
  try {
    await readPackageCsv(dir);
  } catch (err) {
    assert.equal((err as Error).name, "InputError");
    const e = err as InputError;
    return {
      file: e.file.slice(dir.length + 1),
      where: e.where,
      message: e.message.replace(`${dir}/`, ""),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  assert.fail("expected an InputError");
}

async function csvRead(patches: Record<string, string | ((t: string) => string)>) {
  const dir = await csvDir(patches);
  try {
    return await readPackageCsv(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const expected = parsePackage(smallPackage());

Deno.test("parsePackageJson() rejects malformed JSON with line and column", () => {
  const text = packageToJson(smallPackage()).replace('"id": "diet_update",', '"id": "diet_update"');
  const err = jsonTextError(text);
  assert.equal(err.file, "pkg.json");
  assert.deepEqual(err.where, { path: "line 4, column 3" });
  assert.match(err.message, /^Cannot read pkg\.json: line 4, column 3: expected valid JSON \(/);
});

Deno.test("readPackageCsv() reads tables with a UTF-8 byte-order mark", async () => {
  const pkg = await csvRead({
    "candidates.csv": (t) => "\uFEFF" + t,
    "package.csv": (t) => "\uFEFF" + t,
  });
  assert.deepEqual(pkg, expected);
});

Deno.test("readPackageCsv() reads tables with CRLF line ends", async () => {
  const crlf = (t: string) => t.replaceAll("\n", "\r\n");
  const pkg = await csvRead({ "coverage.csv": crlf, "units.csv": crlf, "queries.csv": crlf });
  assert.deepEqual(pkg, expected);
});

Deno.test("readPackageCsv() reads a quoted field holding a newline", async () => {
  const pkg = await csvRead({
    "candidates.csv": (t) => t.replace("I am vegetarian.,", '"I am\r\nvegetarian, truly",'),
  });
  assert.equal(pkg.candidates[0].text, "I am\r\nvegetarian, truly");
  assert.equal(pkg.candidates[1].id, "e1.fact");
  assert.equal(pkg.experiences[1].text, 'Line one,\nline "two"');
});

Deno.test("readPackageCsv() reads a table with a trailing blank line", async () => {
  const pkg = await csvRead({
    "coverage.csv": (t) => t + "\n",
    "units.csv": (t) => t + "\n\n",
  });
  assert.deepEqual(pkg, expected);
});

Deno.test("readPackageCsv() rejects an empty numeric cell with file, row and column", async () => {
  const err = await csvError({
    "candidates.csv": (t) => t.replace("e1.fact,e1,fact,2,", "e1.fact,e1,fact,,"),
  });
  assert.equal(err.file, "candidates.csv");
  assert.deepEqual(err.where, { row: 2, column: "cost" });
  assert.equal(
    err.message,
    "Cannot read candidates.csv: row 2, column cost: expected a finite number, got an empty cell",
  );
});

Deno.test("readPackageCsv() rejects a negative cost with file, row and column", async () => {
  const err = await csvError({
    "candidates.csv": (t) => t.replace("e2.tomb,e2,tombstone,1,", "e2.tomb,e2,tombstone,-1,"),
  });
  assert.equal(err.file, "candidates.csv");
  assert.deepEqual(err.where, { row: 5, column: "cost" });
  assert.match(
    err.message,
    /^Cannot read candidates\.csv: row 5, column cost: Too small: expected number to be >0/,
  );
});

Deno.test("parsePackageJson() rejects a zero cost with its JSON path", () => {
  const err = jsonError((p) => p.candidates[1].cost = 0);
  assert.equal(err.file, "pkg.json");
  assert.deepEqual(err.where, { path: "candidates[1].cost" });
  assert.match(
    err.message,
    /^Cannot read pkg\.json: candidates\[1\]\.cost: Too small: expected number to be >0/,
  );
});

Deno.test("readers reject a non-finite cost (Infinity, NaN in CSV; 1e999 in JSON)", async () => {
  for (const bad of ["Infinity", "NaN", "1e999"]) {
    const err = await csvError({
      "candidates.csv": (t) => t.replace("e1.raw,e1,raw,4,", `e1.raw,e1,raw,${bad},`),
    });
    assert.deepEqual([err.file, err.where], ["candidates.csv", { row: 1, column: "cost" }]);
    assert.match(
      err.message,
      new RegExp(`row 1, column cost: expected a finite number, got "${bad}"`),
    );
  }
  const text = packageToJson(smallPackage()).replace('"cost": 4,', '"cost": 1e999,');
  const err = jsonTextError(text);
  assert.deepEqual(err.where, { path: "candidates[0].cost" });
  assert.match(err.message, /^Cannot read pkg\.json: candidates\[0\]\.cost: .*received Infinity/);
});

Deno.test("parsePackageJson() rejects a coverage value outside [0, 1]", () => {
  const err = jsonError((p) => p.coverage[3].value = 1.25);
  assert.deepEqual(err.where, { path: "coverage[3].value" });
  assert.match(
    err.message,
    /^Cannot read pkg\.json: coverage\[3\]\.value: Too big: expected number to be <=1/,
  );
});

Deno.test("readPackageCsv() rejects a dangling unit id in coverage.csv", async () => {
  const err = await csvError({
    "coverage.csv": (t) => t.replace("e2.raw,diet:inv,", "e2.raw,diet:nope,"),
  });
  assert.deepEqual([err.file, err.where], ["coverage.csv", { row: 4, column: "unit" }]);
  assert.equal(
    err.message,
    "Cannot read coverage.csv: row 4, column unit: dangling unit id 'diet:nope'",
  );
});

Deno.test("parsePackageJson() rejects a duplicate candidate id", () => {
  const err = jsonError((p) => p.candidates[4].id = "e2.raw");
  assert.deepEqual(err.where, { path: "candidates[4].id" });
  // The renamed candidate also leaves a dangling coverage row: one more problem.
  assert.equal(
    err.message,
    "Cannot read pkg.json: candidates[4].id: duplicate candidate id 'e2.raw'; coverage[6].candidate: dangling candidate id 'e2.tomb'",
  );
});

Deno.test("readPackageCsv() rejects an empty group (experience with no candidate)", async () => {
  const err = await csvError({ "experiences.csv": (t) => t + "e3,2,,,\n" });
  assert.deepEqual([err.file, err.where], ["experiences.csv", { row: 3, column: "id" }]);
  assert.equal(
    err.message,
    "Cannot read experiences.csv: row 3, column id: empty group: experience 'e3' has no candidate",
  );
});

Deno.test("readPackageCsv() rejects a query with no required units", async () => {
  const err = await csvError({ "queries.csv": (t) => t.replace("q2,diet:veg,", "q2,,") });
  assert.deepEqual([err.file, err.where], ["queries.csv", { row: 2, column: "required_units" }]);
  assert.equal(
    err.message,
    "Cannot read queries.csv: row 2, column required_units: expected at least one required unit R(q)",
  );
});

Deno.test("readers reject a budget <= 0 (JSON path, package.csv row 1)", async () => {
  const err = jsonError((p) => p.budgets = [3, 0]);
  assert.deepEqual(err.where, { path: "budgets[1]" });
  assert.match(
    err.message,
    /^Cannot read pkg\.json: budgets\[1\]: Too small: expected number to be >0/,
  );
  const csv = await csvError({ "package.csv": (t) => t.replace("3;7.5;20", "3;-7.5") });
  assert.deepEqual([csv.file, csv.where], ["package.csv", { row: 1, column: "budgets" }]);
});
