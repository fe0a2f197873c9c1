import assert from "node:assert/strict";
import fc from "fast-check";
import {
  checkFeasible,
  evaluateStore,
  loadMilpSolver,
  solve,
  solveBnb,
  solveBrute,
  solveMilpSync,
} from "memaudit";
import { arbPackage, compileArb } from "../_arb.ts";

Deno.test("B&B = MILP = brute force on 2,000 random packages (ties, zero coverage, k = 2, piecewise h)", async () => {
  await loadMilpSolver();
  let k2 = 0, piecewise = 0, runs = 0, uncertified = 0;
  fc.assert(
    fc.property(
      arbPackage({ k2: true, piecewise: true, minCoverage: 1e-6 }),
      ({ input, budget }) => {
        const cp = compileArb(input);
        runs++;
        if (cp.k === 2) k2++;
        if (input.h) piecewise++;
        const brute = solveBrute(cp, budget);
        const certs = [solveBnb(cp, budget), solveBnb(cp, budget, { bound: "suffix" })];
        const milp = solveMilpSync(cp, budget);
        if (milp.status === "optimal") certs.push(milp);
        else {
          // HiGHS proves optimality only to ~1e-10: then no certificate, never a wrong one.
          uncertified++;
          assert.equal(milp.status, "no_certificate", milp.message);
          assert.equal(milp.objective, null);
        }
        for (const c of certs) {
          const where = `${c.solver}: budget ${budget}, k ${cp.k}`;
          assert.equal(c.status, "optimal", `${where}: ${c.message}`);
          assert.equal(c.gap, 0, where);
          assert.ok(
            Math.abs(c.objective! - brute.objective!) <= 1e-12 * Math.max(1, brute.objective!),
            where,
          );
          const feas = checkFeasible(cp, c.store, budget);
          assert.ok(feas.feasible, `${where}: ${feas.reasons.join("; ")}`);
          assert.equal(
            evaluateStore(cp, c.store.map((id) => cp.candIndex.get(id)!)),
            c.objective,
            where,
          );
        }
      },
    ),
    { numRuns: 2000, seed: 7 },
  );
  assert.ok(k2 > 500 && piecewise > 500, `k2 ${k2}, piecewise ${piecewise}`);
  assert.ok(uncertified <= runs / 100, `MILP left ${uncertified} of ${runs} uncertified`);
});

Deno.test("solve() certifies with B&B first and falls back to the MILP", async () => {
  const { input, budget } = fc.sample(arbPackage({ maxGroups: 4 }), { numRuns: 1, seed: 3 })[0];
  const cp = compileArb(input);
  const auto = await solve(cp, budget);
  const milp = await solve(cp, budget, { solver: "milp" });
  assert.equal(auto.status, "optimal");
  assert.equal(auto.solver, "bnb");
  assert.equal(milp.status, "optimal");
  assert.ok(Math.abs(auto.objective! - milp.objective!) <= 1e-12);
  const fallback = await solve(cp, budget, { bnbTimeMs: 0 });
  assert.equal(fallback.status, "optimal");
  await assert.rejects(() => solve(cp, 0), RangeError);
});
