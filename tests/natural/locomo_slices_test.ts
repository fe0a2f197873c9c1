import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import {
  type LocomoSlices,
  locomoSlices,
  type SliceOutcome,
} from "../../lib/natural/locomo_slices.ts";
import type { Package } from "../../lib/package/schema.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { qaItem, smallSample } from "./_sample.ts";

/** Whether a package's own required units are all, some or none covered by candidates of cost <= maxCost. */
function coveredShare(pkg: Package, maxCost: number): "all" | "some" | "none" {
  const cost = new Map(pkg.candidates.map((c) => [c.id, c.cost]));
  const required = pkg.queries[0]?.required_units ?? [];
  const covered = new Set(
    pkg.coverage.filter((c) => c.value > 0 && cost.get(c.candidate)! <= maxCost).map((c) => c.unit),
  );
  const n = required.filter((u) => covered.has(u)).length;
  return n === 0 ? "none" : n === required.length ? "all" : "some";
}

/** The counts of a conversion the tests check: outcomes, issues by code, sizes, coverage. */
function summarizeSlices(slices: LocomoSlices) {
  const outcomes: Record<SliceOutcome, number> = { package: 0, unresolved: 0, skipped: 0 };
  const byCategory: Record<string, { qa: number } & Record<SliceOutcome, number>> = {};
  for (const r of slices.records) {
    outcomes[r.outcome]++;
    const c = byCategory[String(r.category)] ??= { qa: 0, package: 0, unresolved: 0, skipped: 0 };
    c.qa++;
    c[r.outcome]++;
  }
  const issuesByCode: Record<string, number> = {};
  for (const code of slices.issues.map((i) => i.code).sort()) {
    issuesByCode[code] = (issuesByCode[code] ?? 0) + 1;
  }
  const coverage = { all: 0, some: 0, none: 0 };
  const coverageWithinBudget = { all: 0, some: 0, none: 0 };
  for (const p of slices.packages) {
    coverage[coveredShare(p, Infinity)]++;
    coverageWithinBudget[coveredShare(p, Math.max(0, ...p.budgets))]++;
  }
  const sizes = slices.packages.map((p) => p.experiences.length).sort((a, b) => a - b);
  const experiences = {
    min: sizes[0],
    median: sizes[Math.floor((sizes.length - 1) / 2)],
    mean: sizes.reduce((a, b) => a + b, 0) / sizes.length,
    max: sizes[sizes.length - 1],
  };
  return {
    samples: slices.samples,
    qaItems: slices.records.length,
    outcomes,
    byCategory,
    issuesByCode,
    sizes: { experiences },
    coverage,
    coverageWithinBudget,
  };
}

Deno.test("locomoSlices() reports a session with a date but no turns once (sample level)", () => {
  const issues = locomoSlices([smallSample([])]).issues;
  assert.deepEqual(issues.map((i) => [i.code, i.qa_index, i.ref, i.severity]), [
    ["session_without_turns", null, "session_3", "note"],
  ]);
});

Deno.test("locomoSlices() converts every QA item; its outcomes, issues, sizes and coverage add up", () => {
  const sample = smallSample([
    qaItem(["D1:1"]),
    qaItem([]),
    qaItem(["D2:1"], { category: 5, answer: undefined, adversarial_answer: "no" }),
    qaItem(["D1:2", "D2:2"], { answer: 3, category: 1 }),
  ]);
  const all = locomoSlices([sample]);
  assert.deepEqual(all.records.map((r) => [r.qa_index, r.outcome]), [
    [0, "package"],
    [1, "unresolved"],
    [2, "package"],
    [3, "package"],
  ]);
  assert.equal(all.packages.length, 3);
  const s = summarizeSlices(all);
  assert.equal(s.samples, 1);
  assert.equal(s.qaItems, 4);
  assert.deepEqual(s.outcomes, { package: 3, unresolved: 1, skipped: 0 });
  assert.deepEqual(s.byCategory["4"], { qa: 2, package: 1, unresolved: 1, skipped: 0 });
  // observation "D2:2, D1:1" is split in both slices that include session 2.
  assert.deepEqual(s.issuesByCode, {
    adversarial: 1,
    integer_answer: 1,
    no_evidence: 1,
    observation_id_split: 2,
    session_without_turns: 1,
  });
  assert.deepEqual(s.sizes.experiences, { min: 1, median: 1, mean: 4 / 3, max: 2 });
  // D2:1 is covered by its raw span (cost 12) and by observation obs_0 (cost 4).
  assert.deepEqual(s.coverage, { all: 3, some: 0, none: 0 });
  const skipped = summarizeSlices(locomoSlices([sample], { includeAdversarial: false }));
  assert.deepEqual(skipped.outcomes, { package: 2, unresolved: 1, skipped: 1 });
});

const SHARED = "../shared/data/locomo/locomo8.json";

Deno.test({
  name: "locomoSlices() converts all of the shared locomo8.json at session granularity",
  ignore: !existsSync(SHARED),
  fn: async () => {
    const samples = await loadLocomo(SHARED);
    const out = locomoSlices(samples);
    const s = summarizeSlices(out);
    assert.equal(s.samples, 8);
    assert.equal(s.qaItems, 1586);
    assert.deepEqual(s.outcomes, { package: 1580, unresolved: 6, skipped: 0 });
    assert.deepEqual(
      Object.fromEntries(Object.entries(s.byCategory).map(([c, v]) => [c, [v.qa, v.package]])),
      { 1: [213, 210], 2: [256, 256], 3: [76, 74], 4: [681, 680], 5: [360, 360] },
    );
    assert.deepEqual(s.issuesByCode, {
      adversarial: 360,
      evidence_id_dangling: 2,
      evidence_id_malformed: 2,
      evidence_id_split: 1,
      integer_answer: 6,
      no_evidence: 2,
      observation_id_split: 40,
      raw_span_truncated: 5443,
      session_without_turns: 16,
    });
    assert.deepEqual(
      out.records.filter((r) => r.outcome === "unresolved").map((r) => [r.sample_id, r.qa_index]),
      [["conv-26", 30], ["conv-26", 46], ["conv-42", 58], ["conv-42", 88], ["conv-43", 18], [
        "conv-47",
        38,
      ]],
    );
    assert.deepEqual(s.coverage, { all: 1310, some: 99, none: 171 });
    assert.deepEqual(s.coverageWithinBudget, { all: 1186, some: 132, none: 262 });
    for (const p of out.packages) parsePackage(p, p.id);
  },
});
