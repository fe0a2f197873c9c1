/**
 * Issue 18 points 1-4: the paths through the public API that gave an
 * accepted ratio against an optimum nothing proved, and the retention
 * optimum certified wrong. Each test is one path; it asserts what the
 * library does now (a refusal, a status of its own, the right OPT).
 */
import assert from "node:assert/strict";
import {
  compilePackage,
  isCertified,
  type Package,
  parsePackage,
  ratioToOpt,
  readPackageJson,
  scoreStore,
  solve,
  solveMilp,
  solveMilpSync,
} from "memaudit";
import { isIssued, requireCertificate } from "../../lib/certificate/registry.ts";
import { loadMilpSolver } from "../../lib/solve/highs.ts";
import {
  ratiosToOptimum,
  type RetentionOptimum,
  retentionOptimum,
  retentionRatio,
} from "../../lib/retention/optimum.ts";
import { fact } from "../retention/_fact.ts";

const EXAMPLE = "data/examples/vegetarian_pescatarian.json";
const modified = (e: unknown) =>
  e instanceof TypeError && /modified after compilePackage\(\)/.test(e.message);

Deno.test("path 1a: raising a compiled package's weights after the solve is refused, not scored", async () => {
  const cp = compilePackage(await readPackageJson(EXAMPLE));
  const opt = await solve(cp, 8);
  assert.deepEqual(scoreStore(cp, opt.store, opt).flag, "ok");
  for (let r = 0; r < cp.weights.length; r++) cp.weights[r] *= 10;
  assert.throws(() => scoreStore(cp, opt.store, opt), modified);
  assert.throws(() => ratioToOpt(30, opt, { cp, budget: 8 }), modified);
  // The solvers refuse the modified package too (they would solve numbers no package holds).
  await assert.rejects(() => solve(cp, 8), modified);
});

Deno.test("path 1b: zeroing a compiled package's costs after the solve is refused", async () => {
  const cp = compilePackage(await readPackageJson(EXAMPLE));
  const opt = await solve(cp, 8);
  cp.cost.fill(0);
  const every = [...cp.candIds];
  assert.throws(() => scoreStore(cp, every, opt), modified);
});

Deno.test("path 1c: editing the source package and compiling it again is another package", async () => {
  const pkg: Package = await readPackageJson(EXAMPLE);
  const cp = compilePackage(pkg);
  const opt = await solve(cp, 8);
  const before = cp.pkg.coverage[0].value;
  (pkg.coverage[0] as { value: number }).value = before / 10;
  // The compiled package holds a private, frozen copy: the edit did not reach it.
  assert.equal(cp.pkg.coverage[0].value, before);
  assert.equal(Object.isFrozen(cp.pkg.coverage[0]), true);
  const edited = compilePackage(pkg);
  assert.throws(
    () => scoreStore(edited, opt.store, opt),
    (e) => e instanceof RangeError && /same id, different content/.test(e.message),
  );
  // The certificate records the digest of what it proved.
  assert.match(opt.package, /^[0-9a-f]{64}$/);
  assert.equal(requireCertificate(opt, { cp, budget: 8 }, "score"), opt);
});

/** One group of two candidates (k = 1), B = 1: OPT 0.6 by {a}. */
function twoInOneGroup() {
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "two",
    weight_source: "explicit",
    experiences: [{ id: "e0", order: 0 }],
    candidates: [
      { id: "a", experience: "e0", kind: "fact", cost: 1 },
      { id: "b", experience: "e0", kind: "fact", cost: 1 },
    ],
    units: [{ id: "r", family: "fact", weight: 1 }],
    coverage: [{ candidate: "a", unit: "r", value: 0.6 }, {
      candidate: "b",
      unit: "r",
      value: 0.5,
    }],
  }));
}

Deno.test("path 2a: solveMilp(..., { verify: false }) is 'unverified', and ratios refuse it", async () => {
  const cp = twoInOneGroup();
  const c = await solveMilp(cp, 1, { verify: false });
  assert.equal(c.status, "unverified");
  assert.equal(isCertified(c), false);
  assert.equal(isIssued(c), true);
  assert.deepEqual(ratioToOpt(0.5, c, { cp, budget: 1 }), { ratio: null, flag: "uncertified" });
  assert.equal(scoreStore(cp, ["b"], c).ratio, null);
});

