import assert from "node:assert/strict";
import { replayMem0Events } from "../../lib/systems/mem0_events.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import { timeOrder } from "../../lib/systems/time_order.ts";
import { fixtureJson, TEXTS } from "./_fixtures.ts";

// tests/systems/fixtures/mem0_3x_*.json were written by mem0ai 3.3.1 (see the fixtures README):
// five memories added (infer: false), the third updated, the fourth deleted.
const [A, B, C, D, E] = [
  "40189f81-21e4-4d1d-ae88-72e4dbff17c0",
  "15325981-e877-43a5-9723-3b2757d113a2",
  "64759e5d-4cfb-49a8-a9d2-6d8ec83348a2",
  "a934936f-a739-4d3b-95a8-66a3e8be968d",
  "61fda7dc-0777-4b82-85d9-feac60df0ec4",
];

Deno.test("replayMem0Events() reads mem0 3.x add() returns, events under metadata.event", async () => {
  const s = replayMem0Events(await fixtureJson("mem0_3x_add.json"));
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.source]), [
    [A, "Caroline attended an LGBTQ support group on 7 May 2023.", "mem0:events"],
    [B, "Caroline plans a career in counseling and mental health.", "mem0:events"],
    [C, "Melanie painted a sunrise.", "mem0:events"],
    [D, "Melanie works at a bank.", "mem0:events"],
    [E, "Melanie is busy with her kids and her work.", "mem0:events"],
  ]);
  assert.deepEqual(s.problems, []);
});

Deno.test("replayMem0Events() replays mem0 3.x history() lists (newest first) in write order", async () => {
  const nested = await fixtureJson("mem0_3x_history.json") as unknown[][];
  assert.deepEqual(replayMem0Events(nested).memories.map((m) => m.id), [A, B, C, E]);
  for (const data of [nested, nested.flat(), { history: nested.flat().reverse() }]) {
    const s = replayMem0Events(data);
    // Memories keep the order of their first row in the file; recency goes by created_at.
    assert.deepEqual(timeOrder(s.memories).map((m) => [m.id, m.text, m.created_at, m.updated_at]), [
      [
        A,
        "Caroline attended an LGBTQ support group on 7 May 2023.",
        "2026-12-03T06:30:07.718Z",
        undefined,
      ],
      [
        B,
        "Caroline plans a career in counseling and mental health.",
        "2026-12-03T06:30:07.969Z",
        undefined,
      ],
      [
        C,
        "Melanie painted a lake sunrise in 2022.",
        "2026-12-03T06:30:08.014Z",
        "2026-12-03T06:30:08.071Z",
      ],
      [E, "Melanie is busy with her kids and her work.", "2026-12-03T06:30:08.043Z", undefined],
    ]);
    assert.equal(s.memories[0].source, "mem0:history");
    assert.deepEqual(s.tombstones, [{
      id: D,
      text: "Melanie works at a bank.",
      source: "mem0:history",
    }]);
    assert.deepEqual(s.problems.map((p) => [p.code, p.detail]), [
      ["tombstone", 'memory deleted (last text "Melanie works at a bank."): not in the store'],
    ]);
  }
});

Deno.test("replayMem0Events() orders uuid-keyed 3.x rows ADD, UPDATEs by time, DELETE", () => {
  const row = (
    id: string,
    action: string,
    prev: string | null,
    next: string | null,
    c: string | null,
    u: string | null,
  ) => ({
    id,
    memory_id: "m",
    previous_value: prev,
    new_value: next,
    action,
    created_at: c,
    updated_at: u,
    is_deleted: action === "DELETE" ? 1 : 0,
  });
  const s = replayMem0Events({
    add_return: { results: [{ id: "m", memory: "one", metadata: { event: "ADD" } }] },
    history: [
      row("u3", "UPDATE", "two", "three", "2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z"),
      row("u1", "ADD", null, "one", "2026-01-01T00:00:00Z", null),
      row("u2", "UPDATE", "one", "two", "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"),
    ],
  });
  assert.deepEqual(s.memories.map((m) => [m.text, m.created_at, m.updated_at]), [
    ["three", "2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z"],
  ]);
  assert.deepEqual(s.problems, []);
  const gone = replayMem0Events([
    row("u9", "DELETE", "one", null, "2026-01-05T00:00:00Z", null),
    row("u1", "ADD", null, "one", "2026-01-01T00:00:00Z", null),
  ]);
  assert.deepEqual([gone.memories.length, gone.tombstones[0].deleted_at], [
    0,
    "2026-01-05T00:00:00Z",
  ]);
});

Deno.test("replayMem0Events() reads mem0ai 2.x UPDATE / DELETE events with metadata.previousMemory", () => {
  // The shape mem0ai 2.4.6's add() returns when its LLM updates or deletes (dist/oss source).
  const s = replayMem0Events([
    { results: [{ id: "a", memory: "likes tea", metadata: { event: "ADD" } }] },
    { results: [{ id: "b", memory: "owns a cat", metadata: { event: "ADD" } }] },
    {
      results: [
        {
          id: "a",
          memory: "likes green tea",
          metadata: { event: "UPDATE", previousMemory: "likes coffee" },
        },
        { id: "b", memory: "owns a cat", metadata: { event: "DELETE" } },
      ],
    },
  ]);
  assert.deepEqual(s.memories.map((m) => [m.id, m.text]), [["a", "likes green tea"]]);
  assert.deepEqual(s.tombstones, [{ id: "b", text: "owns a cat", source: "mem0:events" }]);
  assert.deepEqual(s.problems.map((p) => [p.code, p.record, p.field]), [
    ["replay", "[2].results[0] (id 'a')", "metadata.previousMemory"],
    ["tombstone", "[2].results[1] (id 'b')", undefined],
  ]);
  assert.equal(
    s.problems[0].detail,
    'previous text "likes coffee" differs from the replayed text "likes tea"',
  );
});

Deno.test("replayMem0Events() names the record and field of a malformed 3.x event", () => {
  const err = (data: unknown) => {
    try {
      replayMem0Events(data, { file: "e.json" });
    } catch (e) {
      assert.ok(e instanceof ExportFormatError);
      return [e.field, e.message];
    }
    assert.fail("expected an ExportFormatError");
  };
  assert.deepEqual(err({ results: [{ id: "a", memory: "x", metadata: {} }] }), [
    "metadata.event",
    "Cannot read e.json: results[0].metadata.event: mem0_events: expected the event type (event, or mem0 3.x metadata.event), got nothing (the field is missing) (record id 'a')",
  ]);
  assert.deepEqual(err({ results: [{ id: "a", memory: "x", metadata: { event: "MOVE" } }] }), [
    "metadata.event",
    `Cannot read e.json: results[0].metadata.event: mem0_events: expected one of ADD, UPDATE, DELETE, NONE, got "MOVE" (record id 'a')`,
  ]);
  assert.deepEqual(err([[{ id: 1, memory_id: "m", action: "ADD", new_value: null }]]), [
    "new_value",
    "Cannot read e.json: [0][0].new_value: mem0_events: expected the new memory text of a ADD row (record id 'm')",
  ]);
});

// --- Cases from tests/systems/adapters_test.ts ---
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
