// Finding 6 of issue 10: the store adapters share the package readers' checks.
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import { readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { readStore, readStoreFile } from "../../lib/systems/read_store.ts";
import { typeName } from "../../lib/systems/_read.ts";
import { FIX } from "./_fixtures.ts";

const tmp = async (bytes: Uint8Array | string, suffix = ".json") => {
  const path = await Deno.makeTempFile({ suffix });
  if (typeof bytes === "string") await Deno.writeTextFile(path, bytes);
  else await Deno.writeFile(path, bytes);
  return path;
};

Deno.test("readStoreFile() accepts a leading byte-order mark, as the package readers do", async () => {
  const text = await Deno.readTextFile(FIX + "mem0_get_all_v2.json");
  const plain = await readStoreFile(await tmp(text), "mem0_get_all", { file: "x.json" });
  const bom = await readStoreFile(await tmp("\uFEFF" + text), "mem0_get_all", { file: "x.json" });
  assert.deepEqual(bom, plain);
  const jsonl = (await Deno.readTextFile(FIX + "generic.jsonl")).trim();
  const rows = await readStoreFile(
    await tmp("\uFEFF" + jsonl + "\r\n", ".jsonl"),
    "generic_jsonl",
    {
      file: "g.jsonl",
    },
  );
  assert.equal(rows.length, 1);
});

Deno.test("readStoreFile() refuses bytes that are not UTF-8, naming file and line", async () => {
  const text = await Deno.readTextFile(FIX + "mem0_get_all_v2.json");
  const bytes = new TextEncoder().encode(text);
  const at = text.indexOf("Caroline");
  const bad = new Uint8Array([...bytes.subarray(0, at), 0xff, ...bytes.subarray(at)]);
  const path = await tmp(bad);
  const line = text.slice(0, at).split("\n").length;
  await assert.rejects(() => readStoreFile(path, "mem0_get_all"), (e: Error) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.message, `Cannot read ${path}: line ${line}: expected UTF-8 text`);
    return true;
  });
  // A missing file is an InputError too (one line in the CLI), not a raw NotFound.
  await assert.rejects(() => readStoreFile(path + ".missing", "mem0_get_all"), InputError);
});

Deno.test("readStoreFile() refuses a duplicate JSON key at its path (JSON file and JSONL line)", async () => {
  const text = await Deno.readTextFile(FIX + "mem0_get_all_v2.json");
  const dup = text.replace('"hash": "h1",', '"hash": "h1", "memory": "second",');
  const path = await tmp(dup);
  await assert.rejects(
    () => readStoreFile(path, "mem0_get_all", { file: "m.json" }),
    (e: Error) => {
      assert.ok(e instanceof ExportFormatError);
      assert.equal(
        e.message,
        'Cannot read m.json: results[0].memory: mem0_get_all: expected each key once in an object; "memory" repeats (JSON keeps only the last)',
      );
      return true;
    },
  );
  const jsonl = (await Deno.readTextFile(FIX + "generic.jsonl")).trim();
  const dupLine = jsonl + "\n" +
    jsonl.replace('"memories"', '"system": "a", "system": "b", "memories"');
  await assert.rejects(
    async () => readStoreFile(await tmp(dupLine, ".jsonl"), "generic_jsonl", { file: "g.jsonl" }),
    /Cannot read g\.jsonl: line 2, field system: generic_jsonl: expected each key once in an object; "system" repeats/,
  );
});

Deno.test("adapter messages never read 'got undefined undefined' and quote invisible characters", () => {
  assert.equal(typeName(undefined), "nothing (the field is missing)");
  assert.equal(typeName("1\r"), 'string "1\\r"');
  assert.equal(typeName(2), "number 2");
  assert.throws(() => readMem0GetAll({ results: [{ id: "m1" }] }), (e: Error) => {
    assert.doesNotMatch(e.message, /undefined undefined/);
    assert.match(
      e.message,
      /memory: mem0_get_all: expected a string, got nothing \(the field is missing\)/,
    );
    return true;
  });
});

// --- Cases from tests/systems/out_of_range_number_test.ts (out of range) ---
/**
 * A store number past the double range (1e400) is named as such. Before: the error said
 * "expected a finite number or null, got number null" (JSON.stringify(Infinity) is "null"),
 * as if the file held null.
 */
Deno.test("mem0_get_all: score 1e400 is reported as out of range, not as null (out of range)", () => {
  const data = JSON.parse('{"results": [{"id": "a", "memory": "x y", "score": 1e400}]}');
  assert.throws(
    () => readStore(data, "mem0_get_all", { file: "s.json" }),
    (e: Error) => {
      assert.match(e.message, /results\[0\]\.score/);
      assert.match(e.message, /got number Infinity \(out of range\)/);
      assert.doesNotMatch(e.message, /got number null/);
      return true;
    },
  );
});

// --- Cases from tests/systems/adapters_test.ts ---
Deno.test("readStoreFile() reads every fixture through one entry point", async () => {
  const cases = [
    ["mem0_get_all_v1.1.json", "mem0_get_all"],
    ["mem0_events.json", "mem0_events"],
    ["letta_memory.json", "letta"],
    ["letta_agent_v2.af", "letta_agent_file"],
    ["amem_chroma.json", "amem"],
    ["generic.jsonl", "generic_jsonl"],
  ] as const;
  for (const [file, format] of cases) {
    const [s] = await readStoreFile(FIX + file, format, { view: "content" });
    assert.equal(s.memories.length, 4, file);
    assert.equal(s.file, FIX + file);
  }
});
