/** lib/paper/table4.ts: the paper's exported-system numbers, as transcribed in ARTIFACT-SPEC §7.4. */
import assert from "node:assert/strict";
import {
  PAPER_COST_RULES_B100,
  PAPER_EXTERNAL_B100,
  PAPER_TABLE4,
} from "../../lib/paper/table4.ts";

Deno.test("PAPER_TABLE4 holds the ten rows of ARTIFACT-SPEC §7.4 in order, B = 30 / 60 / 100", () => {
  assert.deepEqual(PAPER_TABLE4.map((r) => [r.row, r.denominator, r.b30, r.b60, r.b100]), [
    ["MemAudit-GVT", "package", 1.000, 0.996, 1.000],
    ["Estimated-GVT", "package", 0.528, 0.678, 0.829],
    ["Mem0 recency-pruned", "union", 0.034, 0.117, 0.363],
    ["Mem0 salience-pruned", "union", 0.380, 0.429, 0.427],
    ["Mem0 upper-pruned bound", "union", 0.837, 0.885, 0.886],
    ["Letta (core + archival) salience-pruned", "union", 0.652, 0.696, 0.734],
    ["Letta upper-pruned bound", "union", 0.723, 0.763, 0.765],
    ["Letta recency-pruned", "union", 0.219, 0.260, 0.342],
    ["A-Mem full-store (native-retrieval-pruned)", "union", 0, 0, 0],
    ["A-Mem metadata view (recency-pruned)", "union", 0.191, 0.158, 0.151],
  ]);
});

Deno.test("PAPER_TABLE4: writers are package rows, system rows are union ratios at most 1", () => {
  for (const r of PAPER_TABLE4) {
    assert.equal(r.denominator === "package", r.selector === "writer", r.row);
    if (r.denominator === "union") {
      for (const v of [r.b30, r.b60, r.b100]) assert.ok(v >= 0 && v <= 1, `${r.row}: ${v}`);
    }
  }
  // A selection never beats its own upper-pruned bound.
  const row = (name: string) => PAPER_TABLE4.find((r) => r.row === name)!;
  for (
    const [sel, up] of [["Mem0 salience-pruned", "Mem0 upper-pruned bound"], [
      "Letta (core + archival) salience-pruned",
      "Letta upper-pruned bound",
    ]]
  ) {
    for (const b of ["b30", "b60", "b100"] as const) {
      assert.ok(row(sel)[b] <= row(up)[b], `${sel} ${b}`);
    }
  }
});

Deno.test("PAPER_EXTERNAL_B100 and PAPER_COST_RULES_B100 match main.tex at B = 100", () => {
  assert.deepEqual(PAPER_EXTERNAL_B100.map((r) => [r.row, r.rawF, r.packageRatio, r.unionRatio]), [
    ["Mem0 salience", 0.655, 0.489, 0.427],
    ["Mem0 upper", 1.443, 1.041, 0.886],
    ["Letta salience", 1.270, 0.881, 0.734],
    ["Letta upper", 1.322, 0.918, 0.765],
    ["A-Mem metadata", 0.282, 0.218, 0.180],
    ["A-Mem full", 0, 0, 0],
  ]);
  // The union OPT is at least the package OPT: a union ratio never exceeds the package ratio.
  for (const r of PAPER_EXTERNAL_B100) assert.ok(r.unionRatio <= r.packageRatio, r.row);
  assert.deepEqual(PAPER_COST_RULES_B100.map((r) => [r.row, r.words, r.byteOverhead]), [
    ["Letta salience", 0.899, 0.800],
    ["Mem0 salience", 0.489, 0.442],
    ["A-Mem metadata recency", 0.190, 0.266],
    ["A-Mem full native", 0, 0],
  ]);
});
