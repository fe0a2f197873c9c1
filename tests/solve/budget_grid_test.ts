/**
 * Whether a package certifies does not flip on a 1e-12 change of budget (issue 29 item 5: one
 * package hit the 20 s limit at B = 144 but certified at B = 143.99999999985602). `solve()` on a
 * grid B (1 + d), d in -1e-12 .. 1e-12 (and B one ulp below), around budgets that equal the cost
 * of a store exactly, on packages of the certify-check shape (3-6 candidates per experience,
 * local evidence) that take each path of `auto`: branch-and-bound within its work cap (12
 * experiences), the hand-over to the MILP (20; full tier 30), the MILP first (44; full tier 60).
 */
import assert from "node:assert/strict";
import { isCertified, loadMilpSolver, solve } from "memaudit";
import { FULL_TESTS } from "../_tier.ts";
import { shaped, tiedBudget } from "./_shaped.ts";

Deno.test("solve() certifies on a 1e-12 budget grid: no flip between B and B (1 ± 1e-12)", async () => {
  await loadMilpSolver();
  const seen: string[] = [];
  for (const [seed, n] of FULL_TESTS ? [[1, 12], [2, 30], [3, 60]] : [[1, 12], [2, 20], [3, 44]]) {
    const cp = shaped(seed, n);
    for (const step of FULL_TESTS ? [5, 3] : [5]) {
      const b0 = tiedBudget(cp, step);
      const grid = (FULL_TESTS ? [-1e-12, -1e-13, 0, 1e-13, 1e-12] : [-1e-12, 0, 1e-12])
        .map((d) => b0 * (1 + d));
      if (FULL_TESTS) grid.push(b0 - b0 * 2 ** -52);
      const certs = [];
      for (const B of grid) certs.push(await solve(cp, B, { timeLimitMs: 20_000 }));
      const verdicts = certs.map((c) => isCertified(c));
      assert.deepEqual(
        verdicts,
        grid.map(() => true),
        `${n} experiences, B ${b0}: ${
          certs.map((c) => `${c.budget} ${c.status} ${c.method} ${c.message ?? ""}`).join("; ")
        }`,
      );
      // OPT moves by at most what the stores at the tied cost add (never a different proof).
      seen.push(`${n}: ${[...new Set(certs.map((c) => c.method))].join("/")}`);
    }
  }
  console.log(`budget grid methods: ${seen.join(", ")}`);
});
