import assert from "node:assert/strict";
import fc from "fast-check";
import { p90r, ScaleScorer, scoreScale } from "../../lib/scale/score.ts";
import { clusterBootstrapCi } from "../../lib/score/cluster_bootstrap.ts";
import type { ScoreRecord } from "../../lib/scale/trajectory.ts";
import { TrajectoryInputError } from "../../lib/scale/trajectory.ts";
import { join } from "node:path";
import { memoryCallWarning } from "../../lib/scale/memory_call_warning.ts";
import { assertOneLine, memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";
import { compareLadderLabels } from "../../lib/scale/boundary.ts";

// COMPANIONS §1(e): the hand-checked golden vector.
const GOLD_R = [0, 1, 1, 2, 3, 5, 1, 1, 2, 9];
const GOLD_C = [1, 1, 0, 1, 1, 1, 1, 0, 0, 1];
const gold = (scale: ScoreRecord["scale"] = { n_irr: 0 }): ScoreRecord[] =>
  GOLD_R.map((r, k) => ({
    query_id: `q${k}`,
    agent: "a",
    system: "m",
    scale,
    R: r,
    correct: GOLD_C[k] === 1,
  }));

const close = (a: number, b: number, tol = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b} (tol ${tol})`);

Deno.test("p90r() is the nearest-rank 90th percentile of the golden vector (5, not numpy's 5.4)", () => {
  assert.equal(p90r(GOLD_R), 5);
  assert.equal(p90r([7]), 7);
  // n = 20: the 18th smallest value.
  assert.equal(p90r([...Array(17).fill(1), 2, 3, 4]), 2);
  // n = 11: ceil(9.9) = 10th smallest.
  assert.equal(p90r([0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 8]), 6);
  assert.throws(() => p90r([]), RangeError);
});

Deno.test("scoreScale() reproduces the golden vector at B = 1, 2, 3", () => {
  const expected: Record<number, [number, number, number]> = {
    1: [0.3, 0.5, 0.2],
    2: [0.4, 0.3, 0.3],
    3: [0.5, 0.2, 0.3],
  };
  for (const [b, [p, e, w]] of Object.entries(expected)) {
    const g = scoreScale(gold(), { budget: Number(b), resamples: 0 }).groups[0];
    close(g.pass_at_b, p);
    close(g.p_exh, e);
    close(g.p_wrong, w);
    assert.equal(g.p90r, 5);
    assert.equal(g.n, 10);
    close(g.mean_r, 2.5);
    assert.equal(g.max_r, 9);
  }
  const g = scoreScale(gold(), { budget: 2, resamples: 0 }).groups[0];
  assert.deepEqual(g.counts, { pass: 4, exh: 3, wrong: 3 });
  assert.deepEqual(g.r_histogram, [
    { r: 0, n: 1, correct: 1 },
    { r: 1, n: 4, correct: 2 },
    { r: 2, n: 2, correct: 1 },
    { r: 3, n: 1, correct: 1 },
    { r: 5, n: 1, correct: 1 },
    { r: 9, n: 1, correct: 1 },
  ]);
});

Deno.test("scoreScale() gives the whole Pass@B(B) curve for B = 0..max R", () => {
  const g = scoreScale(gold(), { resamples: 0 }).groups[0];
  const rows = g.curve.map((c) => [c.B, c.pass_at_b, c.p_exh, c.p_wrong]);
  const want = [
    [0, 0.1, 0.9, 0],
    [1, 0.3, 0.5, 0.2],
    [2, 0.4, 0.3, 0.3],
    [3, 0.5, 0.2, 0.3],
    [4, 0.5, 0.2, 0.3],
    [5, 0.6, 0.1, 0.3],
    [6, 0.6, 0.1, 0.3],
    [7, 0.6, 0.1, 0.3],
    [8, 0.6, 0.1, 0.3],
    [9, 0.7, 0, 0.3],
  ];
  assert.equal(rows.length, want.length);
  rows.forEach((r, k) => r.forEach((v, j) => close(v, want[k][j])));
  // The curve at the scoring budget equals the group's numbers.
  close(g.curve[2].pass_at_b, g.pass_at_b);
});

/** Synthetic n-trajectory group: each [R, correct, count] block. */
function block(
  agent: string,
  system: string,
  nIrr: number,
  parts: [number, boolean, number][],
): ScoreRecord[] {
  const out: ScoreRecord[] = [];
  let q = 0;
  for (const [r, c, count] of parts) {
    for (let k = 0; k < count; k++) {
      out.push({
        query_id: `q${q++}`,
        agent,
        system,
        scale: { label: `s${nIrr / 100}`, n_irr: nIrr },
        R: r,
        correct: c,
      });
    }
  }
  assert.equal(q, 2000, `${agent}/${system}/${nIrr} has ${q} trajectories`);
  return out;
}
/** One-call interface (HippoRAG-like): R = 1, p_exh = 0. */
const oneCall = (a: string, s: string, n: number, passPct: number) =>
  block(a, s, n, [[1, true, Math.round(passPct * 20)], [
    1,
    false,
    2000 - Math.round(passPct * 20),
  ]]);
/** Iterative interface: passes at R = 1, wrong at R = 2, the exhausted tail as given. */
const iter = (
  a: string,
  s: string,
  n: number,
  pass: number,
  wrong: number,
  tail: [number, number][],
) =>
  block(a, s, n, [
    [1, true, pass],
    [2, false, wrong],
    ...tail.map(([r, c]) => [r, true, c] as [number, boolean, number]),
  ]);
/** Flat ladder of an iterative interface with the same split at every scale. */
const flatIter = (a: string, s: string, pass: number, wrong: number, tail: [number, number][]) =>
  [0, 100, 200, 300, 400].flatMap((n) => iter(a, s, n, pass, wrong, tail));

/** The six main-table rows of COMPANIONS §1(c) as n = 2,000 vectors per scale. */
function mainTable(): ScoreRecord[] {
  return [
    // Qwen3-8B + HippoRAG: 78.2 -> 58.2, s* = 100.
    ...[78.2, 68.0, 64.0, 61.0, 58.2].flatMap((p, j) =>
      oneCall("Qwen3-8B", "HippoRAG", 100 * j, p)
    ),
    // Qwen3-8B + LiCoMemory: 53.5 (p_exh 37.2, p_wrong 9.3) -> 52.2 (38.6, 9.2), s* = 0, P90R@s4 = 5.
    ...iter("Qwen3-8B", "LiCoMemory", 0, 1070, 186, [[3, 300], [4, 200], [5, 150], [7, 94]]),
    ...[100, 200, 300].flatMap((n) =>
      iter("Qwen3-8B", "LiCoMemory", n, 1060, 190, [[3, 300], [4, 200], [5, 150], [7, 100]])
    ),
    ...iter("Qwen3-8B", "LiCoMemory", 400, 1044, 184, [[3, 300], [4, 200], [5, 150], [7, 122]]),
    // Qwen3-32B + HippoRAG: 82.6 -> 63.5, s* = 100.
    ...[82.6, 69.0, 67.0, 65.0, 63.5].flatMap((p, j) =>
      oneCall("Qwen3-32B", "HippoRAG", 100 * j, p)
    ),
    // Qwen3-32B + LiCoMemory: 78.6 -> 78.5, s* > 400, P90R@s4 = 4.
    ...[0, 100, 200, 300].flatMap((n) =>
      iter("Qwen3-32B", "LiCoMemory", n, 1572, 120, [[3, 100], [4, 100], [6, 108]])
    ),
    ...iter("Qwen3-32B", "LiCoMemory", 400, 1570, 116, [[3, 100], [4, 100], [6, 114]]),
    // Qwen3-235B + HippoRAG: 84.8 -> 68.8, s* = 300.
    ...[84.8, 80.0, 75.0, 69.5, 68.8].flatMap((p, j) =>
      oneCall("Qwen3-235B", "HippoRAG", 100 * j, p)
    ),
    // Qwen3-235B + LiCoMemory: 81.4 -> 80.1, s* > 400, P90R@s4 = 2.
    ...flatIter("Qwen3-235B", "LiCoMemory", 1628, 334, [[3, 38]]).filter((r) =>
      r.scale!.n_irr! < 400
    ),
    ...block("Qwen3-235B", "LiCoMemory", 400, [[1, true, 1602], [1, false, 158], [2, false, 200], [
      3,
      true,
      40,
    ]]),
  ];
}

Deno.test("scoreScale() gives the main table's boundaries 100, 0, 100, >400, 300, >400 and P90R at s4", () => {
  const res = scoreScale(mainTable(), { budget: 2, alpha: 0.7, resamples: 0 });
  assert.deepEqual(res.ladder, ["s0", "s1", "s2", "s3", "s4"]);
  const b = Object.fromEntries(res.boundaries.map((x) => [`${x.agent}/${x.system}`, x.s_star]));
  assert.deepEqual(b, {
    "Qwen3-8B/HippoRAG": 100,
    "Qwen3-8B/LiCoMemory": 0,
    "Qwen3-32B/HippoRAG": 100,
    "Qwen3-32B/LiCoMemory": ">400",
    "Qwen3-235B/HippoRAG": 300,
    "Qwen3-235B/LiCoMemory": ">400",
  });
  assert.ok(res.boundaries.every((x) => !x.recovers));
  const cell = (a: string, s: string, label: string) =>
    res.groups.find((g) => g.agent === a && g.system === s && g.scale === label)!;
  const want: [string, string, number, number, number][] = [
    // agent, system, Pass@B s0 %, Pass@B s4 %, P90R @ s4
    ["Qwen3-8B", "HippoRAG", 78.2, 58.2, 1],
    ["Qwen3-8B", "LiCoMemory", 53.5, 52.2, 5],
    ["Qwen3-32B", "HippoRAG", 82.6, 63.5, 1],
    ["Qwen3-32B", "LiCoMemory", 78.6, 78.5, 4],
    ["Qwen3-235B", "HippoRAG", 84.8, 68.8, 1],
    ["Qwen3-235B", "LiCoMemory", 81.4, 80.1, 2],
  ];
  for (const [a, s, p0, p4, r90] of want) {
    close(cell(a, s, "s0").pass_at_b * 100, p0, 1e-9);
    close(cell(a, s, "s4").pass_at_b * 100, p4, 1e-9);
    assert.equal(cell(a, s, "s4").p90r, r90, `${a}/${s} P90R`);
    assert.equal(cell(a, s, "s4").n, 2000);
  }
  // The failure split of the failure table (Qwen3-8B + LiCoMemory).
  close(cell("Qwen3-8B", "LiCoMemory", "s0").p_exh * 100, 37.2, 1e-9);
  close(cell("Qwen3-8B", "LiCoMemory", "s0").p_wrong * 100, 9.3, 1e-9);
  close(cell("Qwen3-8B", "LiCoMemory", "s4").p_exh * 100, 38.6, 1e-9);
  close(cell("Qwen3-8B", "LiCoMemory", "s4").p_wrong * 100, 9.2, 1e-9);
  assert.equal(cell("Qwen3-8B", "HippoRAG", "s4").p_exh, 0);
});

Deno.test("scoreScale() bootstrap half-widths over 2,000 queries match the paper's ± (about 1.96·√(p(1−p)/n))", () => {
  const recs = mainTable().filter((r) => r.agent === "Qwen3-8B" && r.scale!.n_irr === 0);
  const res = scoreScale(recs, { resamples: 2000, seed: 11 });
  const hippo = res.groups.find((g) => g.system === "HippoRAG")!;
  const lico = res.groups.find((g) => g.system === "LiCoMemory")!;
  // Reported: 78.2 ± 1.9 and 53.5 ± 2.2 (pp).
  close(hippo.ci!.pass_at_b.half_width * 100, 1.9, 0.25);
  close(lico.ci!.pass_at_b.half_width * 100, 2.2, 0.25);
  assert.ok(
    hippo.ci!.pass_at_b.low < hippo.pass_at_b && hippo.pass_at_b < hippo.ci!.pass_at_b.high,
  );
  assert.equal(hippo.ci!.p_exh.half_width, 0);
  // Seeded: the same seed gives the same interval, another seed another one.
  assert.deepEqual(scoreScale(recs, { resamples: 2000, seed: 11 }).groups, res.groups);
  assert.notDeepEqual(scoreScale(recs, { resamples: 2000, seed: 12 }).groups[0].ci, hippo.ci);
});

const ladder = (passPct: number[], opts: { exhaustAll?: boolean } = {}): ScoreRecord[] =>
  passPct.flatMap((p, j) =>
    Array.from({ length: 100 }, (_, k) => ({
      query_id: `q${k}`,
      agent: "a",
      system: "m",
      scale: { n_irr: 100 * j },
      R: opts.exhaustAll ? 3 + (k % 4) : 1,
      correct: k < p,
    }))
  );

Deno.test("scoreScale() flags a boundary that recovers, and offers the sustained variant", () => {
  const recs = ladder([80, 65, 72, 60, 55]);
  const first = scoreScale(recs, { resamples: 0 }).boundaries[0];
  assert.equal(first.s_star, 100);
  assert.equal(first.recovers, true);
  assert.equal(first.s_star_sustained, 300);
  const sus = scoreScale(recs, { resamples: 0, sustained: true });
  assert.equal(sus.boundaries[0].s_star, 300);
  assert.equal(sus.boundary_rule, "sustained");
  assert.deepEqual(first.points.map((p) => p.pass_at_b), [0.8, 0.65, 0.72, 0.6, 0.55]);
});

Deno.test("scoreScale() treats Pass@B = alpha as usable (strict <) and gives >MAX when no scale falls below", () => {
  const b = scoreScale(ladder([90, 70, 70, 70, 70]), { resamples: 0 }).boundaries[0];
  assert.equal(b.s_star, ">400");
  assert.equal(b.recovers, false);
  assert.equal(b.s_star_sustained, ">400");
  assert.equal(scoreScale(ladder([90, 69]), { resamples: 0 }).boundaries[0].s_star, 100);
});

Deno.test("scoreScale() scores a group where every trajectory exhausts the budget", () => {
  const res = scoreScale(ladder([100, 100, 100], { exhaustAll: true }), {
    budget: 2,
    resamples: 200,
  });
  for (const g of res.groups) {
    assert.equal(g.pass_at_b, 0);
    assert.equal(g.p_exh, 1);
    assert.equal(g.p_wrong, 0);
    assert.equal(g.p90r, 6);
    assert.deepEqual(g.ci!.pass_at_b, { low: 0, high: 0, half_width: 0 });
  }
  const b = res.boundaries[0];
  assert.equal(b.s_star, 0);
  assert.equal(b.recovers, false);
  assert.equal(b.s_star_sustained, 0);
  // Correct answers reached with R > B are failures: with B = 6 all pass.
  assert.equal(
    scoreScale(ladder([100], { exhaustAll: true }), { budget: 6, resamples: 0 }).groups[0]
      .pass_at_b,
    1,
  );
});

Deno.test("scoreScale() orders label-only ladders naturally and by the ladder option", () => {
  const mk = (label: string, pass: boolean): ScoreRecord => ({
    query_id: "q",
    agent: "a",
    system: "m",
    scale: { label },
    R: 1,
    correct: pass,
  });
  const recs = [mk("s10", false), mk("s2", true), mk("s1", true)];
  const res = scoreScale(recs, { resamples: 0 });
  assert.deepEqual(res.ladder, ["s1", "s2", "s10"]);
  assert.equal(res.boundaries[0].s_star, "s10");
  const big = scoreScale(recs, { resamples: 0, ladder: ["s10", "s2", "s1"] });
  assert.deepEqual(big.ladder, ["s10", "s2", "s1"]);
  assert.equal(big.boundaries[0].s_star, "s10");
  assert.equal(scoreScale([mk("x", true)], { resamples: 0 }).boundaries[0].s_star, ">x");
  assert.throws(() => scoreScale(recs, { ladder: ["s1"], resamples: 0 }), TrajectoryInputError);
});

Deno.test("scoreScale() resolves a label to the n_irr another line gives it, and rejects conflicts", () => {
  const base = { query_id: "q", agent: "a", system: "m", R: 1, correct: true };
  const res = scoreScale([
    { ...base, scale: { label: "s1", n_irr: 100 } },
    { ...base, query_id: "q2", scale: { label: "s1" } },
    { ...base, scale: { n_irr: 0 } },
  ], { resamples: 0 });
  assert.deepEqual(res.groups.map((g) => [g.scale, g.n]), [[0, 1], ["s1", 2]]);
  assert.throws(
    () =>
      scoreScale([
        { ...base, scale: { label: "s1", n_irr: 100 }, line: 1 },
        { ...base, scale: { label: "s1", n_irr: 200 }, line: 2 },
      ]),
    (e: unknown) => e instanceof TrajectoryInputError && /one n_irr per label/.test(e.message),
  );
  assert.throws(
    () => scoreScale([{ ...base, scale: null, correct: null, line: 7 }], { file: "f.jsonl" }),
    (e: unknown) =>
      e instanceof TrajectoryInputError && e.line === 7 && e.field === "correct" &&
      e.message.startsWith("Cannot read f.jsonl: line 7: correct"),
  );
});

Deno.test("scoreScale() keeps non-ladder runs as a group without a boundary", () => {
  const res = scoreScale(gold(null), { resamples: 0 });
  assert.equal(res.groups[0].scale, null);
  assert.equal(res.groups[0].ladder_index, -1);
  assert.deepEqual(res.boundaries, []);
});

Deno.test("scoreScale() rejects bad options", () => {
  assert.throws(() => scoreScale(gold(), { budget: -1 }), RangeError);
  assert.throws(() => scoreScale(gold(), { budget: 1.5 }), RangeError);
  assert.throws(() => scoreScale(gold(), { alpha: 2 }), RangeError);
  assert.throws(() => scoreScale(gold(), { resamples: -3 }), RangeError);
  assert.throws(() => scoreScale(gold(), { level: 1 }), RangeError);
});

Deno.test("scoreScale() does not depend on input order; the split sums to 1 (property, seeded)", () => {
  const seed = 20261201;
  const rec = fc.record({
    q: fc.integer({ min: 0, max: 30 }),
    a: fc.constantFrom("a1", "a2"),
    s: fc.constantFrom("m1", "m2"),
    n: fc.constantFrom(0, 100, 200),
    R: fc.integer({ min: 0, max: 8 }),
    c: fc.boolean(),
  });
  fc.assert(
    fc.property(
      fc.array(rec, { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 0, max: 5 }),
      (xs, B) => {
        // Repeated queries are repeated trials: each has its own trajectory id.
        const recs: ScoreRecord[] = xs.map((x, k) => ({
          query_id: `q${x.q}`,
          trajectory_id: `t${k}`,
          agent: x.a,
          system: x.s,
          scale: { n_irr: x.n },
          R: x.R,
          correct: x.c,
        }));
        const a = scoreScale(recs, { budget: B, resamples: 50, seed: 3 });
        const b = scoreScale([...recs].reverse(), { budget: B, resamples: 50, seed: 3 });
        assert.deepEqual(b, a);
        for (const g of a.groups) {
          close(g.pass_at_b + g.p_exh + g.p_wrong, 1);
          assert.equal(g.counts.pass + g.counts.exh + g.counts.wrong, g.n);
          const rs = recs.filter((r) =>
            r.agent === g.agent && r.system === g.system && r.scale!.n_irr === g.scale
          );
          assert.equal(g.p90r, p90r(rs.map((r) => r.R)));
          const sorted = rs.map((r) => r.R).sort((x, y) => x - y);
          assert.equal(g.p90r, sorted[Math.ceil(0.9 * sorted.length) - 1]);
        }
      },
    ),
    { seed, numRuns: 150, verbose: 1 },
  );
});

Deno.test("scoreScale() bootstrap agrees with clusterBootstrapCi over query ids, with repeated trials", () => {
  // Both resample query ids with replacement; scoreScale draws the multinomial counts of id
  // types instead of the ids, the same distribution, so the intervals agree up to Monte Carlo
  // error (about 0.002 here at 20,000 resamples; the interval is about 0.18 wide).
  const recs: ScoreRecord[] = Array.from({ length: 300 }, (_, k) => ({
    query_id: `q${k % 120}`,
    trajectory_id: `t${k}`,
    agent: "a",
    system: "m",
    scale: { n_irr: 0 },
    R: k % 5,
    correct: k % 3 !== 0,
  }));
  const g = scoreScale(recs, { resamples: 20_000, seed: 9 }).groups[0];
  assert.equal(g.queries, 120);
  const ids = recs.map((r) => r.query_id);
  const opts = { resamples: 20_000, seed: "9|a|m|n:0" };
  const pass = clusterBootstrapCi(recs.map((r) => (r.R <= 2 && r.correct ? 1 : 0)), ids, opts);
  const exh = clusterBootstrapCi(recs.map((r) => (r.R > 2 ? 1 : 0)), ids, opts);
  const wrong = clusterBootstrapCi(recs.map((r) => (r.R <= 2 && !r.correct ? 1 : 0)), ids, opts);
  const tol = 0.006;
  close(g.ci!.pass_at_b.low, pass.low, tol);
  close(g.ci!.pass_at_b.high, pass.high, tol);
  close(g.ci!.p_exh.low, exh.low, tol);
  close(g.ci!.p_exh.high, exh.high, tol);
  close(g.ci!.p_wrong.low, wrong.low, tol);
  close(g.ci!.p_wrong.high, wrong.high, tol);
  close(g.ci!.pass_at_b.half_width, (g.ci!.pass_at_b.high - g.ci!.pass_at_b.low) / 2, 1e-15);
});

Deno.test("ScaleScorer keeps R, query ids and line numbers exactly past 8, 16 and 32 bits", () => {
  const scorer = new ScaleScorer({ budget: 2, resamples: 0 });
  const R = (k: number) => [2 ** 40, 70000, 300][k] ?? k % 3;
  for (let k = 0; k < 300; k++) {
    const line = k === 299 ? 2 ** 33 : k + 1;
    scorer.add({
      query_id: `q${k}`,
      agent: "a",
      system: "m",
      scale: null,
      R: R(k),
      correct: true,
      line,
    });
  }
  const g = scorer.score().groups[0];
  assert.equal(g.queries, 300);
  assert.equal(g.max_r, 2 ** 40);
  assert.deepEqual(g.r_histogram.map((h) => h.r), [0, 1, 2, 300, 70000, 2 ** 40]);
  assert.deepEqual(g.counts, { pass: 297, exh: 3, wrong: 0 });
  scorer.add({
    query_id: "q299",
    agent: "a",
    system: "m",
    scale: null,
    R: 0,
    correct: true,
    line: 2 ** 34,
  });
  assert.throws(() => scorer.score(), (e: Error) => {
    assert.equal(
      e.message,
      'Cannot read <memory>: line 17179869184: query_id: expected one trajectory per (query, scale) of "a"/"m" at no scale: query "q299" is also on line 8589934592 (give repeated trials distinct trajectory_id values)',
    );
    return true;
  });
  // Lines out of order (a step back) come back exactly too.
  const back = new ScaleScorer({ resamples: 0 });
  for (const line of [50, 7, 9]) {
    const query_id = line === 9 ? "q1" : "q0";
    back.add({ query_id, agent: "a", system: "m", scale: null, R: 0, correct: true, line });
  }
  assert.throws(
    () => back.score(),
    /^TrajectoryInputError: Cannot read <memory>: line 7: query_id: .* query "q0" is also on line 50 /,
  );
});

// --- Cases from tests/scale/score_miscount_test.ts (miscount) ---
/**
 * `memaudit scale score` counts nothing wrong in silence (issue 22 item 3): a
 * repeated trajectory line is refused with both lines; no call matching the
 * memory tools is a warning; a pair missing a scale is flagged in s*.
 */
/** Ten short-form lines of one pair at scale 0: q0..q4 pass, q5..q9 fail (Pass@B 0.5). */
const TEN = Array.from(
  { length: 10 },
  (_, k) =>
    JSON.stringify({ query_id: `q${k}`, scale: 0, agent: "a", system: "m", R: 1, correct: k < 5 }),
);

Deno.test("memaudit scale score refuses a repeated (query, scale) line, naming both lines (it counted n 11, Pass@B 0.545) (miscount)", async () => {
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

Deno.test("scoreScale() keeps repeated trials told apart by trajectory_id, and refuses a repeated id (miscount)", () => {
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
  // A trial without an id beside one with (a breaker's file): counted twice before, refused now.
  const cases: [string | undefined, string | undefined, number, number][] = [
    [undefined, "t1", 4, 9],
    ["t1", undefined, 9, 4],
  ];
  for (const [tid4, tid9, plain, named] of cases) {
    const mixed = [
      { ...base, query_id: "q", line: 4, ...(tid4 ? { trajectory_id: tid4 } : {}) },
      { ...base, query_id: "q", line: 9, ...(tid9 ? { trajectory_id: tid9 } : {}) },
    ];
    assert.throws(
      () => scoreScale(mixed, { resamples: 0, file: "t.jsonl" }),
      (e: unknown) =>
        e instanceof TrajectoryInputError && e.line === 9 && e.field === "trajectory_id" &&
        e.message ===
          'Cannot read t.jsonl: line 9: trajectory_id: expected one trajectory per (query, scale) of "a"/"m" at scale 0, or repeated trials each with a trajectory_id: query "q" has one ' +
            `without (line ${plain}) and one with (line ${named})`,
    );
  }
  // The same query at two scales, or for two systems, is no repeat.
  const spread = scoreScale([
    { ...base, query_id: "q" },
    { ...base, query_id: "q", scale: { n_irr: 100 } },
    { ...base, query_id: "q", system: "m2" },
  ], { resamples: 0 });
  assert.equal(spread.n, 3);
});

Deno.test("memaudit scale score warns on stderr and in --json when no call matches the memory tools (R = 0 everywhere) (miscount)", async () => {
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

Deno.test("memoryCallWarning() is null once one trajectory has a memory call (miscount)", () => {
  const input = { tools: {}, trajectories: null, memoryTools: ["m"] };
  assert.equal(memoryCallWarning({ ...input, records: [{ R: 0 }, { R: 2 }] }), null);
  assert.equal(memoryCallWarning({ ...input, records: [] }), null);
  assert.match(
    memoryCallWarning({ ...input, records: [{ R: 0 }] })!,
    /^no call matched the memory tools \(m\): .*no step of kind memory_call/,
  );
});

Deno.test("memaudit scale score flags a pair missing a scale in s*, with the points and n in --json (miscount)", async () => {
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

Deno.test("memaudit scale score refuses --budget given twice (it kept the last) (miscount)", async () => {
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

// --- Cases from tests/scale/score_order_ties_test.ts (order ties) ---
/**
 * The ladder's order never follows the input's lines. Before: a label "0" and an N_irr 0 (both
 * shown as 0), or digit labels past 2^53 ("s99999999999999999998", "s99999999999999999999",
 * equal as Number()), compared as ties and kept the lines' order, so reversing the file moved
 * the rows and changed s*_sustained and `recovers`.
 */
const rec = (scale: ScoreRecord["scale"], correct: boolean): ScoreRecord => ({
  query_id: "q1",
  agent: "a",
  system: "m",
  scale,
  R: 1,
  correct,
});

Deno.test("scoreScale: label '0' and N_irr 0 order the same whatever the line order (order ties)", () => {
  const recs = [rec({ label: "0" }, true), rec({ n_irr: 0 }, false)];
  const fwd = scoreScale(recs, { resamples: 0 });
  const rev = scoreScale([...recs].reverse(), { resamples: 0 });
  assert.deepEqual(rev, fwd);
  // Both print as 0: said, not silent.
  assert.deepEqual(fwd.warnings, [
    "2 scales print as '0' (a label and an N_irr, not one scale): their rows are told apart " +
    "only by the ladder's order",
  ]);
});

Deno.test("scoreScale: labels equal as Number() order the same whatever the line order (order ties)", () => {
  const recs = [
    rec({ label: "s99999999999999999999" }, true),
    rec({ label: "s99999999999999999998" }, false),
  ];
  const fwd = scoreScale(recs, { resamples: 0 });
  assert.deepEqual(fwd.ladder, ["s99999999999999999998", "s99999999999999999999"]);
  assert.deepEqual(fwd.warnings, []);
  assert.deepEqual(scoreScale([...recs].reverse(), { resamples: 0 }), fwd);
});

Deno.test("compareLadderLabels: digit runs compare exactly at any length (order ties)", () => {
  assert.ok(compareLadderLabels("s99999999999999999998", "s99999999999999999999") < 0);
  assert.ok(compareLadderLabels("s100000000000000000000", "s99999999999999999999") > 0);
  assert.ok(compareLadderLabels("s002", "s10") < 0);
  assert.ok(compareLadderLabels("s02", "s2") > 0);
  assert.equal(compareLadderLabels("s0", "s0"), 0);
});
