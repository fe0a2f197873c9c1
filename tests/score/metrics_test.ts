import assert from "node:assert/strict";
import { compilePackage, type PackageInput, parsePackage } from "memaudit";
import { generate } from "../../lib/generate/distributions.ts";
import { representationMix, updateMetrics, validityLists } from "../../lib/score/metrics.ts";

// The vegetarian -> pescatarian update (ARTIFACT-SPEC §3.10) plus a raw
// correction span that covers the invalidation only partially.
function hand(withMeta: boolean) {
  const cands: [string, string, string, "raw" | "fact" | "tombstone" | "update", number][] = [
    ["old_atomic", "old_pref", "atomic_fact", "fact", 2],
    ["old_raw", "old_pref", "raw_span", "raw", 3],
    ["new_atomic", "meal_update", "atomic_fact", "fact", 2],
    ["new_tombstone", "meal_update", "tombstone", "tombstone", 1],
    ["new_compound", "meal_update", "compound_update", "update", 3],
    ["new_raw", "meal_update", "raw_span", "raw", 4],
  ];
  const input: PackageInput = {
    schema_version: 1,
    id: "update_stress",
    weight_source: "explicit",
    experiences: [{ id: "old_pref", order: 0 }, { id: "meal_update", order: 1 }],
    units: [
      { id: "current", family: "current_state", weight: 2, validity: "current" },
      { id: "invalid", family: "invalidation", weight: 2, validity: "invalidates_prior" },
      { id: "stale", family: "preference", weight: 0.1, validity: "superseded" },
    ],
    candidates: cands.map(([id, experience, representation, kind, cost]) => ({
      id,
      experience,
      kind,
      representation,
      cost,
    })),
    coverage: [
      { candidate: "old_atomic", unit: "stale", value: 1 },
      { candidate: "old_raw", unit: "stale", value: 1 },
      { candidate: "new_atomic", unit: "current", value: 1 },
      { candidate: "new_tombstone", unit: "invalid", value: 1 },
      { candidate: "new_compound", unit: "current", value: 1 },
      { candidate: "new_compound", unit: "invalid", value: 1 },
      { candidate: "new_raw", unit: "current", value: 1 },
      { candidate: "new_raw", unit: "invalid", value: 0.45 },
      { candidate: "new_raw", unit: "stale", value: 0.2 },
    ],
    meta: withMeta
      ? {
        current_units: ["current"],
        invalidation_units: ["invalid", "gone"],
        stale_units: ["stale"],
      }
      : undefined,
  };
  return compilePackage(parsePackage(input, "<hand>"));
}

Deno.test("updateMetrics() sums min(1, z_r) over each validity list", () => {
  const cp = hand(false);
  assert.deepEqual(updateMetrics(cp, ["old_raw", "new_raw"]), {
    current_units_total: 1,
    current_units_covered: 1,
    invalidation_units_total: 1,
    invalidation_units_covered: 0.45,
    stale_units_total: 1,
    stale_positive_units_covered: 1, // min(1, 1.0 + 0.2)
    selected_tombstone_like: 0,
  });
  const m = updateMetrics(cp, ["new_compound"]);
  assert.equal(m.invalidation_units_covered, 1);
  assert.equal(m.selected_tombstone_like, 1);
  assert.equal(updateMetrics(cp, ["new_tombstone", "new_compound"]).selected_tombstone_like, 2);
  assert.equal(updateMetrics(cp, []).current_units_covered, 0);
});

Deno.test("updateMetrics() reads the meta lists first; absent units count 0", () => {
  const cp = hand(true);
  assert.deepEqual(validityLists(cp), {
    current: ["current"],
    invalidation: ["invalid", "gone"],
    stale: ["stale"],
  });
  const m = updateMetrics(cp, [cp.candIndex.get("new_raw")!]);
  assert.equal(m.invalidation_units_total, 2);
  assert.equal(m.invalidation_units_covered, 0.45);
});

Deno.test("updateMetrics() rejects unknown candidates", () => {
  assert.throws(() => updateMetrics(hand(false), ["nope"]), RangeError);
});

Deno.test("updateMetrics() on base seed 0: a raw update span covers 0.45 invalidation", () => {
  const cp = compilePackage(generate("base", 0));
  const m = updateMetrics(cp, ["s0_pref_1_update_raw_span"]);
  assert.equal(m.current_units_total, 2);
  assert.equal(m.current_units_covered, 1);
  assert.equal(m.invalidation_units_covered, 0.45);
  assert.equal(m.stale_positive_units_covered, 0.2);
  // The artifact's GVT store at B = 16 covers both invalidation units fully.
  const gvt = updateMetrics(cp, [
    "s0_fact_0_atomic_fact",
    "s0_fact_1_atomic_fact",
    "s0_fact_2_raw_span",
    "s0_pref_0_update_compound_update",
    "s0_pref_1_update_compound_update",
  ]);
  assert.equal(gvt.invalidation_units_covered, 2);
  assert.equal(gvt.selected_tombstone_like, 2);
});

Deno.test("representationMix() counts types with sorted keys", () => {
  const mix = representationMix(hand(false), ["new_raw", "old_atomic", "old_raw"]);
  assert.deepEqual(mix, { atomic_fact: 1, raw_span: 2 });
  assert.deepEqual(Object.keys(mix), ["atomic_fact", "raw_span"]);
});
