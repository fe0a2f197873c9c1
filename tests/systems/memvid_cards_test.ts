import assert from "node:assert/strict";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import {
  memvidCardText,
  readMemvidCards,
  readMemvidFactsCsv,
} from "../../lib/systems/memvid_cards.ts";
import { readStoreFileDetected } from "../../lib/systems/read_store.ts";
import { timeOrder } from "../../lib/systems/time_order.ts";
import { FIX } from "./_fixtures.ts";

// tests/systems/fixtures/memvid_memories.json (memories()) and memvid_facts.json
// (exportFacts("json", undefined, true)) were written by @memvid/sdk 2.0.159: three frames,
// enrich("rules"), three cards added with addMemoryCards() (see the fixtures README).

Deno.test("readMemvidCards() reads memories() cards in card-id order, repeats dropped", async () => {
  const r = await readStoreFileDetected(FIX + "memvid_memories.json", "auto");
  assert.deepEqual([r.format, r.reason], ["memvid_cards", "Memvid memories() {cards, count}"]);
  const [s] = r.stores;
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.scope]), [
    ["0", "caroline employer: the community center", "fact"],
    ["1", "caroline preference: hiking", "preference"],
    ["4", "melanie location: Denver", "fact"],
    ["5", "melanie spouse: John", "relationship"],
    ["8", "melanie location: Seattle", "fact"],
    ["14", "Caroline career plan: counseling and mental health", "profile"],
    ["15", "Melanie painting: a lake sunrise in 2022", "event"],
    ["16", "Caroline preference: not crowds", "preference"],
  ]);
  assert.deepEqual(
    s.memories.map((m) => [m.created_at, m.salience]),
    Array(8).fill([undefined, undefined]),
  );
  assert.deepEqual(timeOrder(s.memories).map((m) => m.id), [
    "0",
    "1",
    "4",
    "5",
    "8",
    "14",
    "15",
    "16",
  ]);
  assert.equal(s.memories[0].source, "memvid");
  const dropped = s.problems.filter((p) => p.code === "dropped");
  assert.deepEqual(dropped.map((p) => p.record), [
    "cards[5] (id '2')",
    "cards[2] (id '3')",
    "cards[12] (id '6')",
    "cards[15] (id '7')",
    "cards[10] (id '9')",
    "cards[4] (id '10')",
    "cards[1] (id '11')",
    "cards[9] (id '12')",
    "cards[14] (id '13')",
  ]);
  assert.equal(dropped[0].detail, "card repeats an earlier card's text (normalised): dropped");
  assert.equal(s.problems.length, 9);
});

Deno.test("readMemvidCards() reads exportFacts() triples with content-hash ids and says what they lack", async () => {
  const r = await readStoreFileDetected(FIX + "memvid_facts.json", "auto");
  assert.deepEqual([r.format, r.reason], [
    "memvid_cards",
    "Memvid exportFacts() triples (subject, predicate, object)",
  ]);
  const [s] = r.stores;
  assert.deepEqual(s.memories.map((m) => [m.id, m.text]), [
    ["memvid-2a54375820638341", "Caroline preference: crowds"],
    ["memvid-0abde23e0b341497", "caroline preference: hiking"],
    ["memvid-fb32c89fba567c33", "caroline employer: the community center"],
    ["memvid-cc1bc440d3800922", "Caroline career plan: counseling and mental health"],
    ["memvid-40a8fc6420f0c632", "melanie spouse: John"],
    ["memvid-bdb9f336e6bbe127", "Melanie painting: a lake sunrise in 2022"],
    ["memvid-389cd63ed539381f", "melanie location: Denver"],
    ["memvid-42ce1a27b8e882c6", "melanie location: Seattle"],
  ]);
  assert.deepEqual(s.problems.map((p) => p.code), [...Array(9).fill("dropped"), "not_mapped"]);
  assert.equal(
    s.problems[9].detail,
    "exportFacts() triples carry no card id, kind or polarity: content-hash ids, file order as recency, a negative card reads as a positive one (memories() has them)",
  );
});

