import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";
import {
  ImportedAdjudicator,
  loadImportedCoverage,
  parseImportedCoverage,
} from "../../lib/adjudicate/imported.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import { withTempDir } from "../_tmp.ts";

const K1 = coverageCellKey("Ann adopted a cat named Tom.", "Ann: I adopted a cat named Tom.");

Deno.test("parseImportedCoverage() reads CSV and JSONL labels keyed by content", () => {
  const csv = `key,value,rationale,memory\n${K1},1,says so,Ann...\n${"a".repeat(64)},0.5,,x\n`;
  const a = parseImportedCoverage(csv, "csv", "h.csv");
  assert.deepEqual([...a], [[K1, { value: 1, rationale: "says so" }], ["a".repeat(64), {
    value: 0.5,
  }]]);
  const jsonl = `{"key":"${K1}","value":1}\n\n{"key":"${"b".repeat(64)}","value":0}\n`;
  assert.deepEqual(
    [...parseImportedCoverage(jsonl, "jsonl")].map(([k, v]) => [k.slice(0, 2), v.value]),
    [
      [K1.slice(0, 2), 1],
      ["bb", 0],
    ],
  );
  // An identical repeat is fine.
  assert.equal(parseImportedCoverage(`key,value\n${K1},1\n${K1},1\n`, "csv").size, 1);
});

Deno.test("parseImportedCoverage() names the row and column of bad input", () => {
  const err = (f: () => unknown, re: RegExp) =>
    assert.throws(f, (e: unknown) => e instanceof InputError && re.test(e.message));
  err(
    () => parseImportedCoverage(`key,value\nabc,1\n`, "csv", "h.csv"),
    /h\.csv: row 1, column key: a content key/,
  );
  err(
    () => parseImportedCoverage(`key,value\n${K1},1.5\n`, "csv", "h.csv"),
    /row 1, column value: a coverage value in \[0, 1\], got "1\.5"/,
  );
  err(() => parseImportedCoverage(`key,value\n${K1},\n`, "csv"), /column value/);
  err(
    () => parseImportedCoverage(`key,label\n${K1},full\n`, "csv"),
    /a header with columns key and value/,
  );
  err(
    () => parseImportedCoverage(`key,value\n${K1},1\n${K1},0\n`, "csv"),
    /row 2, column value: the same value/,
  );
  err(
    () => parseImportedCoverage(`{"key":"${K1}","value":1}\nnope\n`, "jsonl", "h.jsonl"),
    /h\.jsonl: line 2, column 2: expected valid JSON/,
  );
  err(() => parseImportedCoverage(`[1]\n`, "jsonl"), /line 1: expected a JSON object per line/);
  err(() => parseImportedCoverage(`{"key":"${K1}","value":"x"}\n`, "jsonl"), /line 1\.value/);
});

Deno.test("ImportedAdjudicator answers from the labels, counts misses and falls back", async () => {
  const labels = new Map([[K1, { value: 1, rationale: "human" }]]);
  const req = {
    packageId: "p",
    memory: { id: "c1", text: "Ann adopted a cat named Tom." },
    units: [
      { id: "u1", text: "Ann: I adopted a cat named Tom.", family: "fact" },
      { id: "u2", text: "Ann: Tom is a cat.", family: "fact" },
    ],
  };
  const plain = new ImportedAdjudicator("human_a", labels);
  assert.deepEqual(await plain.adjudicate(req), [
    { unit: "u1", value: 1, provenance: "imported:human_a", rationale: "human" },
  ]);
  assert.deepEqual([plain.hits, plain.misses], [1, 1]);
  const withFallback = new ImportedAdjudicator("human_a", labels, {
    fallback: new LexicalAdjudicator(),
  });
  assert.deepEqual(
    (await withFallback.adjudicate(req)).map((e) => [e.unit, e.value, e.provenance]),
    [
      ["u1", 1, "imported:human_a"],
      ["u2", 1, "lexical"],
    ],
  );
});

Deno.test("loadImportedCoverage() refuses another extension and a missing file with an InputError naming it", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/cells.txt`, "");
    for (const path of [`${dir}/cells.txt`, `${dir}/missing.csv`]) {
      await assert.rejects(
        () => loadImportedCoverage(path),
        (e: unknown) => e instanceof InputError && e.file === path,
      );
    }
  });
});
