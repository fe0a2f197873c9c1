/**
 * The one cost-to-budget rule (lib/objective.ts withinBudget) and issue 10's
 * finding 1: feasibility must not depend on the order in which costs are
 * added.
 */
import assert from "node:assert/strict";
import {
  checkFeasible,
  loadMilpSolver,
  scoreStore,
  solve,
  solveBnb,
  solveBrute,
  solveMilpSync,
} from "memaudit";
import {
  BUDGET_RTOL,
  CoverageState,
  exactFits,
  fitsBudget,
  storeCost,
  valueScale,
  valueTol,
  withinBudget,
} from "../lib/objective.ts";
import { pkg } from "./solve/_pkg.ts";

/** Every permutation of xs. */
function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) =>
    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])
  );
}

Deno.test("withinBudget() decides 0.1 + 0.2 + 0.3 <= 0.6 the same in every order", () => {
  // The running float sums differ by order: the rule must not.
  assert.equal(0.1 + 0.2 + 0.3, 0.6000000000000001);
  assert.equal(0.3 + 0.2 + 0.1, 0.6);
  for (const p of permutations([0.1, 0.2, 0.3])) assert.equal(withinBudget(p, 0.6), true);
  // 1e-12 relative: just inside and just outside the tolerance.
  assert.equal(withinBudget([0.6 * (1 + 0.5e-12)], 0.6), true);
  assert.equal(withinBudget([0.6 * (1 + 2e-12)], 0.6), false);
  assert.equal(withinBudget([0.6000001], 0.6), false);
  assert.equal(withinBudget([], 0), true);
  assert.equal(withinBudget([1e-300], 0), false);
  assert.equal(BUDGET_RTOL, 1e-12);
});

Deno.test("exactFits() sums exactly: terms far apart in magnitude do not round away", () => {
  // 1 + 2^-60 + ... rounds to 1 in floats; the exact sum exceeds B = 1 + tau only with enough of them.
  const tiny = 2 ** -60;
  assert.equal(exactFits([1, tiny, tiny], 3, 1), true);
  // B = 1: tau = 1e-12 = about 4504 x 2^-52; 2^-39 is about 1.8e-12 > tau.
  assert.equal(exactFits([1, 2 ** -40, 2 ** -40], 3, 1), false);
  assert.equal(exactFits([1, 2 ** -41], 2, 1), true);
  // Cancellation: the same multiset in another order, same verdict.
  assert.equal(exactFits([2 ** -40, 1, 2 ** -40], 3, 1), false);
});

Deno.test("fitsBudget() and CoverageState.fits() agree with withinBudget() on candidate indices", () => {
  const cp = pkg(
    [["a", "e0", 0.1], ["b", "e1", 0.2], ["c", "e2", 0.3], ["d", "e3", 0.4]],
    [["r", 1]],
    [["a", "r", 0.1]],
  );
  for (const p of permutations([0, 1, 2])) {
    assert.equal(fitsBudget(cp.cost, p, 0.6), true);
    assert.equal(fitsBudget(cp.cost, p.slice(0, 2), 0.6, p[2]), true);
    const st = new CoverageState(cp);
    st.add(p[0]);
    st.add(p[1]);
    assert.equal(st.fits(p[2], 0.6), true, `order ${p}`);
    assert.equal(st.fits(3, 0.6), false);
  }
  assert.equal(storeCost([0.1, 0.2, 0.3]), storeCost([0.3, 0.1, 0.2]));
});

/** Finding 1's package: three candidates in three groups; their costs tie with B = 0.6. */
function threeTied() {
  return pkg(
    [["a", "e0", 0.1], ["b", "e1", 0.2], ["c", "e2", 0.3]],
    [["ra", 1], ["rb", 1], ["rc", 1]],
    [["a", "ra", 1], ["b", "rb", 1], ["c", "rc", 1]],
  );
}

Deno.test("checkFeasible() gives every order of a tied store the same verdict, and solve() agrees (finding 1)", async () => {
  const cp = threeTied();
  for (const p of permutations(["a", "b", "c"])) {
    const f = checkFeasible(cp, p, 0.6);
    assert.equal(f.feasible, true, `order ${p}: ${f.reasons}`);
    assert.equal(f.cost, storeCost([0.1, 0.2, 0.3]));
  }
  // Before: solve() certified OPT 2 (the path's float sum 0.6000000000000001 > 0.6), while
  // checkFeasible(["c", "b", "a"]) accepted all three: a "feasible" store with ratio 1.5.
  const opt = await solve(cp, 0.6);
  assert.equal(opt.status, "optimal");
  assert.equal(opt.objective, 3);
  for (const p of permutations(["a", "b", "c"])) {
    const s = scoreStore(cp, p, opt);
    assert.equal(s.feasible, true);
    assert.equal(s.ratio, 1);
  }
  for (const c of [solveBnb(cp, 0.6), solveBrute(cp, 0.6)]) {
    assert.equal(c.objective, 3, c.solver);
    assert.ok(checkFeasible(cp, c.store, 0.6).feasible);
  }
});

Deno.test("solveBnb(), solveBrute() and the MILP certify the same OPT with k = 2 when costs tie with B (finding 1)", async () => {
  // Group e0 holds a and b (k = 2): B&B adds the subset cost 0.1 + 0.2 = 0.30000000000000004
  // first, then 0.3: 0.6000000000000001 > 0.6. The MILP took all three.
  const cp = pkg(
    [["a", "e0", 0.1], ["b", "e0", 0.2], ["c", "e1", 0.3]],
    [["ra", 0.4], ["rb", 0.3], ["rc", 0.7]],
    [["a", "ra", 1], ["b", "rb", 1], ["c", "rc", 1]],
    { group_cap: 2 },
  );
  await loadMilpSolver();
  const certs = [solveBnb(cp, 0.6), solveBrute(cp, 0.6), solveMilpSync(cp, 0.6)];
  for (const c of certs) {
    assert.equal(c.status, "optimal", `${c.solver}: ${c.message}`);
    assert.ok(Math.abs(c.objective! - 1.4) <= 1e-15, `${c.solver}: ${c.objective}`);
    assert.deepEqual([...c.store].sort(), ["a", "b", "c"], c.solver);
    assert.ok(checkFeasible(cp, c.store, 0.6).feasible, c.solver);
  }
});

Deno.test("valueScale() and valueTol() scale with the weights", () => {
  const cp = threeTied();
  assert.equal(valueScale(cp), 3);
  assert.equal(valueTol(cp), 3e-12);
  const tiny = pkg([["a", "e0", 1]], [["r", 1e-13]], [["a", "r", 0.5]]);
  assert.equal(valueScale(tiny), 0.5e-13);
  const none = pkg([["a", "e0", 1]], [["r", 1]], []);
  assert.equal(valueTol(none), 0);
});
