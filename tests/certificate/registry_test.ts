/**
 * lib/certificate/registry.ts: certificates only an exact solver issues (finding 4 of issue 10),
 * checked against the package, budget and k they belong to, and the bound they prove.
 */
import assert from "node:assert/strict";
import {
  type Certificate,
  compilePackage,
  type Package,
  ratioToOpt,
  readPackageJson,
  scoreStore,
  solve,
  solveBnb,
} from "memaudit";
import {
  ClaimError,
  isIssued,
  issueCertificate,
  issuedFor,
  packageDigest,
  Registry,
  requireCertificate,
  requireIntact,
  requireWithinBound,
} from "../../lib/certificate/registry.ts";
import { packageHash } from "../../lib/package/digest.ts";
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

Deno.test("Registry freezes what it issues and remembers its context; copies are not in it", () => {
  const reg = new Registry<{ n: number; part: number[] }, string>();
  const value = { n: 1, part: [1, 2] };
  assert.equal(reg.issue(value, "ctx", [value.part]), value);
  assert.ok(Object.isFrozen(value) && Object.isFrozen(value.part));
  assert.equal(reg.has(value), true);
  assert.equal(reg.contextOf(value), "ctx");
  assert.equal(reg.has({ ...value }), false);
  assert.equal(reg.contextOf({ ...value }), undefined);
  assert.equal(reg.has(null), false);
  assert.equal(reg.contextOf(7), undefined);
});

Deno.test("packageDigest() is the SHA-256 of the compiled package's canonical JSON", () => {
  assert.equal(packageDigest(cp), packageHash(cp.pkg));
  assert.match(packageDigest(cp), /^[0-9a-f]{64}$/);
  assert.equal(solveBnb(cp, 8).package, packageDigest(cp));
});

Deno.test("issueCertificate() fills the method from the solver and the tie tolerance from the bound", () => {
  const draft = {
    status: "optimal" as const,
    solver: "bnb" as const,
    budget: 8,
    k: 1,
    objective: 3,
    store: ["e2.compound"],
    cost: 5,
    bound: 3,
    gap: 0,
    nodes: 1,
    timeMs: 0,
  };
  const cert = issueCertificate(cp, draft);
  assert.equal(cert.method, "bnb");
  assert.ok(cert.tolerance > 0 && cert.tolerance < 1e-9, `${cert.tolerance}`);
  assert.equal(isIssued(cert), true);
  assert.equal(issuedFor(cert, cp), true);
  assert.equal(issuedFor(cert, compilePackage(structuredClone(pkg))), true);
  const other: Package = structuredClone(pkg);
  other.candidates[0].cost += 1;
  assert.equal(issuedFor(cert, compilePackage(other)), false);
  assert.equal(
    issueCertificate(cp, { ...draft, status: "unverified", solver: "milp" }).method,
    "none",
  );
  assert.equal(issueCertificate(cp, { ...draft, bound: 0 }).tolerance, 0);
});

Deno.test("requireIntact() refuses a hand-built or edited compiled package", () => {
  requireIntact(cp, "solve");
  assert.throws(
    () => requireIntact({ ...cp }, "solve"),
    (e: unknown) =>
      e instanceof TypeError &&
      /^Cannot solve: the compiled package it was not made by compilePackage\(\)/.test(e.message),
  );
  const edited = compilePackage(pkg);
  (edited.cost as Float64Array)[0] += 1;
  assert.throws(() => requireIntact(edited, "solve"), /was modified after compilePackage\(\)/);
  assert.throws(() => solveBnb(edited, 8), TypeError);
});

Deno.test("requireWithinBound() allows bound + tolerance x bound + absTol, and throws ClaimError above", () => {
  const cert = { bound: 10, tolerance: 0.01, method: "bnb" };
  requireWithinBound(10.1, cert, "check");
  requireWithinBound(1e99, { bound: null }, "check");
  requireWithinBound(1e-13, { bound: 0 }, "check", 1e-12);
  assert.throws(
    () => requireWithinBound(10.5, cert, "check"),
    (e: unknown) =>
      e instanceof ClaimError && e.name === "ClaimError" &&
      e.message ===
        "Cannot check: F = 10.5 exceeds the proven bound 10 on OPT by more than its tolerance (0.01 relative; method bnb): the certificate or the store is wrong",
  );
  assert.throws(() => requireWithinBound(1e-11, { bound: 0 }, "check", 1e-12), ClaimError);
});
