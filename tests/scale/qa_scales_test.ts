/** LongMemEval evaluate_qa outputs scored per scale (issue 22 item 2): lib/scale/qa_scales.ts. */
import assert from "node:assert/strict";
import { readQaEvaluation, scoreQaScales } from "../../lib/scale/qa_scales.ts";
import { TrajectoryInputError } from "../../lib/scale/trajectory.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/qa/${name}`, import.meta.url));
const runs = (o = fixture("oracle.jsonl"), s = fixture("s.jsonl")) => [
  { label: "oracle", file: "oracle.jsonl", verdicts: readQaEvaluation(o, "oracle.jsonl") },
  { label: "s", file: "s.jsonl", verdicts: readQaEvaluation(s, "s.jsonl") },
];

Deno.test("scoreQaScales(): accuracy per scale, transitions paired by question id, s* on accuracy", () => {
  const res = scoreQaScales(runs(), { resamples: 0 });
  assert.deepEqual(
    res.scales.map((s) => [s.label, s.n, s.correct, s.accuracy, s.ci, s.abstention]),
    [
      ["oracle", 5, 4, 0.8, null, { n: 1, accuracy: 1 }],
      ["s", 5, 3, 0.6, null, { n: 0, accuracy: null }],
    ],
  );
  const t = res.transitions[0];
  assert.deepEqual(
    [t.from, t.to, t.shared, t.kept, t.lost, t.gained, t.never, t.delta],
    ["oracle", "s", 4, 1, 2, 1, 0, -0.25],
  );
  assert.deepEqual([t.missing_at_to, t.missing_at_from], [["q5_abs"], ["q6"]]);
  assert.deepEqual(
    [res.boundary.s_star, res.boundary.recovers, res.boundary.s_star_sustained],
    ["s", false, "s"],
  );
  assert.equal(scoreQaScales(runs(), { resamples: 0, alpha: 0.5 }).boundary.s_star, ">s");
  assert.equal(res.warnings.length, 2);
  assert.match(
    res.warnings[0],
    /^1 question id\(s\) of oracle are not graded at s \(e\.g\. q5_abs\)/,
  );
  assert.match(res.warnings[1], /^1 question id\(s\) of s are not graded at oracle \(e\.g\. q6\)/);
});

Deno.test("scoreQaScales(): the paired bootstrap is seeded, brackets the estimates, ignores line order", () => {
  const a = scoreQaScales(runs(), { resamples: 500, seed: 3 });
  const reversed = fixture("s.jsonl").trim().split("\n").reverse().join("\n");
  const b = scoreQaScales(runs(undefined, reversed), { resamples: 500, seed: 3 });
  // Same numbers (lines are read back in another order, so only `line` may differ).
  assert.deepEqual(a.scales.map((s) => s.ci), b.scales.map((s) => s.ci));
  assert.deepEqual(a.transitions, b.transitions);
  for (const s of a.scales) assert.ok(s.ci!.low <= s.accuracy && s.accuracy <= s.ci!.high);
  const d = a.transitions[0].delta_ci!;
  assert.ok(d.low <= -0.25 && -0.25 <= d.high && d.low < d.high);
  const c = scoreQaScales(runs(), { resamples: 500, seed: 4 });
  assert.notDeepEqual(a.scales.map((s) => s.ci), c.scales.map((s) => s.ci));
});

Deno.test("scoreQaScales(): a judge that differs between scales is a warning", () => {
  const s = fixture("s.jsonl").replaceAll("gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06");
  const res = scoreQaScales(runs(undefined, s), { resamples: 0 });
  assert.match(
    res.warnings.at(-1)!,
    /different judges \(oracle: gpt-4o-mini-2024-07-18; s: gpt-4o-2024-08-06\)/,
  );
});

Deno.test("readQaEvaluation() refuses a question graded twice, naming both lines", () => {
  const text = fixture("oracle.jsonl") + fixture("oracle.jsonl").split("\n")[1] + "\n";
  assert.throws(
    () => readQaEvaluation(text, "o.jsonl"),
    (e: unknown) =>
      e instanceof TrajectoryInputError && e.line === 6 && e.field === "question_id" &&
      /"q2" is also line 2/.test(e.message),
  );
  assert.throws(() => readQaEvaluation("\n", "e.jsonl"), TrajectoryInputError);
});

Deno.test("scoreQaScales(): scales sharing no question id give delta null and a warning, not NaN", () => {
  const v = (id: string, label: boolean, line: number) => ({ question_id: id, label, line });
  const res = scoreQaScales([
    { label: "a", file: "a.jsonl", verdicts: [v("q1", true, 1)] },
    { label: "b", file: "b.jsonl", verdicts: [v("q2", false, 1)] },
  ], { resamples: 50 });
  const t = res.transitions[0];
  assert.deepEqual([t.shared, t.delta, t.delta_ci], [0, null, null]);
  assert.match(res.warnings[0], /^no question id is graded at both a and b: .*undefined/);
});
