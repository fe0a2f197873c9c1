// Finding 4 of issue 10: certificates cannot be laundered.
import assert from "node:assert/strict";
import {
  type Certificate,
  compilePackage,
  decisionLedger,
  type Package,
  ratioToOpt,
  readPackageJson,
  scoreStore,
  solve,
  solveBnb,
} from "memaudit";
import { raiseCap } from "../../lib/certificate/issue.ts";
import { isIssued, requireCertificate } from "../../lib/certificate/registry.ts";
import { auditStore } from "../../lib/score/audit.ts";

const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
const cp = compilePackage(pkg);

const refusedAsForged = (e: unknown) =>
  e instanceof TypeError && /was not made by an exact solver/.test(e.message);

Deno.test("requireCertificate() refuses an object literal, a copy and a JSON round trip", async () => {
  const opt = await solve(cp, 8);
  assert.equal(requireCertificate(opt, { cp, budget: 8 }, "score"), opt);
  const literal: Certificate = {
    status: "optimal",
    solver: "bnb",
    method: "bnb",
    package: "0".repeat(64),
    tolerance: 0,
    budget: 8,
    k: cp.k,
    objective: 2,
    store: [],
    cost: 0,
    bound: 2,
    gap: 0,
    nodes: 0,
    timeMs: 0,
  };
  for (const forged of [literal, { ...opt }, JSON.parse(JSON.stringify(opt))]) {
    assert.equal(isIssued(forged), false);
    assert.throws(() => requireCertificate(forged, { cp, budget: 8 }, "score"), refusedAsForged);
    assert.throws(() => ratioToOpt(1, forged, { cp, budget: 8 }), refusedAsForged);
    assert.throws(() => scoreStore(cp, ["e2.compound"], forged), refusedAsForged);
    assert.throws(() => auditStore(cp, 8, [], forged), refusedAsForged);
  }
  // Every exact solver issues the certificate it returns; a frozen copy of it is still refused.
  const raw = await solve(cp, 8);
  assert.equal(isIssued(raw), true);
  assert.equal(Object.isFrozen(raw), true);
  assert.deepEqual(ratioToOpt(3, raw, { cp, budget: 8 }), { ratio: 1, flag: "ok" });
  assert.throws(() => ratioToOpt(1, Object.freeze({ ...raw }), { cp, budget: 8 }), refusedAsForged);
});

Deno.test("requireCertificate() refuses another package, budget or k, and accepts a recompiled copy", () => {
  const opt = solveBnb(cp, 8);
  assert.equal(
    requireCertificate(opt, { cp: compilePackage(structuredClone(pkg)), budget: 8 }, "x"),
    opt,
  );
  const other: Package = structuredClone(pkg);
  other.candidates[0].cost += 1;
  assert.throws(
    () => ratioToOpt(1, opt, { cp: compilePackage(other), budget: 8 }),
    (e: Error) =>
      e instanceof RangeError &&
      /is for package 'vegetarian_to_pescatarian', not 'vegetarian_to_pescatarian' \(same id, different content\)/
        .test(e.message),
  );
  assert.throws(
    () => ratioToOpt(1, opt, { cp, budget: 5 }),
    /Cannot take a ratio to OPT: the certificate is for budget 8, not 5/,
  );
  assert.throws(
    () => ratioToOpt(1, opt, { cp, budget: 8, k: 2 }),
    /the certificate is for k = 1, not k = 2/,
  );
  assert.throws(
    () => scoreStore(cp, [], solveBnb(cp, 8, { k: 2 })),
    /Cannot score a store against OPT: the certificate is for k = 2, not k = 1/,
  );
});

Deno.test("solve() issues frozen certificates: status and numbers cannot be edited", async () => {
  const opt = await solve(cp, 8);
  assert.deepEqual([opt.status, opt.objective, opt.store], ["optimal", 3, ["e2.compound"]]);
  assert.ok(Object.isFrozen(opt) && Object.isFrozen(opt.store));
  assert.throws(() => {
    (opt as { objective: number }).objective = 2;
  }, TypeError);
  assert.equal(ratioToOpt(1.5, opt, { cp, budget: 8 }).ratio, 0.5);
});

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
