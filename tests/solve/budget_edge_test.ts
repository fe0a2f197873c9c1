/**
 * Budgets at the edge of the one cost-to-budget rule (S <= B + 1e-12 B): a candidate whose cost
 * exceeds B by less than the rule's tolerance fits, so every solver and bound must count it.
 */
import assert from "node:assert/strict";
import { scoreStore, solve, solveBnb, solveBrute } from "memaudit";
import { pkg } from "./_pkg.ts";

/** Nine experiences (the knapsack bound's range); c0 alone is worth 10 and costs 1. */
function nineGroups() {
  const cands: [string, string, number][] = [];
  const cov: [string, string, number][] = [["c0", "u0", 1]];
  for (let g = 0; g < 9; g++) cands.push([`c${g}`, `e${g}`, 1]);
  for (let g = 1; g < 9; g++) cov.push([`c${g}`, "u1", 0.1]);
  return pkg(cands, [["u0", 10], ["u1", 1]], cov);
}

Deno.test("the knapsack bound counts a candidate that fits B only by the budget rule's tolerance", async () => {
  const cp = nineGroups();
  for (const budget of [1 - 1e-13, 1 - 2 ** -53]) {
    const brute = solveBrute(cp, budget);
    assert.equal(brute.objective, 10, `brute force at B = ${budget}`);
    for (const bound of ["suffix", "knapsack", "auto"] as const) {
      for (const exploreTies of [true, false]) {
        const c = solveBnb(cp, budget, { bound, exploreTies });
        assert.equal(c.objective, 10, `bnb ${bound} exploreTies ${exploreTies} at B = ${budget}`);
      }
    }
    const auto = await solve(cp, budget);
    assert.equal(auto.objective, 10, `solve() at B = ${budget}`);
    assert.equal(scoreStore(cp, ["c0"], auto).ratio, 1);
  }
});
