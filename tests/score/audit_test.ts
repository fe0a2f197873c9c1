import assert from "node:assert/strict";
import {
  aggregateFailureAudits,
  type Certificate,
  compilePackage,
  conditionalFailureAudit,
  parsePackage,
  solveBnb,
} from "memaudit";
import { auditStore, unitReachability } from "../../lib/score/audit.ts";
import { generate } from "memaudit/generate";
import { WRITERS } from "../../lib/writers/registry.ts";

const near = (a: number, b: number, tol = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} is not within ${tol} of ${b}`);

/**
 * ARTIFACT-SPEC §3.10 update-stress fixture (weights current 2, invalid 2, stale 0.1), with
 * families, plus one weighted unit no candidate covers.
 */
function updateStress() {
  const cands: [string, string, "fact" | "raw" | "tombstone" | "update", string, number][] = [
    ["old_atomic", "old_pref", "fact", "atomic_fact", 2],
    ["old_raw", "old_pref", "raw", "raw_span", 3],
    ["new_atomic", "meal_update", "fact", "atomic_fact", 2],
    ["new_tombstone", "meal_update", "tombstone", "tombstone", 1],
    ["new_compound", "meal_update", "update", "compound_update", 3],
  ];
  const cov: [string, string][] = [
    ["old_atomic", "stale"],
    ["old_raw", "stale"],
    ["new_atomic", "current"],
    ["new_tombstone", "invalid"],
    ["new_compound", "current"],
    ["new_compound", "invalid"],
  ];
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "update_stress",
    weight_source: "explicit",
    experiences: [{ id: "old_pref", order: 0 }, { id: "meal_update", order: 1 }],
    units: [
      { id: "current", family: "current_state", validity: "current", weight: 2 },
      { id: "invalid", family: "invalidation", validity: "invalidates_prior", weight: 2 },
      { id: "stale", family: "preference", validity: "superseded", weight: 0.1 },
      { id: "orphan", family: "provenance", weight: 0.5 },
    ],
    candidates: cands.map(([id, experience, kind, representation, cost]) => ({
      id,
      experience,
      kind,
      representation,
      cost,
    })),
    coverage: cov.map(([candidate, unit]) => ({ candidate, unit, value: 1 })),
  }, "<update_stress>"));
}

Deno.test("unitReachability() separates reachable, unaffordable and unavailable units", () => {
  const cp = updateStress();
  assert.deepEqual(unitReachability(cp, 1), [
    { reach: "unaffordable", minCost: 2, coveringCandidates: 2 },
    { reach: "reachable", minCost: 1, coveringCandidates: 2 },
    { reach: "unaffordable", minCost: 2, coveringCandidates: 2 },
    { reach: "unavailable", minCost: null, coveringCandidates: 0 },
  ]);
  assert.deepEqual(unitReachability(cp, 3).map((u) => u.reach), [
    "reachable",
    "reachable",
    "reachable",
    "unavailable",
  ]);
});

Deno.test("auditStore() charges density-only the current state on the update-stress fixture (B = 3)", () => {
  const cp = updateStress();
  const opt = solveBnb(cp, 3);
  assert.deepEqual(opt.store, ["new_compound"]);
  const w = WRITERS.density_only(cp, 3);
  assert.deepEqual(w.store, ["old_atomic", "new_tombstone"]);
  const a = auditStore(cp, 3, w.store, opt);
  assert.equal(a.reference, "certificate");
  near(a.optValue, 4);
  near(a.writerValue, 2.1);
  near(a.lossMass, 2);
  near(a.surplusMass, 0.1);
  near(a.lossMass - a.surplusMass, a.optValue - a.writerValue);
  assert.deepEqual(
    a.units.map((u) => [u.unit, u.reach, u.optLevel, u.writerLevel, u.missed, u.untouched]),
    [
      ["current", "reachable", 1, 0, true, true],
      ["invalid", "reachable", 1, 1, false, false],
      ["stale", "reachable", 0, 1, false, false],
      ["orphan", "unavailable", 0, 0, false, false],
    ],
  );
  assert.deepEqual(a.families.map((f) => f.family), [
    "preference",
    "invalidation",
    "current_state",
    "provenance",
  ]);
  const cur = a.families[2];
  assert.equal(cur.missedUnits, 1);
  assert.equal(cur.missedMass, 2);
  assert.equal(cur.optMass, 2);
  assert.equal(cur.untouchedMass, 2);
  assert.equal(a.families[1].missedMass, 0);
  assert.equal(a.families[0].surplusMass, 0.1);
  assert.deepEqual(
    [a.families[3].units, a.families[3].unavailable, a.families[3].missedUnits],
    [1, 1, 0],
  );
});

Deno.test("auditStore() does not charge units that are unaffordable at B = 1", () => {
  const cp = updateStress();
  const opt = solveBnb(cp, 1);
  assert.deepEqual(opt.store, ["new_tombstone"]);
  // Keeping nothing: only the invalidation unit was reachable.
  const a = auditStore(cp, 1, [], opt);
  near(a.lossMass, 2);
  assert.deepEqual(a.units.filter((u) => u.missed).map((u) => u.unit), ["invalid"]);
  assert.deepEqual(a.units.filter((u) => u.untouched).map((u) => u.unit), ["invalid"]);
  const cur = a.families.find((f) => f.family === "current_state")!;
  assert.deepEqual([cur.reachable, cur.unaffordable, cur.untouchedUnits], [0, 1, 0]);
});

Deno.test("auditStore() on base seed 0 (B = 4): density-only misses both invalidation units", () => {
  const cp = compilePackage(generate("base", 0));
  const opt = solveBnb(cp, 4);
  assert.deepEqual(opt.store, ["s0_pref_0_update_compound_update", "s0_pref_1_update_tombstone"]);
  const w = WRITERS.density_only(cp, 4);
  assert.deepEqual(w.store, ["s0_fact_0_atomic_fact", "s0_fact_1_atomic_fact"]);
  const a = auditStore(cp, 4, w.store, opt);
  near(a.optValue, 6.75);
  near(a.writerValue, 2.2);
  near(a.lossMass, 6.75);
  near(a.surplusMass, 2.2);
  const fam = Object.fromEntries(a.families.map((f) => [f.family, f]));
  assert.deepEqual(Object.keys(fam), [
    "fact",
    "preference",
    "invalidation",
    "current_state",
    "other",
  ]);
  assert.deepEqual([fam.invalidation.missedUnits, fam.invalidation.missedMass], [2, 4.5]);
  assert.deepEqual([fam.current_state.missedUnits, fam.current_state.missedMass], [1, 2.25]);
  assert.equal(fam.fact.missedMass, 0);
  near(fam.fact.surplusMass, 2.2);
  assert.equal(fam.invalidation.untouchedUnits, 2);
  assert.ok(a.units.every((u) => u.reach === "reachable"));
  // MemAudit-GVT keeps OPT's store and misses nothing.
  const g = auditStore(cp, 4, WRITERS.oracle_gvt(cp, 4).store, opt);
  assert.equal(g.lossMass, 0);
  assert.equal(g.reference, "writer");
});

Deno.test("auditStore() takes an optimal writer store as the reference unless told not to", () => {
  // Base seed 4, B = 4: GVT keeps the tombstone of pair 0 and the compound update of pair 1,
  // the solver the reverse; both reach OPT = 6.25.
  const cp = compilePackage(generate("base", 4));
  const opt = solveBnb(cp, 4);
  const g = WRITERS.oracle_gvt(cp, 4);
  assert.notDeepEqual(g.store, opt.store);
  near(g.value, 6.25);
  const tied = auditStore(cp, 4, g.store, opt);
  assert.deepEqual([tied.reference, tied.lossMass, tied.surplusMass], ["writer", 0, 0]);
  const strict = auditStore(cp, 4, g.store, opt, { tieToWriter: false });
  assert.equal(strict.reference, "certificate");
  near(strict.lossMass, 2);
  near(strict.surplusMass, 2);
});

Deno.test("auditStore() rejects infeasible stores and uncertified optima", () => {
  const cp = updateStress();
  const opt = solveBnb(cp, 3);
  assert.throws(
    () => auditStore(cp, 3, ["new_atomic", "new_tombstone"], opt),
    /Cannot audit the writer store: group 'meal_update' holds 2 candidates/,
  );
  assert.throws(() => auditStore(cp, 3, ["nope"], opt), /unknown candidate 'nope'/);
  const gapped: Certificate = { ...opt, status: "time_limit", gap: 0.1 };
  assert.throws(() => auditStore(cp, 3, [], gapped), /Cannot audit against OPT/);
});

Deno.test("conditionalFailureAudit() aggregates base seeds 0..9 at B = 4 per (writer, family)", () => {
  const packages = Array.from({ length: 10 }, (_, s) => ({
    id: `base:${s}`,
    cp: compilePackage(generate("base", s)),
  }));
  const res = conditionalFailureAudit(packages, 4, ["density_only", "oracle_gvt"]);
  assert.equal(res.records.length, 20);
  const row = (w: string, f: string) => res.rows.find((r) => r.writer === w && r.family === f)!;
  const inv = row("density_only", "invalidation");
  assert.deepEqual(
    [inv.packages, inv.packagesReachable, inv.packagesMissed, inv.missShare, inv.missedUnits],
    [10, 10, 10, 1, 20],
  );
  near(inv.missedMass, 45.75);
  near(inv.meanMissedMass, 4.575);
  assert.equal(inv.missedShareOfOpt, 1);
  const cur = row("density_only", "current_state");
  assert.deepEqual([cur.packagesMissed, cur.missedUnits], [10, 10]);
  near(cur.missedMass, 22.75);
  assert.equal(row("density_only", "fact").missShare, 0);
  assert.equal(row("density_only", "fact").missedShareOfOpt, null);
  assert.ok(res.rows.filter((r) => r.writer === "oracle_gvt").every((r) => r.missedMass === 0));
  near(row("oracle_gvt", "invalidation").optMass, 45.75);
  assert.deepEqual(res.rows.map((r) => r.family).slice(0, 5), [
    "fact",
    "preference",
    "invalidation",
    "current_state",
    "other",
  ]);
  assert.throws(() => conditionalFailureAudit(packages.slice(0, 1), 4, ["nope"]), /writer 'nope'/);
});

Deno.test("aggregateFailureAudits() of no records is empty", () => {
  assert.deepEqual(aggregateFailureAudits([]), []);
});