Deno.test('readMemvidFactsCsv() reads exportFacts("csv") rows as the JSON triples', async () => {
  const r = await readStoreFileDetected(FIX + "memvid_facts.csv", "auto");
  assert.deepEqual([r.format, r.reason], [
    "memvid_cards",
    "Memvid exportFacts() CSV (header subject,predicate,object)",
  ]);
  const [s] = r.stores;
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.created_at]), [
    ["memvid-fb32c89fba567c33", "caroline employer: the community center", undefined],
    ["memvid-cc1bc440d3800922", "Caroline career plan: counseling and mental health", undefined],
    ["memvid-2a54375820638341", "Caroline preference: crowds", undefined],
    ["memvid-0abde23e0b341497", "caroline preference: hiking", undefined],
    ["memvid-bdb9f336e6bbe127", "Melanie painting: a lake sunrise in 2022", undefined],
    ["memvid-389cd63ed539381f", "melanie location: Denver", undefined],
    ["memvid-42ce1a27b8e882c6", "melanie location: Seattle", undefined],
    ["memvid-40a8fc6420f0c632", "melanie spouse: John", undefined],
  ]);
  assert.deepEqual(s.problems.slice(0, 2).map((p) => p.record), [
    "line 3 (id 'memvid-fb32c89fba567c33')",
    "line 4 (id 'memvid-fb32c89fba567c33')",
  ]);
  assert.equal(s.problems.length, 10);
  const t = readMemvidFactsCsv(
    'subject,predicate,object,timestamp\ntim,job,"nurse, nights",1683554160\n',
  );
  assert.deepEqual(t.memories.map((m) => [m.text, m.created_at]), [
    ["tim job: nurse, nights", "2023-05-08T13:56:00.000Z"],
  ]);
  assert.throws(
    () =>
      readMemvidFactsCsv("subject,predicate,object,timestamp\ntim,job,nurse,soon\n", {
        file: "f.csv",
      }),
    (e: unknown) =>
      e instanceof ExportFormatError && e.field === "timestamp" &&
      e.message ===
        `Cannot read f.csv: line 2.timestamp: memvid_cards: expected epoch seconds, got string "soon" (record id 'memvid-e5f6fbcc73c5c26a')`,
  );
});

Deno.test("readMemvidCards() maps documentDate, confidence and a short count", () => {
  const s = readMemvidCards({
    cards: [
      {
        id: 7,
        kind: "fact",
        entity: "tim",
        slot: "home_town",
        value: "Leeds",
        documentDate: 1683554160,
        confidence: 0.8,
      },
      { id: 3, kind: "fact", entity: "tim", slot: "job", value: "nurse", confidence: 2 },
    ],
    count: 5,
  });
  assert.deepEqual(s.memories.map((m) => [m.id, m.text, m.created_at, m.salience, m.order]), [
    ["3", "tim job: nurse", undefined, undefined, 0],
    ["7", "tim home town: Leeds", "2023-05-08T13:56:00.000Z", 0.8, 1],
  ]);
  assert.deepEqual(s.problems, [
    {
      code: "truncated",
      record: "(root)",
      field: "count",
      detail: "count 5 but 2 card(s) in the export",
    },
    {
      code: "coerced",
      record: "cards[1] (id '3')",
      field: "confidence",
      detail: "confidence 2 outside [0, 1]: not used as salience",
    },
  ]);
  assert.equal(memvidCardText("a", "likes", "tea", "NEGATIVE"), "a likes: not tea");
});

Deno.test("readMemvidCards() names the record and field of a malformed card", () => {
  const err = (data: unknown) => {
    try {
      readMemvidCards(data, { file: "m.json" });
    } catch (e) {
      assert.ok(e instanceof ExportFormatError);
      return [e.field, e.message];
    }
    assert.fail("expected an ExportFormatError");
  };
  assert.deepEqual(err({ cards: [{ id: 1, entity: "a", slot: "", value: "v" }] }), [
    "slot",
    "Cannot read m.json: cards[0].slot: memvid_cards: expected a non-empty string (record id '1')",
  ]);
  assert.deepEqual(
    err({
      cards: [{ id: 1, entity: "a", slot: "s", value: "v" }, {
        id: 1,
        entity: "b",
        slot: "s",
        value: "w",
      }],
    }),
    [
      "id",
      "Cannot read m.json: cards[1].id: memvid_cards: expected unique card ids, '1' repeats (record id '1')",
    ],
  );
  assert.deepEqual(err([{ id: 2, entity: "a", slot: "s", value: "v", documentDate: "May" }]), [
    "documentDate",
    `Cannot read m.json: [0].documentDate: memvid_cards: expected a finite number or null, got string "May" (record id '2')`,
  ]);
  assert.deepEqual(err({ cards: "none" }), [
    "cards",
    'Cannot read m.json: cards: memvid_cards: expected memories() {cards: [...], count} or a list of cards or facts, got cards = string "none"',
  ]);
});
