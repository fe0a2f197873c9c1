import assert from "node:assert/strict";
import fc from "fast-check";
import {
  checkFeasible,
  compilePackage,
  evaluateStore,
  parsePackage,
  solveBnb,
  solveBrute,
} from "memaudit";
import { valueTol } from "../../lib/objective.ts";
import { arbPackage, compileArb } from "../_arb.ts";

Deno.test("solveBnb() returns the brute-force store under both bounds (k = 1, 2, piecewise h)", () => {
  fc.assert(
    fc.property(arbPackage({ k2: true, piecewise: true }), ({ input, budget }) => {
      const cp = compileArb(input);
      const brute = solveBrute(cp, budget);
      // Values within the package's tolerance tie: either store may be returned.
      const tol = valueTol(cp);
      const skip = solveBnb(cp, budget, { exploreTies: false });
      assert.equal(skip.status, "optimal");
      assert.ok(
        Math.abs(skip.objective! - brute.objective!) <= tol,
        `exploreTies false: ${skip.objective}`,
      );
      assert.ok(checkFeasible(cp, skip.store, budget).feasible);
      for (const bound of ["suffix", "knapsack"] as const) {
        const b = solveBnb(cp, budget, { bound });
        assert.equal(b.status, "optimal");
        assert.ok(
          Math.abs(b.objective! - brute.objective!) <= 1e-12,
          `${bound}: ${b.objective} vs ${brute.objective}`,
        );
        assert.deepEqual([...b.store].sort(), [...brute.store].sort(), bound);
        const feas = checkFeasible(cp, b.store, budget);
        assert.ok(feas.feasible, feas.reasons.join("; "));
        const idx = b.store.map((id) => cp.candIndex.get(id)!);
        assert.ok(Math.abs(evaluateStore(cp, idx) - b.objective!) <= 1e-12);
      }
    }),
    { numRuns: 1500, seed: 20261129 },
  );
});

Deno.test("solveBnb() breaks ties by DFS order: discard first, later group wins", () => {
  const pkg = parsePackage({
    schema_version: 1,
    id: "tie",
    weight_source: "explicit",
    experiences: [{ id: "a", order: 0 }, { id: "b", order: 1 }],
    candidates: [
      { id: "a1", experience: "a", kind: "tombstone", cost: 1 },
      { id: "b1", experience: "b", kind: "tombstone", cost: 1 },
    ],
    units: [{ id: "ia", family: "invalidation", weight: 2 }, {
      id: "ib",
      family: "invalidation",
      weight: 2,
    }],
    coverage: [{ candidate: "a1", unit: "ia", value: 1 }, {
      candidate: "b1",
      unit: "ib",
      value: 1,
    }],
    budgets: [1],
  });
  const cert = solveBnb(compilePackage(pkg), 1);
  assert.deepEqual(cert.store, ["b1"]);
  assert.equal(cert.objective, 2);
  assert.equal(cert.cost, 1);
});

Deno.test("solveBnb() with a time limit of 0 ms never claims optimal on a large package", () => {
  const n = 60;
  const pkg = parsePackage({
    schema_version: 1,
    id: "big",
    weight_source: "explicit",
    experiences: Array.from({ length: n }, (_, i) => ({ id: `e${i}`, order: i })),
    candidates: Array.from({ length: n }, (_, i) =>
      [0, 1, 2].map((j) => ({
        id: `e${i}c${j}`,
        experience: `e${i}`,
        kind: "fact" as const,
        cost: 1 + ((i * 7 + j * 3) % 5),
      }))).flat(),
    units: Array.from(
      { length: 30 },
      (_, r) => ({ id: `r${r}`, family: "fact" as const, weight: 1 + (r % 3) }),
    ),
    coverage: Array.from({ length: n }, (_, i) =>
      [0, 1, 2].map((j) => ({
        candidate: `e${i}c${j}`,
        unit: `r${(i * 3 + j * 5) % 30}`,
        value: 0.3 + 0.1 * j,
      }))).flat(),
    budgets: [25],
  });
  const cert = solveBnb(compilePackage(pkg), 25, { timeLimitMs: 0, bound: "suffix" });
  assert.equal(cert.status, "time_limit");
  assert.ok(cert.gap! > 0);
});