Deno.test("path 2b: an injected HiGHS runtime is not trusted without an exact proof", async () => {
  const cp = twoInOneGroup();
  const real = await loadMilpSolver();
  // The real runtime, injected: its word is not a proof; unverified without the exact search.
  const off = solveMilpSync(cp, 1, { highs: real, verify: false });
  assert.equal(off.status, "unverified");
  assert.equal(isCertified(off), false);
  // With the exact search as the proof step it is certified, and says how.
  const on = solveMilpSync(cp, 1, { highs: real });
  assert.equal(on.status, "optimal");
  assert.equal(on.method, "milp+bnb");
  assert.equal(on.objective, 0.6);
  // Above 40 experiences the exact search is not run: the injected runtime's answer is
  // unverified, the cached genuine one is proved by its widened bound (method milp).
  const big = manyGroups(45);
  const injected = solveMilpSync(big, 20, { highs: real });
  assert.equal(injected.status, "unverified");
  assert.equal(injected.method, "none");
  const own = solveMilpSync(big, 20);
  assert.equal(own.status, "optimal", own.message);
  assert.equal(own.method, "milp");
  assert.ok(own.gap! > 0 && own.gap! <= own.tolerance && own.tolerance < 1e-6, String(own.gap));
  assert.ok(own.bound! > own.objective!);
  assert.equal(isCertified(own), true);
});

/** n experiences of two candidates each (costs 1 and 2), over overlapping units. */
function manyGroups(n: number) {
  const candidates = [], coverage = [], units = [];
  for (let e = 0; e < n; e++) {
    units.push({ id: `u${e}`, family: "fact" as const, weight: 1 + (e % 3) });
    candidates.push({ id: `e${e}a`, experience: `e${e}`, kind: "fact" as const, cost: 1 });
    candidates.push({ id: `e${e}b`, experience: `e${e}`, kind: "raw" as const, cost: 2 });
    coverage.push({ candidate: `e${e}a`, unit: `u${e}`, value: 0.5 });
    coverage.push({ candidate: `e${e}b`, unit: `u${e}`, value: 1 });
    if (e > 0) coverage.push({ candidate: `e${e}b`, unit: `u${e - 1}`, value: 0.5 });
  }
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "many",
    weight_source: "explicit",
    experiences: Array.from({ length: n }, (_, e) => ({ id: `e${e}`, order: e })),
    candidates,
    units,
    coverage,
  }));
}

Deno.test("path 3: a ratio above the proven bound is an error, never 'ok'", async () => {
  const cp = compilePackage(await readPackageJson(EXAMPLE));
  const opt = await solve(cp, 8);
  assert.equal(opt.objective, 3);
  assert.throws(
    () => ratioToOpt(3 * opt.objective!, opt, { cp, budget: 8 }),
    (e) =>
      e instanceof Error && e.name === "ClaimError" && /exceeds the proven bound/.test(e.message),
  );
  // Within the stated tolerance it is a ratio (F equal to OPT up to rounding).
  assert.deepEqual(ratioToOpt(3 * (1 + 1e-13), opt, { cp, budget: 8 }).flag, "ok");
});

Deno.test("path 4a: a hand-written retention optimum is refused", async () => {
  const forged: RetentionOptimum = {
    status: "optimal",
    solver: "milp",
    user: "u",
    budget: 1,
    unit: "entries",
    held: 1,
    lifespanTotal: 100,
    retention: 0.01,
    bound: 0.01,
    gap: 0,
    nodes: 0,
    timeMs: 0,
  };
  const rows = [{
    policy: "fifo",
    budget: 1,
    report: { users: [{ user: "u", pooledExact: 0.9 }] },
  }];
  assert.throws(
    () => ratiosToOptimum(rows, new Map([["u|1", forged]])),
    (e) => e instanceof TypeError && /not made by an exact solver/.test(e.message),
  );
  assert.throws(() => retentionRatio(0.9, forged), TypeError);
  // A genuine one of another budget or user is refused too.
  const facts = [fact("a", 1, 2)];
  const entries = [{ id: "e", session: 1, facts: ["a"] }];
  const real = await retentionOptimum("u", entries, facts, { value: 1 });
  assert.equal(real.status, "optimal");
  assert.throws(
    () => ratiosToOptimum([{ ...rows[0], budget: 2 }], new Map([["u|2", real]])),
    RangeError,
  );
  assert.throws(
    () => retentionRatio(2 * real.retention!, real),
    (e) => e instanceof Error && e.name === "ClaimError",
  );
});

Deno.test("path 4b: the retention optimum's capacity tolerance is relative (B = 1e-9 tokens)", async () => {
  const facts = [fact("a", 1, 1), fact("b", 1, 1)];
  const entries = [
    { id: "ea", session: 1, facts: ["a"], tokens: 0.6e-9 },
    { id: "eb", session: 1, facts: ["b"], tokens: 0.6e-9 },
  ];
  const opt = await retentionOptimum("u", entries, facts, { value: 1e-9, unit: "tokens" });
  assert.equal(opt.status, "optimal", opt.message);
  assert.equal(opt.retention, 0.5);
  // The same at B = 1 token, entries of 0.6: the tolerance scales with B.
  const big = await retentionOptimum(
    "u",
    entries.map((e) => ({ ...e, tokens: 0.6 })),
    facts,
    { value: 1, unit: "tokens" },
  );
  assert.equal(big.retention, 0.5);
});
