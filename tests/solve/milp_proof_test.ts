/**
 * The proof step of a HiGHS "optimal" answer (lib/solve/milp.ts, `proveOptimal`): a better store
 * the checking search finds becomes the answer, and the stated tolerance is the proof's own
 * (issue 29 item 5). HiGHS is a stand-in here that hides the better store (its own tolerances
 * hide improvements below 1e-9 the same way).
 */
import assert from "node:assert/strict";
import {
  compilePackage,
  type HighsRuntime,
  loadMilpSolver,
  parsePackage,
  solve,
  solveBnb,
  solveBrute,
  solveMilp,
  solveMilpSync,
} from "memaudit";
import { buildLp } from "../../lib/solve/lp_text.ts";
import { pkg } from "./_pkg.ts";
import { requireCertificate } from "../../lib/certificate/registry.ts";
import { coveringPart } from "../../lib/solve/milp_proof.ts";

/** Three experiences: {a} is worth 2/3, {b, c} 2/3 + eps, budget 2. */
function planted(eps: number) {
  return pkg(
    [["a", "e0", 2], ["b", "e1", 1], ["c", "e2", 1]],
    [["r", 1]],
    [["a", "r", 2 / 3], ["b", "r", 1 / 3 + eps], ["c", "r", 1 / 3]],
  );
}

/** The real HiGHS, but its solution is the store {a} (the worse one), reported optimal. */
function hidingHighs(real: HighsRuntime, keep: Set<string>): HighsRuntime {
  return {
    createModel() {
      // deno-lint-ignore no-explicit-any
      const m = real.createModel() as any;
      const get = m.getSolution.bind(m);
      m.getSolution = () => {
        const s = get();
        const colValue = Array.from(s.colValue as ArrayLike<number>, (v, i) => {
          const name: string = m.getColName(i);
          return name.startsWith("x") ? (keep.has(name) ? 1 : 0) : v;
        });
        return { ...s, colValue };
      };
      return m;
    },
  };
}

Deno.test("solveMilp(): the check's better store becomes the answer, never a bound below it (eps 3e-12..1e-9)", async () => {
  const real = await loadMilpSolver();
  for (const eps of [3e-12, 1e-11, 1e-10, 5e-10, 1e-9]) {
    const cp = planted(eps);
    const lp = buildLp(cp, 2, { normalise: true });
    const xa = lp.xNames[cp.candIndex.get("a")!];
    const brute = solveBrute(cp, 2);
    const c = solveMilpSync(cp, 2, { highs: hidingHighs(real, new Set([xa])) });
    assert.ok(brute.objective! > 2 / 3, `eps ${eps}: brute force finds 2/3 + eps`);
    if (c.status === "optimal") {
      assert.ok(
        c.bound! >= brute.objective!,
        `eps ${eps}: bound ${c.bound} < brute ${brute.objective}`,
      );
      assert.equal(c.objective, brute.objective, `eps ${eps}: the better store is the answer`);
      assert.ok(c.tolerance <= 2e-12, `eps ${eps}: tolerance ${c.tolerance} is the search's own`);
    }
    assert.equal(c.status, "optimal", c.message);
  }
  // The cached runtime is left as it was.
  assert.equal((await solveMilp(planted(1e-10), 2)).status, "optimal");
});

// --- Cases from tests/solve/milp_verify_test.ts (covering part) ---
/**
 * solveMilp()'s verification of HiGHS' "optimal" searches the package
 * without the candidates whose coverage row is empty (a union package holds
 * hundreds of them): the same OPT, certified, in a search that finishes.
 */
const base = JSON.parse(
  await Deno.readTextFile(
    new URL("../../data/examples/vegetarian_pescatarian.json", import.meta.url),
  ),
);

/** The example package plus `n` memories in their own groups that cover no unit. */
function withIdleMemories(n: number) {
  const pkg = structuredClone(base);
  for (let i = 0; i < n; i++) {
    pkg.experiences.push({ id: `m${i}`, order: 100 + i });
    pkg.candidates.push({
      id: `m${i}.sys`,
      experience: `m${i}`,
      kind: "system",
      cost: 1 + (i % 3),
    });
  }
  return compilePackage(parsePackage(pkg, "idle.json"));
}

Deno.test("solveMilp() certifies OPT on a package with 400 candidates that cover nothing (covering part)", async () => {
  const cp = withIdleMemories(400);
  for (const B of [3, 8, 16]) {
    const small = solveBnb(compilePackage(parsePackage(structuredClone(base), "b.json")), B);
    const milp = await solveMilp(cp, B, { verifyTimeMs: 5_000 });
    assert.equal(milp.status, "optimal", milp.message);
    assert.equal(milp.objective, small.objective, `B = ${B}`);
    // The store is the MILP's own, of covering candidates only where it matters.
    assert.ok(milp.store.every((id) => cp.candIndex.has(id)));
  }
});

Deno.test("coveringPart() drops the candidates that cover nothing and keeps OPT (covering part)", () => {
  const cp = withIdleMemories(50);
  const part = coveringPart(cp);
  assert.equal(cp.candIds.length, 56);
  assert.deepEqual(
    [...part.candIds].sort(),
    [...base.candidates.map((c: { id: string }) => c.id)].sort(),
  );
  assert.equal(coveringPart(cp), part, "cached");
  for (const B of [3, 8, 16]) assert.equal(solveBnb(part, B).objective, solveBnb(cp, B).objective);
  const plain = compilePackage(parsePackage(structuredClone(base), "b.json"));
  assert.equal(coveringPart(plain), plain, "nothing to drop: the same object");
});

Deno.test("solve() searches the covering part but certifies for the package it was given (covering part)", async () => {
  const cp = withIdleMemories(300);
  const plain = compilePackage(parsePackage(structuredClone(base), "b.json"));
  for (const B of [3, 8, 16]) {
    const cert = await solve(cp, B);
    assert.equal(cert.status, "optimal");
    assert.equal(cert.objective, solveBnb(plain, B).objective, `B = ${B}`);
    assert.equal(requireCertificate(cert, { cp, budget: B }, "score"), cert);
    assert.ok(cert.store.every((id) => !id.startsWith("m")), "no idle memory in the store");
  }
});
