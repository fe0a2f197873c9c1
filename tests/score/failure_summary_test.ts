import assert from "node:assert/strict";
import {
  compilePackage,
  conditionalFailureAudit,
  evaluateStore,
  PACKAGE_SCHEMA_VERSION,
  parsePackage,
  runWriter,
  solveBnb,
} from "memaudit";
import { generate } from "memaudit/generate";
import {
  auditConsistency,
  ledgerTotals,
  meanPackageRatio,
  reachabilityShares,
} from "../../lib/score/failure_summary.ts";

const near = (a: number, b: number, tol = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} is not within ${tol} of ${b}`);

/**
 * Two groups; u1 and u2 each covered by one cheap candidate, `shared` covered half by each of
 * them, u3 only by a candidate costing 10, u4 by nobody. Explicit weights 1, 1, 2, 1, 1.
 */
function sharedUnitPackage() {
  return compilePackage(parsePackage({
    schema_version: PACKAGE_SCHEMA_VERSION,
    id: "shared_unit",
    experiences: [{ id: "e1", order: 0 }, { id: "e2", order: 1 }],
    candidates: [
      { id: "e1.a", experience: "e1", kind: "fact", cost: 1 },
      { id: "e2.b", experience: "e2", kind: "fact", cost: 1 },
      { id: "e2.c", experience: "e2", kind: "raw", cost: 10 },
    ],
    units: [
      { id: "u1", family: "fact", weight: 1 },
      { id: "u2", family: "fact", weight: 1 },
      { id: "shared", family: "fact", weight: 2 },
      { id: "u3", family: "temporal", weight: 1 },
      { id: "u4", family: "other", weight: 1 },
    ],
    weight_source: "explicit",
    coverage: [
      { candidate: "e1.a", unit: "u1", value: 1 },
      { candidate: "e1.a", unit: "shared", value: 0.5 },
      { candidate: "e2.b", unit: "u2", value: 1 },
      { candidate: "e2.b", unit: "shared", value: 0.5 },
      { candidate: "e2.c", unit: "u3", value: 1 },
    ],
  }, "shared_unit.json"));
}

Deno.test("reachabilityShares() splits weighted units into reachable, unaffordable, unavailable", () => {
  const cp = sharedUnitPackage();
  assert.deepEqual(reachabilityShares([cp], 2), {
    units: 5,
    reachable: 3 / 5,
    unaffordable: 1 / 5,
    unavailable: 1 / 5,
  });
  // At B = 10 the expensive candidate is affordable: only u4 stays out of reach.
  assert.deepEqual(reachabilityShares([cp, cp], 10), {
    units: 10,
    reachable: 8 / 10,
    unaffordable: 0,
    unavailable: 2 / 10,
  });
});

Deno.test("reachabilityShares() pools base packages: most units are unaffordable at B = 1, none at B = 3", () => {
  const cps = [0, 1, 2, 3, 4].map((s) => compilePackage(generate("base", s)));
  const at1 = reachabilityShares(cps, 1);
  assert.equal(at1.units, 55);
  near(at1.reachable, 10 / 55);
  near(at1.unaffordable, 45 / 55);
  assert.equal(at1.unavailable, 0);
  assert.deepEqual(reachabilityShares(cps, 3), {
    units: 55,
    reachable: 1,
    unaffordable: 0,
    unavailable: 0,
  });
});

Deno.test("ledgerTotals() sees the naive booking count a shared unit once per OPT choice", () => {
  const cp = sharedUnitPackage();
  const opt = solveBnb(cp, 2);
  assert.deepEqual([...opt.store].sort(), ["e1.a", "e2.b"]);
  assert.equal(opt.objective, 4);
  // The writer keeps e1.a only: it loses u2 (1) and half of `shared` (2 · 0.5 = 1).
  const t = ledgerTotals(cp, 2, ["e1.a"], opt);
  assert.equal(t.gap, 2);
  assert.equal(t.lossMass, 2);
  near(t.splitGap, 0);
  near(t.swapGap, 0);
  // Both OPT choices cover `shared`, so both rows list it and the naive booking charges its
  // loss (1) twice: 1 (u2) + 1 + 1.
  assert.equal(t.naiveMass, 3);
  assert.equal(t.naiveDoubleCounts, true);
  // The empty store loses everything OPT covers: u1 + u2 + shared = 4, naive 1+2 + 1+2 = 6.
  const empty = ledgerTotals(cp, 2, [], opt);
  assert.deepEqual([empty.gap, empty.lossMass, empty.naiveMass], [4, 4, 6]);
  // OPT against itself: nothing lost.
  const self = ledgerTotals(cp, 2, opt.store, opt);
  assert.deepEqual([self.gap, self.lossMass, self.naiveMass, self.naiveDoubleCounts], [
    0,
    0,
    0,
    false,
  ]);
});

Deno.test("ledgerTotals() on base seed 0: density-only at B = 4 loses 6.75 of mass, 4.55 of F", () => {
  const cp = compilePackage(generate("base", 0));
  const opt = solveBnb(cp, 4);
  const t = ledgerTotals(cp, 4, runWriter(cp, 4, "density_only").store, opt);
  near(t.gap, 4.55, 1e-9);
  near(t.lossMass, 6.75);
  near(t.naiveMass, 6.75);
  assert.equal(t.naiveDoubleCounts, false);
  assert.ok(t.splitGap <= 1e-9 && t.swapGap <= 1e-9, JSON.stringify(t));
});

Deno.test("ledgerTotals() refuses an infeasible writer store", () => {
  const cp = sharedUnitPackage();
  const opt = solveBnb(cp, 2);
  assert.throws(() => ledgerTotals(cp, 2, ["e1.a", "e2.c"], opt), RangeError);
});

Deno.test("meanPackageRatio() and auditConsistency() summarise audit records", () => {
  const packages = [0, 1, 2].map((s) => ({
    id: `base:${s}`,
    cp: compilePackage(generate("base", s)),
  }));
  const { records } = conditionalFailureAudit(packages, 4, ["oracle_gvt", "density_only"]);
  for (const w of ["oracle_gvt", "density_only"]) {
    const expected = packages.reduce((s, { cp }) => {
      const store = runWriter(cp, 4, w).store.map((id) => cp.candIndex.get(id)!);
      return s + evaluateStore(cp, store) / solveBnb(cp, 4).objective!;
    }, 0) / packages.length;
    near(meanPackageRatio(records, w), expected);
  }
  assert.ok(Number.isNaN(meanPackageRatio(records, "recency_raw")));
  const c = auditConsistency(records);
  assert.equal(c.unreachableCharged, 0);
  assert.ok(c.maxIdentityGap <= 1e-9, String(c.maxIdentityGap));
});

Deno.test("auditConsistency() counts a record charging a loss on an unreachable unit", () => {
  const packages = [{ id: "base:0", cp: compilePackage(generate("base", 0)) }];
  const { records } = conditionalFailureAudit(packages, 4, ["density_only"]);
  const r = structuredClone(records[0]);
  const lost = r.audit.units.find((u) => u.loss > 0)!;
  lost.reach = "unaffordable";
  r.audit.lossMass += 0.5;
  const c = auditConsistency([records[0], r]);
  assert.equal(c.unreachableCharged, 1);
  near(c.maxIdentityGap, 0.5, 1e-9);
});
