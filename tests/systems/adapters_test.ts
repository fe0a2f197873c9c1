import assert from "node:assert/strict";
import { amemFullText, amemMetadataText, readAmemNotes } from "../../lib/systems/amem_notes.ts";
import { coreAtoms } from "../../lib/systems/core_atoms.ts";
import { filterScope } from "../../lib/systems/filter_scope.ts";
import { readGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { readLettaAgentFile } from "../../lib/systems/letta_agent_file.ts";
import { readLettaMemory } from "../../lib/systems/letta_memory.ts";
import { replayMem0Events } from "../../lib/systems/mem0_events.ts";
import { readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { readStoreFile } from "../../lib/systems/read_store.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { FIX, fixtureJson, sharedFormat } from "./_fixtures.ts";

const TEXTS = [
  "Caroline attended an LGBTQ support group on 7 May 2023.",
  "Caroline plans a career in counseling and mental health.",
  "Melanie painted a lake sunrise in 2022.",
  "Melanie is busy with her kids and her work.",
];
const ATOMS = ["Mother of two; paints landscapes; ran a charity race in May 2023."];

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

Deno.test("replayMem0Events() replays add()/history() to the final store with tombstones", async () => {
  const s = replayMem0Events(await fixtureJson("mem0_events.json"));
  assert.deepEqual(s.memories.map((m) => [m.id, m.text]), [
    ["m1", TEXTS[0]],
    ["m2", TEXTS[1]],
    ["m3", TEXTS[2]],
    ["m4", TEXTS[3]],
  ]);
  assert.equal(s.memories[2].created_at, "2023-05-08T14:05:00+00:00");
  assert.equal(s.memories[2].updated_at, "2023-05-08T15:00:00+00:00");
  assert.equal(s.memories[2].source, "mem0:history");
  assert.deepEqual(s.tombstones, [{
    id: "m5",
    text: "Melanie works at a bank.",
    deleted_at: "2023-05-08T15:00:00+00:00",
    source: "mem0:history",
  }]);
  assert.deepEqual(s.problems.map((p) => p.code), ["tombstone"]);
});

Deno.test("replayMem0Events() reports updates without adds, mismatches and revivals", () => {
  const s = replayMem0Events({
    results: [
      { id: "a", memory: "one", event: "ADD" },
      { id: "b", memory: "two", event: "UPDATE", previous_memory: "zwei" },
      { id: "a", memory: "uno", event: "UPDATE", previous_memory: "eins" },
      { id: "a", memory: "uno", event: "DELETE" },
      { id: "a", memory: "again", event: "ADD" },
      { id: "c", memory: "x", event: "NONE" },
    ],
  });
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.source]), [
    ["a", "again", "mem0:events"],
    ["b", "two", "mem0:events"],
  ]);
  assert.deepEqual(s.tombstones.map((t) => [t.id, t.text]), [["a", "uno"]]);
  assert.deepEqual(
    s.problems.map((p) => [p.code, p.record, p.detail.slice(0, 28)]),
    [
      ["replay", "results[2] (id 'a')", 'previous text "eins" differs'],
      ["tombstone", "results[3] (id 'a')", 'memory deleted (last text "u'],
      ["replay", "results[4] (id 'a')", "ADD after DELETE: memory rev"],
      ["replay", "results[1] (id 'b')", "UPDATE without an earlier AD"],
      ["not_mapped", "(events)", "1 NONE event(s): no change t"],
    ],
  );
});

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

