import assert from "node:assert/strict";
import { MEM0_PAGE_SIZES, readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import { fixtureJson, sharedFormat, TEXTS } from "./_fixtures.ts";

// tests/systems/fixtures/mem0_3x_*.json were written by mem0ai 3.3.1 (see the fixtures README).
const IDS = [
  "40189f81-21e4-4d1d-ae88-72e4dbff17c0",
  "15325981-e877-43a5-9723-3b2757d113a2",
  "64759e5d-4cfb-49a8-a9d2-6d8ec83348a2",
  "61fda7dc-0777-4b82-85d9-feac60df0ec4",
];

Deno.test("readMem0GetAll() reads mem0 3.x getAll() camelCase times without warnings", async () => {
  const s = readMem0GetAll(await fixtureJson("mem0_3x_get_all.json"), { file: "3x.json" });
  assert.deepEqual(s.memories.map((m) => m.id), IDS);
  assert.deepEqual(s.memories.map((m) => m.text), [
    "Caroline attended an LGBTQ support group on 7 May 2023.",
    "Caroline plans a career in counseling and mental health.",
    "Melanie painted a lake sunrise in 2022.",
    "Melanie is busy with her kids and her work.",
  ]);
  assert.deepEqual(s.memories.map((m) => m.created_at), [
    "2026-12-03T06:30:07.718Z",
    "2026-12-03T06:30:07.969Z",
    "2026-12-03T06:30:08.014Z",
    "2026-12-03T06:30:08.043Z",
  ]);
  assert.deepEqual(s.memories.map((m) => m.updated_at), [
    undefined,
    undefined,
    "2026-12-03T06:30:08.071Z",
    undefined,
  ]);
  assert.deepEqual(s.problems, []);
});

Deno.test("readMem0GetAll() warns on exactly 20 or 100 records (one getAll() page)", async () => {
  const page = readMem0GetAll(await fixtureJson("mem0_3x_get_all_page20.json"));
  assert.equal(page.memories.length, 20);
  assert.equal(page.memories[19].text, "Fact number 20 about John.");
  assert.deepEqual(page.problems, [{
    code: "truncated",
    record: "(root)",
    field: "results",
    detail: "exactly 20 records, a page size of Mem0's get_all() (mem0 3.x getAll() topK " +
      "default 20, Python limit 100): the store may hold more; export with a larger topK / limit",
  }]);
  assert.deepEqual(MEM0_PAGE_SIZES, [20, 100]);
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `m${i}`, memory: `fact ${i}` }));
  assert.deepEqual(readMem0GetAll(list(100)).problems.map((p) => [p.code, p.field]), [[
    "truncated",
    undefined,
  ]]);
  assert.deepEqual(readMem0GetAll(list(19)).problems, []);
  assert.deepEqual(readMem0GetAll({ results: list(21) }).problems, []);
});

Deno.test("readMem0GetAll() prefers created_at over createdAt and reports a mismatch", () => {
  const s = readMem0GetAll({
    results: [{
      id: "a",
      memory: "x",
      created_at: "2026-01-01T00:00:00Z",
      createdAt: "2026-01-02",
    }],
  });
  assert.equal(s.memories[0].created_at, "2026-01-01T00:00:00Z");
  assert.deepEqual(s.problems, [{
    code: "coerced",
    record: "results[0] (id 'a')",
    field: "createdAt",
    detail:
      'createdAt "2026-01-02" differs from created_at "2026-01-01T00:00:00Z": created_at used',
  }]);
  assert.throws(
    () => readMem0GetAll({ results: [{ id: "a", memory: "x", updatedAt: 5 }] }, { file: "f" }),
    (e: unknown) =>
      e instanceof ExportFormatError && e.field === "updatedAt" &&
      e.message ===
        "Cannot read f: results[0].updatedAt: mem0_get_all: expected a string or null, got number 5 (record id 'a')",
  );
});

// --- Cases from tests/systems/adapters_test.ts ---
Deno.test("readMem0GetAll() reads v1.1 results and reports the graph relations", async () => {
  const s = readMem0GetAll(await fixtureJson("mem0_get_all_v1.1.json"), { file: "v11.json" });
  assert.deepEqual(s.memories.map((m) => m.id), ["m1", "m2", "m3", "m4"]);
  assert.deepEqual(s.memories.map((m) => m.text), TEXTS);
  assert.equal(s.memories[0].created_at, "2023-05-08T06:56:00-07:00");
  assert.equal(s.memories[2].updated_at, "2023-05-08T08:00:00-07:00");
  assert.equal(s.memories[0].source, "mem0");
  assert.equal((s.memories[0].raw as { hash: string }).hash, "h1");
  assert.deepEqual(s.problems, [{
    code: "not_mapped",
    record: "(root)",
    field: "relations",
    detail: "2 graph relation(s) are not memories of the store: not mapped",
  }]);
});

Deno.test("readMem0GetAll() reads 2.x results, a v1.0 list and search scores as salience", async () => {
  const v2 = readMem0GetAll(await fixtureJson("mem0_get_all_v2.json"));
  assert.deepEqual(v2.memories.map((m) => m.id), ["m1", "m2", "m3", "m4"]);
  assert.deepEqual(v2.problems, []);
  const list = readMem0GetAll([{ id: "a", memory: "x y", score: 0.25 }, { id: "b", memory: " " }]);
  assert.deepEqual(list.memories.map((m) => [m.id, m.salience]), [["a", 0.25]]);
  assert.equal(list.problems[0].code, "dropped");
  assert.equal(list.problems[0].record, "[1] (id 'b')");
  const search = readMem0GetAll(await fixtureJson("mem0_search.json"));
  assert.deepEqual(search.memories.map((m) => [m.id, m.salience]), [["s1", 0.91], ["s2", 0.42]]);
  assert.deepEqual(search.problems.map((p) => [p.code, p.field]), [["not_mapped", "relations"]]);
});

const SEARCH_EXAMPLE = sharedFormat("mem0_v1.1_search_example.json");

Deno.test({
  name: "readMem0GetAll() reads the shared search() example's score as salience",
  ignore: SEARCH_EXAMPLE === null,
  fn: async () => {
    const search = readMem0GetAll(JSON.parse(await Deno.readTextFile(SEARCH_EXAMPLE!)));
    assert.equal(search.memories[0].salience, 0.83);
  },
});
