import assert from "node:assert/strict";
import fc from "fast-check";
import {
  joinJudgeLog,
  memoryCallCount,
  readJudgeLog,
  readTrajectories,
  requireCorrectness,
  ShortTrajectorySchema,
  toScoreRecord,
  TRAJECTORY_SCHEMA,
  TrajectoryInputError,
} from "../../lib/scale/trajectory.ts";
import { InputError } from "../../lib/base/errors.ts";

const full = (o: Record<string, unknown>) =>
  JSON.stringify({ schema: TRAJECTORY_SCHEMA, query_id: "q1", agent: "a", system: "m", ...o });

function throwsAt(fn: () => unknown, line: number, field: string, re: RegExp) {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof TrajectoryInputError, `expected TrajectoryInputError, got ${err}`);
    assert.ok(err instanceof InputError);
    assert.equal(err.line, line);
    assert.equal(err.field, field);
    assert.match(err.message, re);
    return err;
  }
  assert.fail("expected an error");
}

Deno.test("memoryCallCount() counts memory_call kinds, and names in memory_tools only when kind is absent", () => {
  const steps = [
    { kind: "memory_call" as const, name: "other" },
    { name: "search" },
    { name: "search" }, // a retry counts
    { kind: "tool_call" as const, name: "search" }, // kind wins
    { name: "calculator" },
    { kind: "llm" as const },
    { kind: "answer" as const },
  ];
  assert.equal(memoryCallCount(steps, ["search"]), 3);
  assert.equal(memoryCallCount(steps, []), 1);
});

Deno.test("readTrajectories() reads full and short forms mixed, line by line", () => {
  const text = [
    full({
      trajectory_id: "t1",
      scale: { label: "s1", n_irr: 100 },
      memory_tools: ["search_memory"],
      steps: [
        { i: 0, kind: "llm", name: "qwen3-8b" },
        { i: 1, name: "search_memory", args: { query: "x" }, returned: [{ id: "m1", score: 0.5 }] },
        { i: 2, name: "search_memory" },
        { i: 3, name: "web_search" },
        { i: 4, kind: "answer" },
      ],
      answer: "Paris",
      correct: true,
      judge: { kind: "llm", model: "gpt-4o" },
    }),
    "",
    '{"query_id":"q2","scale":"s2","agent":"a","system":"m","R":4,"correct":0}\r',
    '{"query_id":"q3","scale":300,"R":0,"correct":1}',
    '{"query_id":"q4","R":1}',
  ].join("\n");
  const recs = readTrajectories(text, "t.jsonl");
  assert.deepEqual(recs, [
    {
      query_id: "q1",
      agent: "a",
      system: "m",
      scale: { label: "s1", n_irr: 100 },
      R: 2,
      correct: true,
      trajectory_id: "t1",
      line: 1,
    },
    {
      query_id: "q2",
      agent: "a",
      system: "m",
      scale: { label: "s2" },
      R: 4,
      correct: false,
      line: 3,
    },
    { query_id: "q3", agent: "", system: "", scale: { n_irr: 300 }, R: 0, correct: true, line: 4 },
    { query_id: "q4", agent: "", system: "", scale: null, R: 1, correct: null, line: 5 },
  ]);
});

Deno.test("readTrajectories() uses file-level memory tools for lines without their own", () => {
  const line = full({
    steps: [{ i: 0, name: "recall" }, { i: 1, name: "recall" }],
    correct: false,
  });
  assert.equal(readTrajectories(line, "f", { memoryTools: ["recall"] })[0].R, 2);
  const own = full({ memory_tools: ["x"], steps: [{ i: 0, name: "recall" }], correct: false });
  assert.equal(readTrajectories(own, "f", { memoryTools: ["recall"] })[0].R, 0);
});

Deno.test("readTrajectories() names file, line and field of a bad JSON line", () => {
  const text = '{"query_id":"q","R":1,"correct":true}\n{"query_id": "q2", R: 2}\n';
  const err = throwsAt(() => readTrajectories(text, "runs.jsonl"), 2, "", /valid JSON/);
  assert.match(err.message, /^Cannot read runs\.jsonl: line 2: expected valid JSON/);
});

Deno.test("readTrajectories() refuses a key that repeats in a line, naming line and key", () => {
  // JSON.parse would keep R = 5 silently; the package readers refuse the same input.
  const text = '{"query_id":"q","scale":0,"agent":"a","system":"m","R":1,"correct":true}\n' +
    '{"query_id":"q2","scale":0,"agent":"a","system":"m","R":1,"R":5,"correct":true}\n';
  const err = throwsAt(() => readTrajectories(text, "runs.jsonl"), 2, "R", /each key once/);
  assert.equal(
    err.message,
    'Cannot read runs.jsonl: line 2: R: expected each key once in an object; "R" repeats (JSON keeps only the last)',
  );
});