Deno.test("readLettaMemory() reads core blocks with passages; filterScope() splits them", async () => {
  const block = await fixtureJson("letta_core_block.json");
  const passage = await fixtureJson("letta_archival_passage.json");
  const s = readLettaMemory({ core_memory: { blocks: [block] }, archival_memory: [passage] });
  assert.deepEqual(s.memories.map((m) => [m.id, m.scope, m.source]), [
    ["block-fixture-human", "core", "letta:core:human"],
    ["passage-fixture-1", "archival", "letta:archival"],
  ]);
  assert.equal(s.memories[1].created_at, "2023-05-20T20:00:00Z");
  assert.deepEqual(filterScope(s, ["core"]).memories.map((m) => m.id), ["block-fixture-human"]);
  assert.deepEqual(filterScope(s, ["archival"]).memories.map((m) => m.id), ["passage-fixture-1"]);
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
    assert.deepEqual(filterScope(s, ["core"]).memories.map((m) => m.id), ["block-..."]);
    assert.deepEqual(filterScope(s, ["archival"]).memories.length, 1);
    const atoms = readLettaMemory([block], { core: "atoms" });
    assert.deepEqual(atoms.memories.map((m) => m.text), [
      "Transgender woman; attends LGBTQ support group; plans counseling career.",
    ]);
    assert.equal(atoms.problems[0].detail, "1 atom(s) under 4 words dropped");
  },
});

Deno.test("coreAtoms() splits sentences, drops short and repeated atoms, cuts long ones", () => {
  const long = Array.from({ length: 95 }, (_, i) => `w${i}`).join(" ");
  const a = coreAtoms(
    `First name: Sam\nSam likes hiking a lot. He has two cats at home.\n${long}\nsam likes hiking a lot.`,
  );
  assert.deepEqual(a.atoms.slice(0, 2), ["Sam likes hiking a lot.", "He has two cats at home."]);
  assert.equal(a.atoms[2].split(" ").length, 90);
  assert.deepEqual([a.short, a.truncated, a.duplicates], [1, 1, 1]);
});

const LETTA_AF = sharedDataPath("letta-af");

Deno.test({
  name: "readLettaAgentFile() parses the three shared agent files",
  ignore: LETTA_AF === null,
  fn: async () => {
    const kb = readLettaAgentFile(
      JSON.parse(await Deno.readTextFile(LETTA_AF! + "/knowledge-base.af")),
    );
    assert.deepEqual(kb.memories.map((m) => [m.id, m.source, m.text.length]), [
      ["core:pinecone_results", "letta:af:interim-blue-raven:pinecone_results", 8912],
      ["core:search_queries", "letta:af:interim-blue-raven:search_queries", 1457],
    ]);
    const convo = readLettaAgentFile(
      JSON.parse(await Deno.readTextFile(LETTA_AF! + "/memgpt_agent_with_convo.af")),
    );
    assert.deepEqual(convo.memories.map((m) => m.id), ["core:persona", "core:human"]);
    assert.equal(convo.memories[1].created_at, "2025-04-01T03:47:27");
    assert.equal(convo.problems[0].detail, "91 message(s): not core memory, not mapped");
    const v2 = readLettaAgentFile(
      JSON.parse(
        await Deno.readTextFile(LETTA_AF! + "/test_basic_agent_with_blocks_tools_messages_v2.af"),
      ),
    );
    assert.deepEqual(v2.memories.map((m) => [m.id, m.source]), [
      ["block-0", "letta:af:agent-0:persona"],
      ["block-1", "letta:af:agent-0:human"],
      ["block-2", "letta:af:agent-0:project_context"],
    ]);
    assert.match(v2.memories[1].text, /^username: sarah_researcher/);
  },
});

Deno.test("readLettaAgentFile() reads the fixture agent and reports unused blocks", async () => {
  const af = await fixtureJson("letta_agent_v2.af") as { agents: { block_ids: string[] }[] };
  const s = readLettaAgentFile(af);
  assert.deepEqual(s.memories.map((m) => m.text), TEXTS);
  af.agents[0].block_ids = ["m1", "m2"];
  const part = readLettaAgentFile(af);
  assert.deepEqual(part.memories.map((m) => m.id), ["m1", "m2"]);
  assert.deepEqual(part.problems.filter((p) => p.field === "id").map((p) => p.record), [
    "blocks[2]",
    "blocks[3]",
  ]);
});

