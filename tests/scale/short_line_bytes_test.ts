/**
 * A short-form line read from its bytes (lib/scale/short_line_bytes.ts) gives the strict reader's
 * record, or steps aside: never another record, whatever lines came before it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ShortLineReader } from "../../lib/scale/short_line_bytes.ts";
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
  const key = fc.constantFrom(
    "query_id",
    "scale",
    "agent",
    "system",
    "R",
    "correct",
    "trajectory_id",
    "label",
    "n_irr",
    "x",
  );
  const scale = fc.oneof(
    value,
    fc.array(fc.tuple(fc.constantFrom("label", "n_irr", "x"), value), { maxLength: 3 }),
  );
  const text = (v: unknown): string =>
    Array.isArray(v)
      ? `{${v.map(([k, x]) => `${JSON.stringify(k)}:${text(x)}`).join(",")}}`
      : JSON.stringify(v);
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
      let s = text(pairs);
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

/**
 * Milliseconds a fresh `reader()` takes over every line of `b` (the second of two passes, so
 * that both readers a test compares are compiled).
 */
function passMs(b: Uint8Array, reader: () => (start: number, end: number) => void): number {
  let ms = 0;
  for (let pass = 0; pass < 2; pass++) {
    const read = reader(), t0 = performance.now();
    for (let start = 0, end; start < b.length; start = end + 1) {
      end = b.indexOf(0x0a, start);
      read(start, end);
    }
    ms = performance.now() - t0;
  }
  return ms;
}

/** Each line's query id as read from its bytes, and the ms a pass took, beside JSON.parse's. */
function timedIds(text: string[]): { ids: unknown[]; bytes: number; parsed: number } {
  const b = enc.encode(text.join("\n") + "\n"), dec = new TextDecoder();
  let ids: unknown[] = [];
  const bytes = passMs(b, () => {
    const r = new ShortLineReader();
    ids = [];
    return (start, end) => ids.push(r.parse(b, start, end)?.query_id);
  });
  const parsed = passMs(b, () => (start, end) => JSON.parse(dec.decode(b.subarray(start, end))));
  return { ids, bytes, parsed };
}

Deno.test("ShortLineReader reads 20,000 distinct ids of 1 KiB in a time near JSON.parse's, each id the strict reader's", () => {
  const pad = "abcdefghijklmnop".repeat(64);
  const text = Array.from({ length: 20_000 }, (_, i) => `{"query_id":"${i}${pad}","R":1}`);
  const { ids, bytes, parsed } = timedIds(text);
  assert.deepEqual(ids, text.map((s) => JSON.parse(s).query_id));
  // Made a byte at a time, these ids took 25-60x JSON.parse's time.
  assert.ok(
    bytes < 10 * parsed,
    `from bytes ${bytes.toFixed(0)} ms, JSON.parse ${parsed.toFixed(0)} ms`,
  );
});

Deno.test("ShortLineReader reads 32,768 ids crafted to share a slot in a time near JSON.parse's, each id the strict reader's", () => {
  // The low 18 bits of FNV-1a's state depend on its low 18 bits only: pairs of 3-byte blocks
  // that leave the same low bits combine into 2^15 ids of 45 bytes that all start at one slot.
  const LOW = (1 << 18) - 1,
    CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const fnv = (h: number, s: string) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h;
  };
  let state = 0x811c9dc5 | 0, x = 1;
  const pairs: [string, string][] = [];
  while (pairs.length < 15) {
    const seen = new Map<number, string>();
    for (;;) {
      let block = "";
      for (let k = 0; k < 3; k++) block += CHARS[(x = (x * 48271) % 2147483647) % CHARS.length];
      const low = fnv(state, block) & LOW, other = seen.get(low);
      if (other !== undefined && other !== block) {
        pairs.push([other, block]);
        state = fnv(state, other);
        break;
      }
      seen.set(low, block);
    }
  }
  const ids = Array.from(
    { length: 1 << 15 },
    (_, i) => pairs.map((p, k) => p[(i >> k) & 1]).join(""),
  );
  assert.equal(new Set(ids.map((q) => fnv(0x811c9dc5 | 0, q) & LOW)).size, 1);
  assert.equal(new Set(ids).size, 1 << 15);
  const text = ids.map((q) => `{"query_id":"${q}","R":1}`);
  const got = timedIds(text);
  assert.deepEqual(got.ids, ids);
  // Without a bound on the probes, each look-up walked every id before it: 40x and more.
  assert.ok(
    got.bytes < 10 * got.parsed,
    `from bytes ${got.bytes.toFixed(0)} ms, JSON.parse ${got.parsed.toFixed(0)} ms`,
  );
});
