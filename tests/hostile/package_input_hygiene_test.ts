// Finding 6 of issue 10: input hygiene in the package readers.
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { readArtifactPackage } from "../../lib/package/artifact_jsonl.ts";
import { readPackageCsv } from "../../lib/package/csv_io.ts";
import { packageToJson, parsePackageJson, writePackageJson } from "../../lib/package/json_io.ts";
import { MAX_JSON_DEPTH } from "../../lib/base/json_text.ts";
import { csvDir } from "../package/_csv_dir.ts";
import { smallPackage } from "../package/_fixture.ts";

const SYNTHETIC = new URL("../package/fixtures/artifact_synthetic/", import.meta.url).pathname;

function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

/** Every string in a value (deep). */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v !== null && typeof v === "object") return Object.values(v).flatMap(strings);
  return [];
}

Deno.test("readPackageCsv() reads an LF header with CRLF rows (and any mixture) without a stray \\r", async () => {
  const lf = await readPackageCsv(await csvDir());
  const toMixed = (t: string) => {
    const [head, ...rows] = t.split("\n");
    // LF header, then CRLF, LF and CR line ends in turn.
    return head + "\n" + rows.map((r, i) => r + (["\r\n", "\n", "\r"][i % 3])).join("");
  };
  const files = ["package.csv", "experiences.csv", "candidates.csv", "units.csv", "coverage.csv"];
  const mixed = await readPackageCsv(
    await csvDir(Object.fromEntries(files.map((f) => [f, toMixed]))),
  );
  assert.deepEqual(mixed, lf);
  // Quoted line breaks inside a cell are kept as written (CRLF inside the quotes stays).
  assert.ok(strings(mixed).every((s) => !s.endsWith("\r")));
  assert.equal(mixed.experiences[1].text, 'Line one,\nline "two"');
});

Deno.test('readPackageCsv() shows invisible characters in a bad cell: got "2\\r"', async () => {
  const dir = await csvDir({ "candidates.csv": (t) => t.replace(",2,", ',"2\r",') });
  const err = await readPackageCsv(dir).then(() => null, (e) => e);
  assert.ok(err instanceof InputError, String(err));
  assert.match(err.message, /row 2, column cost: expected a finite number, got "2\\r"$/);
});

Deno.test("parsePackageJson() and readPackageCsv() refuse a cost of 1e-400: it underflows to 0", async () => {
  const text = packageToJson(smallPackage()).replace('"cost": 2,', '"cost": 1e-400,');
  const err = inputError(() => parsePackageJson(text, "p.json"));
  assert.equal(
    err.message,
    "Cannot read p.json: candidates[1].cost: expected a number a double can hold, got 1e-400 (underflows to 0)",
  );
  // A literal that is really zero, or tiny but representable, is not an underflow.
  assert.throws(
    () => parsePackageJson(text.replace("1e-400", "0e5"), "p.json"),
    /candidates\[1\]\.cost: Too small/,
  );
  assert.equal(
    parsePackageJson(text.replace("1e-400", "1e-300"), "p.json").candidates[1].cost,
    1e-300,
  );
  // Not fooled by a string that looks like a number.
  const quoted = text.replace("1e-400", "2").replace(
    '"Vegetarian, then pescatarian"',
    '"1e-400"',
  );
  assert.equal(parsePackageJson(quoted, "p.json").description, "1e-400");
  const dir = await csvDir({ "candidates.csv": (t) => t.replace(",2,", ",1e-400,") });
  const csvErr = await readPackageCsv(dir).then(() => null, (e) => e);
  assert.ok(csvErr instanceof InputError);
  assert.match(
    csvErr.message,
    /row 2, column cost: expected a number a double can hold, got "1e-400" \(underflows to 0\)$/,
  );
});

Deno.test("parsePackageJson() refuses a meta nested deeper than MAX_JSON_DEPTH, naming the path; one within it writes back", async () => {
  const base = JSON.parse(packageToJson(smallPackage()));
  delete base.meta;
  const nested = (d: number) => '{"a":'.repeat(d) + "1" + "}".repeat(d);
  const withMeta = (d: number) => JSON.stringify(base).replace(/}$/, `,"meta":${nested(d)}}`);
  const ok = parsePackageJson(withMeta(MAX_JSON_DEPTH - 1), "p.json");
  const path = await Deno.makeTempFile({ suffix: ".json" });
  await writePackageJson(path, ok); // no RangeError
  assert.deepEqual(parsePackageJson(await Deno.readTextFile(path), "p.json"), ok);
  const err = inputError(() => parsePackageJson(withMeta(10_000), "p.json"));
  assert.ok(err.message.startsWith("Cannot read p.json: meta" + ".a".repeat(MAX_JSON_DEPTH - 2)));
  assert.ok(err.message.endsWith(`: expected at most ${MAX_JSON_DEPTH} levels of nesting`));
  await Deno.remove(path);
  // The same check on a CSV meta cell.
  const dir = await csvDir({
    "package.csv": (t) =>
      t.replace(/"\{""origin"".*"\n$/, `"${nested(10_000).replaceAll('"', '""')}"\n`),
  });
  const csvErr = await readPackageCsv(dir).then(() => null, (e) => e);
  assert.ok(csvErr instanceof InputError, String(csvErr));
  assert.match(
    csvErr.message,
    /row 1, column meta: a(\.a)+: expected at most 256 levels of nesting$/,
  );
});

Deno.test("readArtifactPackage() refuses a duplicate key in a JSONL row, naming line and field", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_art_" });
  for await (const f of Deno.readDir(SYNTHETIC)) {
    await Deno.copyFile(SYNTHETIC + f.name, `${dir}/${f.name}`);
  }
  const file = `${dir}/candidate_memories.jsonl`;
  const text = await Deno.readTextFile(file);
  await Deno.writeTextFile(file, text.replace('"cost": 2,', '"cost": 2, "cost": 20,'));
  const err = await readArtifactPackage(dir).then(() => null, (e) => e);
  assert.ok(err instanceof InputError, String(err));
  assert.equal(
    err.message,
    `Cannot read ${file}: line 1, field cost: expected each key once in an object; "cost" repeats (JSON keeps only the last)`,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("parsePackageJson() refuses an id with a lone surrogate: UTF-8 files cannot hold it", () => {
  // "\ud800" is valid JSON text; written back to a file it would become U+FFFD.
  const text = packageToJson(smallPackage()).replaceAll('"e1.fact"', '"e1.fact\\ud800"');
  const err = inputError(() => parsePackageJson(text, "p.json"));
  assert.match(
    err.message,
    /^Cannot read p\.json: candidates\[1\]\.id: expected an id of well-formed Unicode/,
  );
  // A well-formed astral character (a surrogate pair) is a fine id.
  const ok = parsePackageJson(text.replaceAll("\\ud800", "\\ud83d\\ude00"), "p.json");
  assert.equal(ok.candidates[1].id, "e1.fact\u{1F600}");
});