Deno.test("readAmemNotes() gives the same notes from plain and ChromaDB-encoded exports", async () => {
  const plain = readAmemNotes(await fixtureJson("amem_notes.json"), { view: "content" });
  const chroma = readAmemNotes(await fixtureJson("amem_chroma.json"), { view: "content" });
  assert.deepEqual(plain.memories.map((m) => m.text), TEXTS);
  assert.deepEqual(
    chroma.memories.map((m) => [m.id, m.text, m.created_at]),
    plain.memories.map((
      m,
    ) => [m.id, m.text, m.created_at]),
  );
  assert.deepEqual(chroma.problems.map((p) => p.field), [
    "keywords",
    "tags",
    "links",
    "retrieval_count",
    "evolution_history",
  ]);
  const raw = chroma.memories[1].raw as { metadata: { keywords: string } };
  assert.equal(raw.metadata.keywords, "['counseling', 'career']");
});

Deno.test("readAmemNotes() builds the full, metadata and both views", async () => {
  const data = await fixtureJson("amem_notes.json");
  const full = readAmemNotes(data);
  assert.equal(
    full.memories[0].text,
    "content: Caroline attended an LGBTQ support group on 7 May 2023.\n" +
      "context: Caroline describes a support group meeting that helped her feel accepted.\n" +
      "keywords: LGBTQ, support group\ntags: identity, community",
  );
  const meta = readAmemNotes(data, { view: "metadata" });
  assert.deepEqual(meta.memories.map((m) => m.id), ["m1", "m2", "m3"]);
  assert.equal(
    meta.memories[2].text,
    "context: Melanie shows one of her paintings.\nkeywords: painting, lake, sunrise\ntags: art",
  );
  assert.equal(meta.problems[0].record, "[3] (id 'm4')");
  const both = readAmemNotes(data, { view: "both" });
  assert.deepEqual(both.memories.map((m) => [m.id, m.group]), [
    ["m1#full", "m1"],
    ["m1#metadata", "m1"],
    ["m2#full", "m2"],
    ["m2#metadata", "m2"],
    ["m3#full", "m3"],
    ["m3#metadata", "m3"],
    ["m4#full", "m4"],
  ]);
});

Deno.test("amemMetadataText() caps context at 80 words and lists at 12, 12, 8", () => {
  const many = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`);
  const note = {
    id: "n",
    content: "c",
    context: many("w", 100).join(" "),
    keywords: many("k", 20),
    tags: many("t", 20),
    links: many("l", 20),
  };
  const lines = amemMetadataText(note).split("\n");
  assert.equal(lines[0].split(" ").length, 81);
  assert.equal(lines[1].split(", ").length, 12);
  assert.equal(lines[2].split(", ").length, 12);
  assert.equal(lines[3].split(", ").length, 8);
  assert.equal(amemFullText(note).split("\n").length, 4);
});

Deno.test("readGenericJsonl() reads one store per line with row fields kept in meta", async () => {
  const [s] = readGenericJsonl(await Deno.readTextFile(FIX + "generic.jsonl"));
  assert.equal(s.instance, "fixture");
  assert.deepEqual(s.memories.map((m) => [m.id, m.order]), [["m1", 0], ["m2", 1], ["m3", 2], [
    "m4",
    3,
  ]]);
  assert.deepEqual(s.problems, []);
  const two = readGenericJsonl(
    '{"memories":[{"id":"a","text":"x","cost":3,"salience":0.5,"writer":"w"}],"budget":30}\n\n' +
      '{"memories":[]}\n',
  );
  assert.equal(two.length, 2);
  assert.deepEqual(two[0].meta, { budget: 30 });
  assert.deepEqual([two[0].memories[0].cost, two[0].memories[0].salience], [3, 0.5]);
  assert.equal(
    two[0].problems[0].detail,
    "field 'writer' of 1 memory record(s) is not mapped (kept in raw)",
  );
});

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
