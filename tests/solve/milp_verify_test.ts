/**
 * solveMilp()'s verification of HiGHS' "optimal" searches the package
 * without the candidates whose coverage row is empty (a union package holds
 * hundreds of them): the same OPT, certified, in a search that finishes.
 */
import assert from "node:assert/strict";
import { compilePackage, parsePackage, solve, solveBnb, solveMilp } from "memaudit";
import { requireCertificate } from "../../lib/certificate/registry.ts";
import { coveringPart } from "../../lib/solve/milp_proof.ts";

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

Deno.test("solveMilp() certifies OPT on a package with 400 candidates that cover nothing", async () => {
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

Deno.test("coveringPart() drops the candidates that cover nothing and keeps OPT", () => {
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

Deno.test("solve() searches the covering part but certifies for the package it was given", async () => {
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
