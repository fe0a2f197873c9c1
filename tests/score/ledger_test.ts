import assert from "node:assert/strict";
import { compilePackage, decisionLedger, evaluateStore, solveBnb } from "memaudit";
import { generate, STRESS_DISTRIBUTIONS } from "memaudit/generate";
import { WRITERS } from "../../lib/writers/registry.ts";
import { updateStress } from "../writers/_fixtures.ts";

const near = (a: number, b: number, tol = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} is not within ${tol} of ${b}`);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

Deno.test("decisionLedger() books density-only's loss at the update decision (fixture, B = 3)", () => {
  const cp = updateStress();
  const opt = solveBnb(cp, 3);
  const rows = decisionLedger(cp, 3, WRITERS.density_only(cp, 3).store, opt);
  assert.equal(rows.length, 2);
  const [a, b] = rows;
  assert.deepEqual(
    [a.step, a.experience, a.writerKept, a.writerRep, a.writerCost, a.optKept, a.optCost, a.agree],
    [1, "old_pref", "old_atomic", "atomic_fact", 2, "discard", 0, false],
  );
  assert.deepEqual([a.lostUnits, a.lostMass, a.gainedMass], ["", 0, 0.1]);
  near(a.swapLoss, -0.1);
  near(a.writerF, 0.1);
  assert.equal(a.optF, 0);
  assert.deepEqual(
    [b.experience, b.writerKept, b.writerRep, b.optKept, b.optRep, b.optCost],
    ["meal_update", "new_tombstone", "tombstone", "new_compound", "compound_update", 3],
  );
  assert.deepEqual([b.lostUnits, b.lostMass, b.gainedMass], ["current", 2, 0]);
  near(b.swapLoss, 2);
  near(b.writerF, 2.1);
  assert.equal(b.optF, 4);
  near(b.runningGap, 1.9);
});

Deno.test("decisionLedger() on base seed 0 (B = 4): density-only loses the update decisions", () => {
  const cp = compilePackage(generate("base", 0));
  const opt = solveBnb(cp, 4);
  const rows = decisionLedger(cp, 4, WRITERS.density_only(cp, 4).store, opt);
  assert.deepEqual(rows.map((r) => r.writerKept), [
    "s0_fact_0_atomic_fact",
    "s0_fact_1_atomic_fact",
    "discard",
    "discard",
    "discard",
    "discard",
    "discard",
  ]);
  assert.deepEqual(rows.map((r) => r.optRep), [
    "discard",
    "discard",
    "discard",
    "discard",
    "compound_update",
    "discard",
    "tombstone",
  ]);
  assert.deepEqual(rows.map((r) => r.lostMass), [0, 0, 0, 0, 4.5, 0, 2.25]);
  assert.deepEqual(rows.map((r) => r.gainedMass), [1.2, 1, 0, 0, 0, 0, 0]);
  assert.equal(rows[4].lostUnits, "current:pref:0:0:new, invalid:pref:0:0:old_after_update");
  assert.equal(rows[6].lostUnits, "invalid:pref:0:1:old_after_update");
  near(sum(rows.map((r) => r.swapLoss)), 6.75 - 2.2);
  near(rows[6].optF, 6.75);
  near(rows[6].writerF, 2.2);
});

Deno.test("decisionLedger() on update_chain seed 0 (B = 6): no-tombstone GVT loses every invalidation", () => {
  const cp = compilePackage(generate("update_chain", 0));
  const opt = solveBnb(cp, 6);
  const rows = decisionLedger(cp, 6, WRITERS.no_tombstone_gvt(cp, 6).store, opt);
  const tail = (s: string) => s.split(":").pop();
  assert.deepEqual(rows.map((r) => tail(r.writerKept)), [
    "discard",
    "discard",
    "discard",
    "raw_correction",
  ]);
  assert.deepEqual(rows.map((r) => tail(r.optKept)), [
    "discard",
    "invalidate_only",
    "invalidate_only",
    "compound",
  ]);
  assert.deepEqual(rows.map((r) => r.lostUnits), [
    "",
    "invalidates:version:0",
    "invalidates:version:1",
    "invalidates:version:2",
  ]);
  near(rows[1].lostMass, 1.85);
  near(rows[3].lostMass, 1.2025); // 1.85 · (1 − 0.35)
  near(rows[3].gainedMass, 0.13); // version:3 at 1.0 vs 0.95 (w 2.3), version:2 at 0.15 (w 0.1)
  near(rows[3].optF, 7.735);
  near(rows[3].writerF, 2.9625);
});

Deno.test("decisionLedger() totals: Σ(lost − gained) = Σ swapLoss = OPT − F(writer) on every stress distribution", () => {
  for (const dist of STRESS_DISTRIBUTIONS) {
    for (const seed of [0, 1, 2]) {
      const cp = compilePackage(generate(dist, seed));
      const opt = solveBnb(cp, 6);
      for (const [id, writer] of Object.entries(WRITERS)) {
        const store = writer(cp, 6).store;
        const rows = decisionLedger(cp, 6, store, opt);
        const gap = opt.objective! - evaluateStore(cp, store.map((c) => cp.candIndex.get(c)!));
        const what = `${dist}:${seed} ${id}`;
        assert.equal(rows.length, cp.groupIds.length, what);
        near(sum(rows.map((r) => r.lostMass - r.gainedMass)), gap, 1e-9);
        near(sum(rows.map((r) => r.swapLoss)), gap, 1e-9);
        assert.ok(rows.filter((r) => r.agree).every((r) => r.swapLoss === 0), what);
      }
    }
  }
});

Deno.test("decisionLedger() rejects an over-budget store", () => {
  const cp = updateStress();
  assert.throws(
    () => decisionLedger(cp, 3, ["old_raw", "new_compound"], solveBnb(cp, 3)),
    /Cannot audit the writer store: cost 6 exceeds budget 3/,
  );
});
