/** lib/systems/letta_memory.ts: cases split out of tests/systems/adapters_test.ts. */
import assert from "node:assert/strict";
import { readLettaMemory } from "../../lib/systems/letta_memory.ts";
import { fixtureJson, sharedFormat } from "./_fixtures.ts";
import { ATOMS } from "./_fixtures.ts";
import type { MemoryStore } from "../../lib/systems/memory_store.ts";

const inScope = (s: MemoryStore, scope: string) => s.memories.filter((m) => m.scope === scope);

Deno.test("readLettaMemory() reads passages, drops deleted and repeated ones, reports both", async () => {
  const s = readLettaMemory(await fixtureJson("letta_memory.json"));
  assert.deepEqual(s.memories.map((m) => m.id), ["m1", "m2", "m3", "m4"]);
  assert.deepEqual(s.memories.map((m) => m.scope), [
    "archival",
    "archival",
    "archival",
    "archival",
  ]);
  assert.deepEqual(s.tombstones.map((t) => t.id), ["p-old"]);
  assert.deepEqual(s.problems.map((p) => [p.code, p.record]), [
    ["tombstone", "passages[2] (id 'p-old')"],
    ["dropped", "passages[4] (id 'p-dup')"],
  ]);
  const keep = readLettaMemory(await fixtureJson("letta_memory.json"), { dedupeArchival: false });
  assert.equal(keep.memories.length, 5);
});

Deno.test("readLettaMemory() reads core blocks with passages, each with its scope", async () => {
  const block = await fixtureJson("letta_core_block.json");
  const passage = await fixtureJson("letta_archival_passage.json");
  const s = readLettaMemory({ core_memory: { blocks: [block] }, archival_memory: [passage] });
  assert.deepEqual(s.memories.map((m) => [m.id, m.scope, m.source]), [
    ["block-fixture-human", "core", "letta:core:human"],
    ["passage-fixture-1", "archival", "letta:archival"],
  ]);
  assert.equal(s.memories[1].created_at, "2023-05-20T20:00:00Z");
  assert.deepEqual(inScope(s, "core").map((m) => m.id), ["block-fixture-human"]);
  assert.deepEqual(inScope(s, "archival").map((m) => m.id), ["passage-fixture-1"]);
  const atoms = readLettaMemory([block], { core: "atoms" });
  assert.deepEqual(atoms.memories.map((m) => m.text), ATOMS);
  assert.equal(atoms.problems[0].detail, "1 atom(s) under 4 words dropped");
});

const BLOCK_EXAMPLE = sharedFormat("letta_core_block_example.json");

const PASSAGE_EXAMPLE = sharedFormat("letta_archival_passage_example.json");

Deno.test({
  name: "readLettaMemory() reads the shared core block and passage examples",
  ignore: BLOCK_EXAMPLE === null || PASSAGE_EXAMPLE === null,
  fn: async () => {
    const block = JSON.parse(await Deno.readTextFile(BLOCK_EXAMPLE!));
    const passage = JSON.parse(await Deno.readTextFile(PASSAGE_EXAMPLE!));
    const s = readLettaMemory({ core_memory: { blocks: [block] }, archival_memory: [passage] });
    assert.deepEqual(s.memories.map((m) => [m.scope, m.source]), [
      ["core", "letta:core:human"],
      ["archival", "letta:archival"],
    ]);
    assert.deepEqual(inScope(s, "core").map((m) => m.id), ["block-..."]);
    assert.deepEqual(inScope(s, "archival").length, 1);
    const atoms = readLettaMemory([block], { core: "atoms" });
    assert.deepEqual(atoms.memories.map((m) => m.text), [
      "Transgender woman; attends LGBTQ support group; plans counseling career.",
    ]);
    assert.equal(atoms.problems[0].detail, "1 atom(s) under 4 words dropped");
  },
});
