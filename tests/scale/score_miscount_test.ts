/**
 * `memaudit scale score` counts nothing wrong in silence (issue 22 item 3): a
 * repeated trajectory line is refused with both lines; no call matching the
 * memory tools is a warning; a pair missing a scale is flagged in s*.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { scoreScale } from "../../lib/scale/score.ts";
import { TrajectoryInputError } from "../../lib/scale/trajectory.ts";
import { memoryCallWarning } from "../../lib/scale/memory_call_warning.ts";
import { assertOneLine, memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";

/** Ten short-form lines of one pair at scale 0: q0..q4 pass, q5..q9 fail (Pass@B 0.5). */
const TEN = Array.from(
  { length: 10 },
  (_, k) =>
    JSON.stringify({ query_id: `q${k}`, scale: 0, agent: "a", system: "m", R: 1, correct: k < 5 }),
);

Deno.test("memaudit scale score refuses a repeated (query, scale) line, naming both lines (it counted n 11, Pass@B 0.545)", async () => {
  await withTempDir(async (dir) => {
    const ok = join(dir, "ten.jsonl"), twice = join(dir, "eleven.jsonl");
    await Deno.writeTextFile(ok, TEN.join("\n") + "\n");
    await Deno.writeTextFile(twice, [...TEN, TEN[2]].join("\n") + "\n");
    const j = JSON.parse((await memaudit(["scale", "score", ok, "--json"])).stdout);
    assert.deepEqual([j.groups[0].n, j.groups[0].pass_at_b], [10, 0.5]);
    assertOneLine(
      await memaudit(["scale", "score", twice, "--json"]),
      /^memaudit scale: Cannot read .*eleven\.jsonl: line 11: query_id: expected one trajectory per \(query, scale\) of "a"\/"m" at scale 0: query "q2" is also on line 3 \(give repeated trials distinct trajectory_id values\)$/,
    );
  });
});

Deno.test("scoreScale() keeps repeated trials told apart by trajectory_id, and refuses a repeated id", () => {
  const base = { agent: "a", system: "m", scale: { n_irr: 0 }, R: 1, correct: true };
  const trials = [
    { ...base, query_id: "q", trajectory_id: "q/0", line: 1 },
    { ...base, query_id: "q", trajectory_id: "q/1", line: 2, correct: false },
  ];
  const g = scoreScale(trials, { resamples: 0 }).groups[0];
  assert.deepEqual([g.n, g.queries, g.pass_at_b], [2, 1, 0.5]);
  assert.throws(
    () => scoreScale([...trials, { ...trials[0], line: 3 }], { resamples: 0, file: "t.jsonl" }),
    (e: unknown) =>
      e instanceof TrajectoryInputError && e.line === 3 && e.field === "trajectory_id" &&
      e.message.includes('query "q" (trajectory "q/0") is also on line 1'),
  );
  // The same query at two scales, or for two systems, is no repeat.
  const spread = scoreScale([
    { ...base, query_id: "q" },
    { ...base, query_id: "q", scale: { n_irr: 100 } },
    { ...base, query_id: "q", system: "m2" },
  ], { resamples: 0 });
  assert.equal(spread.n, 3);
});

Deno.test("memaudit scale score warns on stderr and in --json when no call matches the memory tools (R = 0 everywhere)", async () => {
  const args = ["scale", "score", "tests/scale/fixtures/openai_chat.jsonl", "--judge-log"];
  const log = "tests/scale/fixtures/judge_log.jsonl";
  const r = await memaudit([...args, log, "--memory-tools", "recall", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.ok(j.groups.every((g: { mean_r: number; p_exh: number }) => g.mean_r === 0));
  assert.equal(j.warnings.length, 1);
  assert.match(
    j.warnings[0],
    /^no call matched the memory tools \(recall\): R = 0 for every trajectory, so p_exh = 0 and Pass@B is accuracy at every budget \(tools called: .*search_memory ×\d+/,
  );
  assert.ok(r.stderr.includes(`warning: tests/scale/fixtures/openai_chat.jsonl: ${j.warnings[0]}`));
  // With the right tool named, no warning.
  const named = await memaudit([...args, log, "--memory-tools", "search_memory", "--json"]);
  assert.deepEqual(JSON.parse(named.stdout).warnings, []);
});

Deno.test("memoryCallWarning() is null once one trajectory has a memory call", () => {
  const input = { tools: {}, trajectories: null, memoryTools: ["m"] };
  assert.equal(memoryCallWarning({ ...input, records: [{ R: 0 }, { R: 2 }] }), null);
  assert.equal(memoryCallWarning({ ...input, records: [] }), null);
  assert.match(
    memoryCallWarning({ ...input, records: [{ R: 0 }] })!,
    /^no call matched the memory tools \(m\): .*no step of kind memory_call/,
  );
});

Deno.test("memaudit scale score flags a pair missing a scale in s*, with the points and n in --json", async () => {
  await withTempDir(async (dir) => {
    // a/m has N_irr 0, 100, 200; a/m2 has no trajectories at 100, where a/m falls below alpha.
    const lines = [0, 100, 200].flatMap((n) =>
      Array.from({ length: 10 }, (_, k) => ({
        query_id: `q${k}`,
        scale: n,
        agent: "a",
        system: "m",
        R: 1,
        correct: k < (n === 100 ? 6 : 8),
      }))
    );
    const m2 = lines.filter((l) => l.scale !== 100).map((l) => ({ ...l, system: "m2" }));
    const file = join(dir, "gap.jsonl");
    await Deno.writeTextFile(file, [...lines, ...m2].map((l) => JSON.stringify(l)).join("\n"));
    const r = await memaudit(["scale", "score", file, "--json", "--resamples", "0"]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    const [m, gap] = j.boundaries;
    assert.deepEqual([m.s_star, m.missing_scales], [100, []]);
    assert.deepEqual([gap.s_star, gap.missing_scales], [">200", [100]]);
    assert.deepEqual(gap.points, [
      { scale: 0, pass_at_b: 0.8, n: 10, ci: null },
      { scale: 200, pass_at_b: 0.8, n: 10, ci: null },
    ]);
    assert.deepEqual(j.warnings, [
      '"a"/"m2" has no trajectories at scale(s) 100 of the ladder: its s* = >200 is taken ' +
      "over the 2 scale(s) it has, and could lie at a missing one",
    ]);
    assert.ok(r.stderr.includes(j.warnings[0]));
    // The table flags it in the boundary's row.
    const t = await memaudit(["scale", "score", file, "--resamples", "0"]);
    assert.match(t.stdout, /a\s+m2\s+>200\s+false\s+>200\s+100\n/);
  });
});

Deno.test("memaudit scale score refuses --budget given twice (it kept the last)", async () => {
  assertOneLine(
    await memaudit([
      "scale",
      "score",
      "tests/scale/fixtures/memaudit.jsonl",
      "--budget",
      "2",
      "--budget",
      "3",
    ]),
    /^memaudit scale: --budget given twice \('2' and '3'\): expected it once/,
  );
});