Deno.test("readTrajectories() rejects a step without a kind or a name", () => {
  const text = full({ memory_tools: ["s"], steps: [{ i: 0, name: "s" }, { i: 1 }], correct: true });
  throwsAt(
    () => readTrajectories("\n" + text, "f.jsonl"),
    2,
    "steps[1].kind",
    /kind .* or a tool name/,
  );
});

Deno.test("readTrajectories() rejects a step without kind when no memory tools are declared", () => {
  const text = full({ steps: [{ i: 0, name: "search" }], correct: true });
  throwsAt(() => readTrajectories(text, "f.jsonl"), 1, "steps[0].kind", /no memory_tools/);
});

Deno.test("readTrajectories() rejects an unknown tool in a memory_call step", () => {
  const text = full({
    memory_tools: ["search_memory"],
    steps: [{ i: 0, kind: "memory_call", name: "search_memory" }, {
      i: 1,
      kind: "memory_call",
      name: "serch_memory",
    }],
    correct: true,
  });
  throwsAt(
    () => readTrajectories(text, "f.jsonl"),
    1,
    "steps[1].name",
    /unknown tool "serch_memory"/,
  );
});

Deno.test("readTrajectories() rejects a bad step kind, non-increasing i, bad R and unknown fields", () => {
  throwsAt(
    () => readTrajectories(full({ steps: [{ i: 0, kind: "retrieve" }] }), "f"),
    1,
    "steps[0].kind",
    /memory_call/,
  );
  throwsAt(
    () => readTrajectories(full({ steps: [{ i: 1, kind: "llm" }, { i: 1, kind: "answer" }] }), "f"),
    1,
    "steps[1].i",
    /greater than/,
  );
  throwsAt(() => readTrajectories('{"query_id":"q","R":-1}', "f"), 1, "R", /./);
  throwsAt(() => readTrajectories('{"query_id":"q","R":1.5}', "f"), 1, "R", /./);
  throwsAt(() => readTrajectories('{"query_id":"q","R":1,"corect":true}', "f"), 1, "", /corect/);
  throwsAt(() => readTrajectories('{"query_id":"q"}', "f"), 1, "schema", /short form/);
  throwsAt(() => readTrajectories("[1]", "f"), 1, "", /JSON object/);
  throwsAt(
    () => readTrajectories(full({ schema: "memaudit.trajectory/2", steps: [] }), "f"),
    1,
    "schema",
    /./,
  );
  throwsAt(() => readTrajectories("\n\n", "f"), 0, "", /at least one/);
});

Deno.test("requireCorrectness() names the line of a trajectory without correctness", () => {
  const recs = readTrajectories(
    '{"query_id":"q","R":1,"correct":true}\n{"query_id":"q2","R":1}',
    "f",
  );
  throwsAt(() => requireCorrectness(recs, "f"), 2, "correct", /--judge-log/);
  throwsAt(() => requireCorrectness(recs, "f", true), 2, "correct", /no verdict for query "q2"/);
});

Deno.test("joinJudgeLog() fills missing correctness from a LongMemEval judge log", () => {
  const recs = readTrajectories(
    [
      '{"query_id":"q1","scale":0,"R":1}',
      '{"query_id":"q1","scale":100,"R":1}',
      '{"query_id":"q2","scale":0,"R":1,"correct":false}',
      '{"query_id":"q3","scale":0,"R":1}',
    ].join("\n"),
    "t",
  );
  const log = readJudgeLog(
    [
      '{"question_id":"q1","hypothesis":"x","autoeval_label":{"model":"gpt-4o","label":true}}',
      '{"question_id":"q2","hypothesis":"y","autoeval_label":{"model":"gpt-4o","label":true}}',
    ].join("\n"),
    "log",
  );
  const joined = joinJudgeLog(recs, log, "log");
  assert.deepEqual(joined.map((r) => r.correct), [true, true, false, null]);
  // Two runs of q1 at different scales, targeted by scale.
  const scoped = readJudgeLog(
    '{"question_id":"q1","scale":0,"autoeval_label":{"label":true}}\n' +
      '{"question_id":"q1","scale":100,"autoeval_label":{"label":false}}',
    "log",
  );
  assert.deepEqual(joinJudgeLog(recs, scoped).map((r) => r.correct), [true, false, false, null]);
  // Two verdicts that both reach q3 at scale 0 and disagree.
  const clash = readJudgeLog(
    '{"question_id":"q3","autoeval_label":{"label":true}}\n{"question_id":"q3","scale":0,"autoeval_label":{"label":false}}',
    "log",
  );
  throwsAt(() => joinJudgeLog(recs, clash, "log"), 2, "autoeval_label.label", /one verdict/);
  // The same question id for the same target twice is a repeated line: refused, naming both.
  throwsAt(
    () =>
      readJudgeLog(
        '{"question_id":"q3","autoeval_label":{"label":true}}\n{"question_id":"q1","autoeval_label":{"label":true}}\n{"question_id":"q3","autoeval_label":{"label":true}}',
        "log",
      ),
    3,
    "question_id",
    /^Cannot read log: line 3: question_id: expected one verdict per question: "q3" is also line 1$/,
  );
  throwsAt(
    () => readJudgeLog('{"question_id":"q","autoeval_label":{"label":"yes"}}', "log"),
    1,
    "autoeval_label.label",
    /./,
  );
});

