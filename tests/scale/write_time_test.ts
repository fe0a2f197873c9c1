/** Write-time view of a ladder: OPT constant across scales, filler candidates, ratios, side-by-side table. */
import assert from "node:assert/strict";
import { parseLocomo } from "../../lib/natural/load_locomo.ts";
import { locomoLadderSource } from "../../lib/scale/sources/locomo.ts";
import { buildLadder } from "../../lib/scale/ladder.ts";
import { sideBySide, writeTimeView } from "../../lib/scale/write_time.ts";
import type { ScaleGroupScore } from "../../lib/scale/score.ts";

function sample(id: string, who: [string, string], facts: string[][]) {
  const conversation: Record<string, unknown> = { speaker_a: who[0], speaker_b: who[1] };
  const observation: Record<string, Record<string, [string, string][]>> = {};
  facts.forEach((lines, k) => {
    const n = k + 1;
    conversation[`session_${n}_date_time`] = `${10 + n}:00 am on ${n} May, 2023`;
    conversation[`session_${n}`] = lines.map((text, t) => ({
      speaker: who[t % 2],
      dia_id: `D${n}:${t + 1}`,
      text,
    }));
    observation[`session_${n}_observation`] = {
      [who[0]]: [[`${who[0]} said: ${lines[0]}`, `D${n}:1`]],
    };
  });
  return {
    sample_id: id,
    conversation,
    observation,
    qa: [
      { question: `What did ${who[0]} adopt?`, answer: "a cat", evidence: ["D1:1"], category: 4 },
      {
        question: `Where and what?`,
        answer: "Oslo, a cat",
        evidence: ["D1:1", "D2:1"],
        category: 1,
      },
    ],
  };
}

const samples = parseLocomo([
  sample("c1", ["Ann", "Bo"], [["I adopted a cat named Tom", "nice"], [
    "I moved to Oslo last week",
    "cool",
  ]]),
  sample("c2", ["Cy", "Di"], [["I bought a red bike", "fun"], [
    "My sister visits in June",
    "great",
  ]]),
  sample("c3", ["Ed", "Fa"], [["I started learning the violin", "wow"], [
    "I baked sourdough bread",
    "yum",
  ]]),
]);

Deno.test("writeTimeView() keeps the certified OPT across scales and adds the filler sessions' candidates", async () => {
  const ladder = buildLadder(locomoLadderSource(samples), { seed: 2, nIrr: [0, 2, 4] });
  const view = await writeTimeView(samples, ladder, { budget: 30, limit: Infinity });
  assert.equal(view.queries, 6);
  assert.equal(view.optStable, true);
  assert.match(view.label, /not in paper 002/);
  for (const q of new Set(view.rows.map((r) => r.queryId))) {
    const rs = view.rows.filter((r) => r.queryId === q);
    assert.deepEqual(rs.map((r) => r.nIrr), [0, 2, 4]);
    assert.ok(rs.every((r) => r.certified && r.opt === rs[0].opt), q);
    // each filler session brings its raw span and one observation
    assert.deepEqual(rs.map((r) => r.candidates - rs[0].candidates), [0, 4, 8]);
    assert.ok(
      rs.every((r) => r.ratios.oracle_gvt === 1),
      "oracle GVT is optimal on these packages",
    );
  }
  // single-turn evidence, cost <= 30: OPT = 1 (single-hop), 2 (multi-hop: two units of weight 1)
  assert.deepEqual(view.rows.filter((r) => r.scale === "s0").map((r) => r.opt), [1, 2, 1, 2, 1, 2]);
  const gvt = view.boundaries.find((b) => b.writer === "oracle_gvt")!;
  assert.equal(gvt.s_star, ">4");
  const cell = view.cells.find((c) => c.writer === "oracle_gvt" && c.scale === "s2")!;
  assert.deepEqual([cell.n, cell.meanRatio], [6, 1]);
});

Deno.test("sideBySide() puts writers' ratios and agents' Pass@B of the same scales in one row", async () => {
  const ladder = buildLadder(locomoLadderSource(samples), { seed: 2, nIrr: [0, 2] });
  const view = await writeTimeView(samples, ladder, {
    budget: 30,
    writers: ["oracle_gvt", "recency_raw"],
  });
  const g = (scale: string, n_irr: number, pass: number) =>
    ({
      agent: "sim-single-shot",
      scale,
      scale_ref: { label: scale, n_irr },
      pass_at_b: pass,
      n: 6,
    }) as unknown as ScaleGroupScore;
  const rows = sideBySide(view, [g("s0", 0, 1), g("s1", 2, 0.5)]);
  assert.equal(rows.length, 2);
  assert.deepEqual(Object.keys(rows[1]), [
    "scale",
    "nIrr",
    "n_write",
    "mean_opt",
    "rho MemAudit-GVT",
    "rho Recency raw",
    "Pass@B sim-single-shot",
    "n sim-single-shot",
  ]);
  assert.equal(rows[1]["Pass@B sim-single-shot"], 0.5);
  assert.equal(rows[0]["rho MemAudit-GVT"], 1);
  assert.equal(rows[0].mean_opt, 1.5);
});

Deno.test("writeTimeView() refuses an unknown writer", async () => {
  const ladder = buildLadder(locomoLadderSource(samples), { seed: 2, nIrr: [0] });
  await assert.rejects(
    () => writeTimeView(samples, ladder, { writers: ["nope"] }),
    /Cannot find writer 'nope'/,
  );
});
