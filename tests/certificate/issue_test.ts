// Finding 4 of issue 10: certificates cannot be laundered.
import assert from "node:assert/strict";
import {
  type Certificate,
  compilePackage,
  decisionLedger,
  isCertified,
  type Package,
  readPackageJson,
  solve,
  solveBnb,
  solveMilp,
} from "memaudit";
import { closeGap, keepBest, largestF, raiseCap } from "../../lib/certificate/issue.ts";
import { isIssued } from "../../lib/certificate/registry.ts";
import { auditStore } from "../../lib/score/audit.ts";
import type { CertificateDraft } from "../../lib/certificate/result.ts";
import { pkg as tinyPackage } from "../solve/_pkg.ts";

const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
const cp = compilePackage(pkg);

Deno.test("auditStore() and decisionLedger() refuse a plain list of ids as OPT", () => {
  const ids = ["e2.compound"] as unknown as Certificate;
  for (const f of [() => auditStore(cp, 8, [], ids), () => decisionLedger(cp, 8, [], ids)]) {
    assert.throws(f, (e: Error) =>
      e instanceof TypeError &&
      /a list of candidate ids is not a certificate/.test(e.message));
  }
  // A genuine certificate of another budget is refused too.
  assert.throws(() => auditStore(cp, 8, [], solveBnb(cp, 5)), /is for budget 5, not 8/);
});

Deno.test("auditStore() refuses a genuine certificate that is not optimal", () => {
  const timed = solveBnb(cp, 8, { timeLimitMs: 0 });
  if (timed.status === "optimal") return; // solved before the first clock check: nothing to refuse
  assert.throws(() => auditStore(cp, 8, [], timed), /the certificate is not certified/);
});

Deno.test("raiseCap() lifts a certificate to a larger k only when it reaches Σ w", () => {
  // Σ w = 3.5. At B = 100, OPT is 3.25 under k = 1 (no proof for k = 2) and 3.5 under k = 2.
  const k1 = solveBnb(cp, 100, { k: 1 });
  assert.equal(k1.objective, 3.25);
  assert.equal(raiseCap(cp, k1, 2), null);
  const k2 = solveBnb(cp, 100, { k: 2 });
  const lifted = raiseCap(cp, k2, 3);
  assert.ok(lifted !== null && isIssued(lifted));
  assert.deepEqual(
    [lifted.k, lifted.objective, lifted.status, lifted.gap, lifted.store],
    [3, 3.5, "optimal", 0, k2.store],
  );
  assert.equal(solveBnb(cp, 100, { k: 3 }).objective, 3.5);
  // Not to a smaller or equal cap, and never for another package.
  assert.equal(raiseCap(cp, k2, 2), null);
  const other: Package = structuredClone(pkg);
  other.candidates[0].cost += 1;
  assert.throws(() => raiseCap(compilePackage(other), k2, 3), RangeError);
});

// --- Cases from tests/certificate/gap_test.ts (gap) ---
/**
 * Exact answers are recognised as such (issue 29 item 1): whenever the proven bound meets F within
 * the tie tolerance the status is `optimal`, with the method saying how; never `time_limit` at
 * gap 0. And one budget rule and one issue per call (issue 27 item 3).
 */
/** 30 experiences, each one candidate covering its own unit fully: OPT at B >= 30 is Σ w = 30. */
function saturating() {
  const cands: [string, string, number][] = [], cov: [string, string, number][] = [];
  const units: [string, number][] = [];
  for (let g = 0; g < 30; g++) {
    cands.push([`c${g}`, `e${g}`, 1], [`d${g}`, `e${g}`, 1]);
    units.push([`u${g}`, 1]);
    cov.push([`c${g}`, `u${g}`, 1], [`d${g}`, `u${g}`, 0.5]);
  }
  return tinyPackage(cands, units, cov);
}

