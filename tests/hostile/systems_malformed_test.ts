import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { readAmemNotes } from "../../lib/systems/amem_notes.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import { readGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { readLettaAgentFile } from "../../lib/systems/letta_agent_file.ts";
import { readLettaMemory } from "../../lib/systems/letta_memory.ts";
import { replayMem0Events } from "../../lib/systems/mem0_events.ts";
import { readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { FIX, fixtureJson } from "../systems/_fixtures.ts";

/** Runs `f`, expects an ExportFormatError and returns it. */
function expectError(f: () => unknown): ExportFormatError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof ExportFormatError, `expected ExportFormatError, got ${e}`);
    assert.ok(e instanceof InputError);
    return e;
  }
  assert.fail("expected an error");
}

// deno-lint-ignore no-explicit-any
type Json = any;
const clone = async (name: string): Promise<Json> => structuredClone(await fixtureJson(name));

Deno.test("readMem0GetAll() names the record and field of a malformed memory", async () => {
  const data = await clone("mem0_get_all_v1.1.json");
  data.results[2].memory = 42;
  const e = expectError(() => readMem0GetAll(data, { file: "m.json" }));
  assert.deepEqual([e.record.path, e.record.index, e.record.id, e.field], [
    "results[2]",
    2,
    "m3",
    "memory",
  ]);
  assert.equal(
    e.message,
    "Cannot read m.json: results[2].memory: mem0_get_all: expected a string, got number 42 (record id 'm3')",
  );
  const dup = await clone("mem0_get_all_v2.json");
  dup.results[3].id = "m1";
  assert.equal(expectError(() => readMem0GetAll(dup)).field, "id");
  const e2 = expectError(() => readMem0GetAll({ results: "x" }));
  assert.deepEqual([e2.record.path, e2.field], ["(root)", "results"]);
});

Deno.test("replayMem0Events() names the record and field of a malformed event", async () => {
  const data = await clone("mem0_events.json");
  data.add_return[1].results[0].event = "MERGE";
  const e = expectError(() => replayMem0Events(data));
  assert.deepEqual([e.record.path, e.record.index, e.record.id, e.field], [
    "add_return[1].results[0]",
    0,
    "m3",
    "event",
  ]);
  const h = await clone("mem0_events.json");
  delete h.history[3].new_memory;
  const e2 = expectError(() => replayMem0Events(h));
  assert.deepEqual([e2.record.path, e2.record.id, e2.field], ["history[3]", "m3", "new_memory"]);
});

Deno.test("readLettaMemory() names the record and field of a malformed passage or block", async () => {
  const data = await clone("letta_memory.json");
  delete data.passages[3].text;
  const e = expectError(() => readLettaMemory(data));
  assert.deepEqual([e.record.path, e.record.index, e.record.id, e.field], [
    "passages[3]",
    3,
    "m3",
    "text",
  ]);
  const e2 = expectError(() => readLettaMemory({ blocks: [{ label: "human", value: null }] }));
  assert.deepEqual([e2.record.path, e2.record.id, e2.field], ["blocks[0]", "human", "value"]);
});

Deno.test("readLettaAgentFile() names the agent and field of a dangling block id", async () => {
  const data = await clone("letta_agent_v2.af");
  data.agents[0].block_ids[1] = "block-404";
  const e = expectError(() => readLettaAgentFile(data));
  assert.deepEqual([e.record.path, e.record.id, e.field], ["agents[0]", "agent-0", "block_ids[1]"]);
  const bad = await clone("letta_agent_v2.af");
  bad.blocks[2].label = 7;
  const e2 = expectError(() => readLettaAgentFile(bad));
  assert.deepEqual([e2.record.path, e2.record.id, e2.field], ["blocks[2]", "m3", "label"]);
  assert.equal(expectError(() => readLettaAgentFile({ version: "1" })).field, "agents");
});

Deno.test("readAmemNotes() names the note and field of a malformed note, plain or ChromaDB", async () => {
  const data = await clone("amem_notes.json");
  data[1].keywords = "not a list {";
  const e = expectError(() => readAmemNotes(data));
  assert.deepEqual([e.record.path, e.record.index, e.record.id, e.field], [
    "[1]",
    1,
    "m2",
    "keywords",
  ]);
  const chroma = await clone("amem_chroma.json");
  chroma.metadatas[2].retrieval_count = "many";
  const e2 = expectError(() => readAmemNotes(chroma));
  assert.deepEqual([e2.record.path, e2.record.id, e2.field], [
    "metadatas[2]",
    "m3",
    "retrieval_count",
  ]);
  const short = await clone("amem_chroma.json");
  short.documents.pop();
  assert.equal(expectError(() => readAmemNotes(short)).field, "documents");
});

Deno.test("readGenericJsonl() names the line, memory and field of a malformed row", async () => {
  const good = (await Deno.readTextFile(FIX + "generic.jsonl")).trim();
  const row = JSON.parse(good);
  delete row.memories[2].text;
  const e = expectError(() => readGenericJsonl(`${good}\n${JSON.stringify(row)}\n`));
  assert.deepEqual([e.record.path, e.record.index, e.record.id, e.field], [
    "line 2 memories[2]",
    2,
    "m3",
    "text",
  ]);
  const e2 = expectError(() => readGenericJsonl(`${good}\n{not json\n`));
  assert.deepEqual([e2.record.path, e2.record.index], ["line 2, column 2", 2]);
  const e3 = expectError(() =>
    readGenericJsonl('{"memories":[{"id":"a","text":"x","salience":2}]}')
  );
  assert.equal(e3.field, "salience");
});
