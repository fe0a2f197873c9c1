import assert from "node:assert/strict";
import { convertLocomo } from "../../lib/natural/convert.ts";
import {
  certifyNatural,
  NATURAL_METHODS,
  optShift,
  rescoringShift,
  scoreNatural,
  summarizeNatural,
} from "../../lib/natural/score_natural.ts";
import { scoreNaturalParallel } from "../../lib/natural/score_parallel.ts";
import { qaItem, smallSample } from "./_sample.ts";

const conv = () =>
  convertLocomo([
    smallSample([qaItem(["D1:1"]), qaItem(["D1:2", "D2:1"]), qaItem(["D2:2"])]),
    { ...smallSample([qaItem(["D1:3"])]), sample_id: "conv-u" },
  ]);

Deno.test("scoreNatural() certifies OPT and scores each writer at each budget", () => {
  const { scoring } = conv();
  const rows = scoreNatural(scoring, { budgets: [4, 30] });
  assert.equal(rows.length, scoring.length * 2 * (1 + NATURAL_METHODS.length));
  const opt = rows.filter((r) => r.method === "opt");
  assert.deepEqual(opt.map((r) => [r.package, r.cluster, r.budget, r.value, r.ratio, r.flag]), [
    ["conv-t_q0", "conv-t", 4, 0, null, "degenerate_opt"],
    ["conv-t_q0", "conv-t", 30, 1, 1, "ok"],
    ["conv-t_q1", "conv-t", 4, 1, 1, "ok"],
    ["conv-t_q1", "conv-t", 30, 2, 1, "ok"],
    ["conv-t_q2", "conv-t", 4, 0, null, "degenerate_opt"],
    ["conv-t_q2", "conv-t", 30, 1, 1, "ok"],
    ["conv-u_q0", "conv-u", 4, 1, 1, "ok"],
    ["conv-u_q0", "conv-u", 30, 1, 1, "ok"],
  ]);
  const gvt = rows.filter((r) => r.method === "oracle_gvt" && r.budget === 30);
  assert.ok(gvt.every((r) => r.ratio === 1));
  const sum = summarizeNatural(rows, { seed: 1, resamples: 200 });
  const optAt4 = sum.find((s) => s.method === "opt" && s.budget === 4)!;
  assert.deepEqual(
    [
      optAt4.items,
      optAt4.scored,
      optAt4.degenerate,
      optAt4.uncertified,
      optAt4.mean,
      optAt4.clusters,
    ],
    [4, 2, 2, 0, 1, 2],
  );
  assert.throws(() => scoreNatural(scoring, { methods: ["nope"] }), /Cannot find writer 'nope'/);
});

Deno.test("rescoringShift() and optShift() compare two scorings of the same packages", () => {
  const { scoring } = conv();
  const a = scoreNatural(scoring, { budgets: [30] });
  const same = rescoringShift(a, a);
  assert.deepEqual(same.map((r) => [r.budget, r.mean_abs_delta, r.kendall_tau]), [[30, 0, 1], [
    "all",
    0,
    1,
  ]]);
  // Halve one writer's ratios in B: |Δ| is half its mean ratio over the pairs.
  const b = a.map((
    r,
  ) => (r.method === "fact_only" && r.ratio !== null ? { ...r, ratio: r.ratio / 2 } : r));
  const s = rescoringShift(a, b)[0];
  const fact = a.filter((r) => r.method === "fact_only" && r.ratio !== null);
  assert.equal(s.pairs, NATURAL_METHODS.length * fact.length);
  assert.equal(s.mean_abs_delta, fact.reduce((x, r) => x + r.ratio! / 2, 0) / s.pairs);
  const k2 = scoreNatural(scoring, { budgets: [30], methods: [], k: 2 });
  const o = optShift(a, k2)[0];
  assert.equal(o.items, scoring.length);
  assert.ok(o.mean_opt_b >= o.mean_opt_a && o.change_pct! >= 0);
});

Deno.test("scoreNaturalParallel() gives the rows of scoreNatural, job by job, in order", async () => {
  const { scoring } = conv();
  const jobs = [{ packages: scoring }, {
    packages: scoring,
    opts: { methods: ["fact_only"], budgets: [4] },
  }];
  const out = await scoreNaturalParallel(jobs, { workers: 2, chunks: 2 });
  assert.deepEqual(out, jobs.map((j) => scoreNatural(j.packages, j.opts)));
  await assert.rejects(
    () =>
      scoreNaturalParallel([{ packages: scoring, opts: { methods: ["nope"] } }], { workers: 1 }),
    /Cannot score natural packages: Cannot find writer 'nope'/,
  );
});

Deno.test("scoreNatural() certifies k = 2 OPT without search where k = 1 OPT already reaches Σ w", async () => {
  const { scoring } = conv();
  const k1 = certifyNatural(scoring, { budgets: [30], k: 1 });
  const fast = scoreNatural(scoring, { budgets: [30], methods: [], k: 2, reachedBy: k1 });
  const slow = scoreNatural(scoring, { budgets: [30], methods: [], k: 2 });
  assert.deepEqual(fast.map((r) => [r.opt, r.flag]), slow.map((r) => [r.opt, r.flag]));
  const [viaJob] = await scoreNaturalParallel([{
    packages: scoring,
    opts: { budgets: [30], methods: [], k: 2, reachedBy: k1 },
  }], { workers: 1 });
  assert.deepEqual(viaJob, fast);
});

Deno.test("scoreNatural() refuses OPT rows, copies and literals as reachedBy (finding 4)", () => {
  const { scoring } = conv();
  const rows = scoreNatural(scoring, { budgets: [30], methods: [] });
  const [cert] = certifyNatural(scoring.slice(0, 1), { budgets: [30], k: 1 });
  for (const bad of [rows[0], { ...cert }, JSON.parse(JSON.stringify(cert))]) {
    assert.throws(
      // deno-lint-ignore no-explicit-any
      () => scoreNatural(scoring, { budgets: [30], methods: [], k: 2, reachedBy: [bad as any] }),
      (e: Error) =>
        e instanceof TypeError &&
        /reachedBy takes certificates made by an exact solver/.test(e.message),
    );
  }
});

Deno.test("scoreNatural() does not take a certificate of another package, budget or a larger k", () => {
  const { scoring } = conv();
  // A k = 1 certificate of package 0 must not serve package 1, nor budget 60.
  const k1 = certifyNatural(scoring.slice(0, 1), { budgets: [30], k: 1 });
  const fast = scoreNatural(scoring.slice(0, 2), {
    budgets: [30, 60],
    methods: [],
    k: 2,
    reachedBy: k1,
  });
  const slow = scoreNatural(scoring.slice(0, 2), { budgets: [30, 60], methods: [], k: 2 });
  assert.deepEqual(fast, slow);
  // A k = 2 certificate is not a proof for k = 2 (raiseCap needs a smaller cap) nor for k = 1.
  const k2 = certifyNatural(scoring.slice(0, 1), { budgets: [30], k: 2 });
  assert.deepEqual(
    scoreNatural(scoring.slice(0, 1), { budgets: [30], methods: [], k: 1, reachedBy: k2 }),
    scoreNatural(scoring.slice(0, 1), { budgets: [30], methods: [], k: 1 }),
  );
});