const draft = (over: Partial<CertificateDraft>): CertificateDraft => ({
  status: "time_limit",
  solver: "bnb",
  budget: 30,
  k: 1,
  objective: 30,
  store: [],
  cost: 30,
  bound: 31,
  gap: 1 / 31,
  nodes: 5,
  timeMs: 1,
  ...over,
});

Deno.test("largestF() is Σ w_r max h_r (gap)", () => {
  assert.equal(largestF(saturating()), 30);
  const seg = tinyPackage([["a", "e0", 1]], [["r", 2]], [["a", "r", 1]], {
    units: [{ id: "r", family: "fact", weight: 2, h: [{ width: 0.5, slope: 1 }] }],
  } as never);
  assert.equal(largestF(seg), 1);
});

Deno.test("closeGap(): F = Σ w is optimal by value (total_weight); a met B&B bound is optimal (bnb) (gap)", () => {
  const cp = saturating();
  const byValue = closeGap(cp, draft({}));
  assert.equal(byValue.status, "optimal");
  assert.equal(byValue.method, "total_weight");
  assert.equal(byValue.bound, 30);
  assert.equal(byValue.gap, 0);
  const met = closeGap(cp, draft({ objective: 29, bound: 29 + 1e-13, gap: 1e-13 / 29 }));
  assert.equal(met.status, "optimal");
  assert.equal(met.method, "bnb");
  // A real gap stays a time limit; HiGHS' unwidened bound is not trusted here.
  assert.equal(closeGap(cp, draft({ objective: 29, bound: 29.5 })).status, "time_limit");
  assert.equal(
    closeGap(cp, draft({ objective: 29, bound: 29, solver: "milp" })).status,
    "time_limit",
  );
  assert.equal(closeGap(cp, draft({ status: "unverified", objective: 30 })).status, "unverified");
});

Deno.test("a time-limited solve whose store reaches Σ w is optimal, never time_limit at gap 0 (gap)", async () => {
  const cp = saturating();
  // One node: the search stops at once, with the greedy store (every c_g, F = 30).
  const bnb = solveBnb(cp, 30, { nodeLimit: 1 });
  assert.equal(bnb.status, "optimal", bnb.message);
  assert.equal(bnb.method, "total_weight");
  assert.equal(bnb.objective, 30);
  assert.ok(isCertified(bnb));
  for (const c of [await solve(cp, 30), await solveMilp(cp, 30)]) {
    assert.ok(isCertified(c), `${c.solver} ${c.status} ${c.message}`);
    assert.notEqual(c.status === "time_limit" && c.gap === 0, true);
  }
});

Deno.test("keepBest(): a better store found in the run replaces the answer or voids the proof (gap)", () => {
  const cp = saturating();
  const answer = draft({ status: "optimal", solver: "milp", objective: 29, bound: 29, gap: 0 });
  const within = keepBest(cp, answer, [draft({ objective: 29 + 1e-12 })]);
  assert.equal(within.objective, 29 + 1e-12);
  assert.equal(within.bound, 29 + 1e-12, "the bound is never below a store found");
  assert.equal(within.status, "optimal");
  const above = keepBest(cp, answer, [draft({ objective: 29 + 1e-9 })]);
  assert.equal(above.status, "no_certificate");
  assert.equal(above.objective, 29 + 1e-9);
  assert.match(above.message!, /above the milp bound 29/);
  assert.equal(keepBest(cp, answer, [draft({ objective: 28 })]), answer);
  // Below a widened bound (method milp): the better store, its smaller gap, the same bound.
  const widened = draft({ status: "optimal", solver: "milp", method: "milp", objective: 29 });
  const better = keepBest(cp, { ...widened, bound: 29.5, gap: 0.5 / 29.5, tolerance: 0.5 / 29.5 }, [
    draft({ objective: 29.25 }),
  ]);
  assert.deepEqual([better.status, better.bound, better.gap], ["optimal", 29.5, 0.25 / 29.5]);
});
