/** lib/systems/amem_notes.ts: cases split out of tests/systems/adapters_test.ts. */
import assert from "node:assert/strict";
import { amemFullText, amemMetadataText, readAmemNotes } from "../../lib/systems/amem_notes.ts";
import { fixtureJson } from "./_fixtures.ts";
import { TEXTS } from "./_fixtures.ts";

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
