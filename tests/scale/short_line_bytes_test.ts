/**
 * A short-form line read from its bytes (lib/scale/short_line_bytes.ts) gives the strict reader's
 * record, or steps aside: never another record, whatever lines came before it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ShortLineReader } from "../../lib/scale/short_line_bytes.ts";
import {
  collidingIds,
  fnv1a32,
  lineArbitraries,
  longIdLines,
  pairsText,
} from "./_short_line_ids.ts";
import { parseJsonLine, shortRecord, toScoreRecord } from "../../lib/scale/trajectory.ts";

const enc = new TextEncoder();

/** The record the bytes give, or undefined when the reader steps aside. */
function fromBytes(reader: ShortLineReader, s: string, line = 3): unknown {
  // Bytes before and after the line: the reader must keep to [start, end).
  const b = enc.encode(`{"R":1}\n${s}\n"}`);
  const start = 8, end = b.length - 3;
  const f = reader.parse(b, start, end);
  return f === undefined ? undefined : shortRecord(f, line);
}

/** The strict reader's record, or its error's message. */
function strict(s: string): unknown {
  try {
    return toScoreRecord(parseJsonLine(s, "f", 3), "f", 3);
  } catch (e) {
    return (e as Error).message;
  }
}

Deno.test("ShortLineReader reads the short form as JSON.stringify writes it", () => {
  const r = new ShortLineReader();
  const s =
    '{"query_id":"q7","scale":{"label":"s2","n_irr":300},"agent":"a","system":"m","R":12,"correct":false}';
  assert.deepEqual(fromBytes(r, s), {
    query_id: "q7",
    agent: "a",
    system: "m",
    scale: { label: "s2", n_irr: 300 },
    R: 12,
    correct: false,
    line: 3,
  });
  assert.deepEqual(
    fromBytes(r, '{"query_id":"q","scale":5,"R":0,"correct":1,"trajectory_id":"t"}'),
    {
      query_id: "q",
      agent: "",
      system: "",
      scale: { n_irr: 5 },
      R: 0,
      correct: true,
      trajectory_id: "t",
      line: 3,
    },
  );
});

Deno.test("ShortLineReader steps aside on what only the strict reader may judge", () => {
  const r = new ShortLineReader();
  const base = '"query_id":"q","R":1,"correct":true';
  for (
    const s of [
      `{${base},"R":2}`, // a repeated key
      `{"query_id":"q","\\u0052":1,"correct":true}`, // an escaped key
      `{${base},"scale":{"label":"s","label":"t"}}`, // a repeated key inside scale
      `{ ${base}}`, // white space
      `{${base}} `,
      `{"query_id":"é","R":1,"correct":true}`, // not ASCII
      `{"query_id":"a\\"b","R":1,"correct":true}`, // an escape
      `{"query_id":"q","R":01,"correct":true}`, // a leading zero (not JSON)
      `{"query_id":"q","R":1.0,"correct":true}`, // a fraction
      `{"query_id":"q","R":1e0,"correct":true}`, // an exponent
      `{"query_id":"q","R":-1,"correct":true}`, // a sign
      `{"query_id":"q","R":1234567890123456,"correct":true}`, // 16 digits
      `{${base},"scale":{"label":{"x":1}}}`, // deeper than two objects
      `{${base},"scale":[1]}`, // an array
      `{${base},"x":1}`, // another key
      `{${base},"label":"s"}`, // scale's key outside scale
      `{${base}`, // cut short
      `{${base}}x`, // bytes after the object
      `{"query_id":"q","R":1,"correct":tru}`,
      `{"query_id":"q","R":1,"correct":nul}`,
      `{"query_id":"q","R"1}`,
    ]
  ) {
    assert.equal(fromBytes(r, s), undefined, s);
  }
});

