/** lib/paper/natural87.ts: the paper's Natural-87 numbers (ARTIFACT-SPEC §7.4), kept as data. */
import assert from "node:assert/strict";
import { PAPER_NATURAL87 } from "../../lib/paper/natural87.ts";
import { PAPER_TABLE4 } from "../../lib/paper/table4.ts";

Deno.test("PAPER_NATURAL87 gives the writers' ratios at B = 30, 60, 100 and the B = 100 interval", () => {
  const n = PAPER_NATURAL87;
  assert.deepEqual(n.budgets, [30, 60, 100]);
  assert.deepEqual(n.writers.oracle_gvt.ratio, [1.0, 0.996, 1.0]);
  assert.deepEqual(n.writers.estimated_gvt.ratio, [0.528, 0.678, 0.829]);
  assert.deepEqual(n.writers.estimated_gvt.ci_b100, [0.761, 0.887]);
  assert.deepEqual(n.writers.density_only.ratio, [0.991, 0.955, 0.962]);
  const [lo, hi] = n.writers.estimated_gvt.ci_b100!;
  assert.ok(lo < n.writers.estimated_gvt.ratio[2] && n.writers.estimated_gvt.ratio[2] < hi);
});

Deno.test("PAPER_NATURAL87 agrees with PAPER_TABLE4 on the two writer rows", () => {
  const row = (name: string) => PAPER_TABLE4.find((r) => r.row === name)!;
  for (const [id, name] of [["oracle_gvt", "MemAudit-GVT"], ["estimated_gvt", "Estimated-GVT"]]) {
    const r = row(name);
    assert.deepEqual(PAPER_NATURAL87.writers[id].ratio, [r.b30, r.b60, r.b100], id);
  }
});

Deno.test("PAPER_NATURAL87 sensitivity and coverage audit (main.tex)", () => {
  const s = PAPER_NATURAL87.sensitivity;
  assert.deepEqual(s.opt_k1, [0.931, 1.356, 1.489]);
  assert.deepEqual(s.opt_k2, [0.943, 1.374, 1.54]);
  assert.deepEqual(s.byte_overhead_opt, [1.31, 1.483, 1.632]);
  assert.deepEqual(s.k2_change_pct_range, [1.3, 6.0]);
  // OPT with k = 2 is at least OPT with k = 1 at every budget.
  s.opt_k1.forEach((v, i) => assert.ok(s.opt_k2[i] >= v));
  const a = PAPER_NATURAL87.coverage_audit;
  assert.deepEqual(
    [
      a.cells,
      a.human_human.kappa,
      a.human_gemini.kappa,
      a.human_gemini.cells,
      a.ratio_mean_abs_diff,
    ],
    [1975, 0.831, 0.863, 1813, 0.035],
  );
});
