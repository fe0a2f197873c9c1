import assert from "node:assert/strict";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import { readMcpMemory } from "../../lib/systems/mcp_memory.ts";
import { readStoreFileDetected } from "../../lib/systems/read_store.ts";
import { timeOrder } from "../../lib/systems/time_order.ts";
import { FIX } from "./_fixtures.ts";

// tests/systems/fixtures/mcp_memory.jsonl and mcp_read_graph.json were written by
// @modelcontextprotocol/server-memory 2026.8.31 (see the fixtures README).
const MEMORIES = [
  ["Caroline#0", "Caroline: Attended an LGBTQ support group on 7 May 2023", "observation"],
  ["Caroline#1", "Caroline: Plans a career in counseling and mental health", "observation"],
  ["Melanie#0", "Melanie: Painted a lake sunrise in 2022", "observation"],
  ["Melanie#1", "Melanie: Is busy with her kids and her work", "observation"],
  ["Caroline|attended|LGBTQ_support_group", "Caroline attended LGBTQ_support_group", "relation"],
  ["Melanie|is_friend_of|Caroline", "Melanie is friend of Caroline", "relation"],
];
const BARE = {
  code: "dropped",
  record: "(entities)",
  field: "observations",
  detail: "1 entity(ies) without observations (LGBTQ_support_group): no memory of their own",
};

Deno.test("readMcpMemory() reads memory.jsonl: observations and relations as memories", async () => {
  const r = await readStoreFileDetected(FIX + "mcp_memory.jsonl", "auto");
  assert.deepEqual([r.format, r.reason], [
    "mcp_memory",
    "MCP memory server memory.jsonl: 5 line(s) of entities and relations",
  ]);
  const [s] = r.stores;
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.scope]), MEMORIES);
  assert.deepEqual(s.memories.map((m) => m.source), [
    "mcp_memory",
    "mcp_memory",
    "mcp_memory",
    "mcp_memory",
    "mcp_memory:relation",
    "mcp_memory:relation",
  ]);
  assert.deepEqual(s.memories.map((m) => m.created_at), Array(6).fill(undefined));
  assert.deepEqual(timeOrder(s.memories).map((m) => m.order), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(s.problems, [BARE]);
  assert.deepEqual(s.memories.filter((m) => m.scope === "observation").length, 4);
});

Deno.test("readMcpMemory() reads the read_graph result the same way", async () => {
  const r = await readStoreFileDetected(FIX + "mcp_read_graph.json", "auto");
  assert.deepEqual([r.format, r.reason], [
    "mcp_memory",
    "the MCP memory server's graph {entities, relations} (read_graph)",
  ]);
  assert.deepEqual(r.stores[0].memories.map((m) => [m.id, m.text, m.scope]), MEMORIES);
  assert.deepEqual(r.stores[0].problems, [BARE]);
  const parsed = readMcpMemory(JSON.parse(await Deno.readTextFile(FIX + "mcp_read_graph.json")));
  assert.deepEqual(parsed.memories.map((m) => m.id), MEMORIES.map((m) => m[0]));
});

Deno.test("readMcpMemory() drops empty and repeated observations and relations, reports fields", () => {
  const s = readMcpMemory(
    [
      '{"type":"entity","name":"Tim","entityType":"person","observations":["Reads","","Reads"],"x":1}',
      "",
      '{"type":"relation","from":"Tim","to":"John","relationType":"knows"}',
      '{"type":"relation","from":"Tim","to":"John","relationType":"knows"}',
    ].join("\r\n"),
  );
  assert.deepEqual(s.memories.map((m) => [m.id, m.text]), [
    ["Tim#0", "Tim: Reads"],
    ["Tim|knows|John", "Tim knows John"],
  ]);
  assert.deepEqual(s.problems, [
    {
      code: "dropped",
      record: "line 1.observations[1] (id 'Tim#1')",
      field: "observations",
      detail: "empty observation",
    },
    {
      code: "dropped",
      record: "line 1.observations[2] (id 'Tim#2')",
      field: "observations",
      detail: "observation repeats one of its entity",
    },
    {
      code: "dropped",
      record: "line 4 (id 'Tim|knows|John')",
      detail: "relation repeats an earlier one",
    },
    {
      code: "unmapped_field",
      record: "line 1 (id 'Tim')",
      field: "x",
      detail: "field 'x' of 1 entity record(s) is not mapped (kept in raw)",
    },
  ]);
});

Deno.test("readMcpMemory() names the line and field of a malformed record", () => {
  const err = (text: string) => {
    try {
      readMcpMemory(text, { file: "memory.jsonl" });
    } catch (e) {
      assert.ok(e instanceof ExportFormatError);
      return [e.field, e.message];
    }
    assert.fail("expected an ExportFormatError");
  };
  const ent = '{"type":"entity","name":"Tim","entityType":"person","observations":[]}';
  assert.deepEqual(err(`${ent}\n{"type":"node","name":"x"}`), [
    "type",
    `Cannot read memory.jsonl: line 2.type: mcp_memory: expected "entity" or "relation", got string "node" (record id 'x')`,
  ]);
  assert.deepEqual(err(`${ent}\n${ent}`), [
    "name",
    "Cannot read memory.jsonl: line 2.name: mcp_memory: expected unique entity names, 'Tim' repeats (record id 'Tim')",
  ]);
  assert.deepEqual(
    err('{"type":"entity","name":"Tim","entityType":"p","observations":[3]}\n' + ent),
    [
      "observations[0]",
      "Cannot read memory.jsonl: line 1.observations[0]: mcp_memory: expected a string, got number 3 (record id 'Tim')",
    ],
  );
  assert.deepEqual(err(`${ent}\n{"type":"relation","from":"Tim","to":""}`), [
    "to",
    "Cannot read memory.jsonl: line 2.to: mcp_memory: expected a non-empty string",
  ]);
  assert.deepEqual(err(`${ent}\n{"type":`), [
    "",
    "Cannot read memory.jsonl: line 2, column 9: mcp_memory: expected valid JSON (Unexpected end of JSON input)",
  ]);
});