Deno.test("ShortLineReader gives the strict reader's record or steps aside, one reader across lines (property, seeded)", () => {
  const value = fc.oneof(
    fc.constantFrom(0, 1, 7, 300, 2 ** 53, -1, 1.5),
    fc.constantFrom("", "q1", "s0", "s1", 'a"b', "é", "a:b", "\u0001"),
    fc.boolean(),
    fc.constant(null),
  );
  const { key, scale } = lineArbitraries(value);
  const base: [string, unknown][] = [
    ["query_id", "q1"],
    ["R", 2],
    ["correct", true],
    ["scale", [["label", "s1"], ["n_irr", 100]]],
    ["agent", "a"],
  ];
  const line = fc.tuple(
    fc.oneof(
      { arbitrary: fc.constant([]), weight: 3 },
      { arbitrary: fc.array(fc.tuple(key, scale), { minLength: 1, maxLength: 4 }), weight: 2 },
    ),
    fc.constantFrom(true, true, true, false),
    fc.oneof(
      { arbitrary: fc.constant(""), weight: 4 },
      { arbitrary: fc.constantFrom(" ", "01", "1e2", "0.5", "[1]", '"\\u0041"'), weight: 1 },
    ),
  );
  const reader = new ShortLineReader(); // one reader: its kept strings and scales must not leak
  let read = 0;
  fc.assert(
    fc.property(line, ([extra, withBase, odd]) => {
      const pairs = withBase ? [...base, ...extra] : extra;
      let s = pairsText(pairs);
      if (odd !== "" && s.length > 2) s = s.slice(0, -1) + `,"R":${odd}}`;
      const got = fromBytes(reader, s);
      if (got === undefined) return;
      read++;
      assert.deepEqual(got, strict(s), s);
    }),
    { seed: 29, numRuns: 3000 },
  );
  assert.ok(read > 800, `only ${read} lines read from their bytes`);
});

Deno.test("ShortLineReader keeps no value of one line for the next: scales that differ in one key, 5,000 distinct ids", () => {
  const r = new ShortLineReader();
  const line = (q: string, scale: string) =>
    `{"query_id":"${q}","scale":${scale},"R":1,"correct":true}`;
  const scales = [
    '{"label":"s1","n_irr":100}',
    '{"label":"s1","n_irr":200}',
    '{"label":"s1"}',
    '{"n_irr":200}',
    '{"n_irr":200,"label":"s2"}',
    '"s2"',
    "200",
  ];
  for (const s of [...scales, ...scales.toReversed()]) {
    assert.deepEqual(fromBytes(r, line("q", s)), strict(line("q", s)), s);
  }
  // More ids than the reader's first table holds (it grows), and ids that share a prefix.
  for (let i = 0; i < 5000; i++) {
    const q = `q${i}`;
    assert.equal((fromBytes(r, line(q, "1")) as { query_id: string }).query_id, q);
  }
  for (let i = 4999; i >= 0; i -= 7) {
    assert.equal((fromBytes(r, line(`q${i}`, "1")) as { query_id: string }).query_id, `q${i}`);
  }
});

/** Each line's query id as read from its bytes by one reader. */
function idsFromBytes(text: readonly string[]): unknown[] {
  const b = enc.encode(text.join("\n") + "\n"), r = new ShortLineReader(), ids: unknown[] = [];
  for (let start = 0, end; start < b.length; start = end + 1) {
    end = b.indexOf(0x0a, start);
    ids.push(r.parse(b, start, end)?.query_id);
  }
  return ids;
}

// How long these take beside JSON.parse (they were 25-60x and 40-70x its time before the
// reader stopped keeping long strings and bounded its probes) is bench/short_line_bytes_bench.ts's.

Deno.test("ShortLineReader reads 20,000 distinct ids of 1 KiB (decoded at once, not kept), each the strict reader's", () => {
  const text = longIdLines();
  assert.deepEqual(idsFromBytes(text), text.map((s) => JSON.parse(s).query_id));
});

Deno.test("ShortLineReader reads 32,768 ids crafted to share a slot of its table, each the strict reader's", () => {
  const ids = collidingIds();
  assert.equal(new Set(ids.map((q) => fnv1a32(q) & ((1 << 18) - 1))).size, 1);
  assert.equal(new Set(ids).size, 1 << 15);
  assert.deepEqual(idsFromBytes(ids.map((q) => `{"query_id":"${q}","R":1}`)), ids);
});