Deno.test("toScoreRecord() accepts exactly what ShortTrajectorySchema accepts, with the same record (property, seeded)", () => {
  const value = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(0, 1, 2, -1, 1.5, 100, 2 ** 53),
    fc.constantFrom("", "s1", "q"),
    fc.constant([]),
    fc.record({ label: fc.constantFrom("", "s2", 3 as unknown as string) }, { requiredKeys: [] }),
    fc.record(
      {
        label: fc.constantFrom("s2", ""),
        n_irr: fc.constantFrom(0, 200, -5, 1.2),
        x: fc.constant(1),
      },
      { requiredKeys: [] },
    ),
  );
  // Mostly valid fields, each sometimes replaced by an arbitrary value, sometimes absent.
  const maybe = <T>(good: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: value, weight: 1 });
  const obj = fc.record({
    query_id: maybe(fc.constantFrom("q1", "gpt4_2655b836")),
    scale: maybe(fc.oneof(
      fc.constantFrom("s0", 300),
      fc.record({ label: fc.constantFrom("s1"), n_irr: fc.constantFrom(100) }, {
        requiredKeys: [],
      }),
    )),
    agent: maybe(fc.constantFrom("a", "")),
    system: maybe(fc.constantFrom("m")),
    R: maybe(fc.nat(20)),
    correct: maybe(fc.constantFrom(true, false, 0, 1, null)),
    trajectory_id: maybe(fc.constantFrom("t1")),
    extra: value,
  }, { requiredKeys: ["query_id", "R"] });
  let accepted = 0;
  fc.assert(
    fc.property(obj, (o) => {
      const clean = JSON.parse(JSON.stringify(o)); // what a JSONL line can hold
      const z = ShortTrajectorySchema.safeParse(clean);
      if (z.success) accepted++;
      let got: unknown, err: unknown;
      try {
        got = toScoreRecord(clean, "f", 1);
      } catch (e) {
        err = e;
      }
      if (!z.success) {
        assert.ok(err instanceof TrajectoryInputError, `zod rejects ${JSON.stringify(clean)}`);
        return;
      }
      assert.equal(err, undefined, `zod accepts ${JSON.stringify(clean)}`);
      const t = z.data;
      const scale = t.scale === undefined
        ? null
        : typeof t.scale === "string"
        ? { label: t.scale }
        : typeof t.scale === "number"
        ? { n_irr: t.scale }
        : t.scale;
      assert.deepEqual(got, {
        query_id: t.query_id,
        agent: t.agent ?? "",
        system: t.system ?? "",
        scale,
        R: t.R,
        correct: t.correct === undefined || t.correct === null
          ? null
          : t.correct === true || t.correct === 1,
        ...(t.trajectory_id !== undefined ? { trajectory_id: t.trajectory_id } : {}),
        line: 1,
      });
    }),
    { seed: 424242, numRuns: 3000, verbose: 1 },
  );
  // Both branches are exercised.
  assert.ok(accepted > 100 && accepted < 2900, `accepted ${accepted} of 3000`);
});

// --- Cases from tests/scale/union_field_path_test.ts (field path) ---
/**
 * A short-form line whose `correct` or `scale` (fields of several accepted shapes) is wrong
 * names the field. Before: "line 1: Invalid input: expected boolean, received string", no
 * field (the union branch's path is relative to the union and was printed alone).
 */
const line = (extra: string) =>
  `{"query_id": "q1", "agent": "a", "system": "m", "R": 1, ${extra}}\n`;

Deno.test("short form: a bad correct or scale names its field (field path)", () => {
  assert.throws(
    () => readTrajectories(line(`"scale": "s0", "correct": "yes"`), "t.jsonl"),
    /t\.jsonl.*line 1: correct: /,
  );
  assert.throws(
    () => readTrajectories(line(`"scale": 1e400, "correct": true`), "t.jsonl"),
    /t\.jsonl.*line 1: scale: /,
  );
  // A field of plain values names all it takes (it said "expected boolean" while 0 and 1 pass).
  assert.throws(() => readTrajectories(line(`"scale": "s0", "correct": 2`), "t.jsonl"), {
    message:
      "Cannot read t.jsonl: line 1: correct: expected boolean, 0, 1 or null, received number",
  });
  assert.throws(() => readTrajectories(line(`"scale": true, "correct": 1`), "t.jsonl"), {
    message:
      "Cannot read t.jsonl: line 1: scale: expected string, number or object, received boolean",
  });
});
