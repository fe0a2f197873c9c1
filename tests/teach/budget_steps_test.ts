import assert from "node:assert/strict";
import { compilePackage, parsePackage, readPackageJson } from "../../mod.ts";
import { budgetSteps, integerBudgets, optJumps } from "../../lib/teach/budget_steps.ts";

const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
const cp = compilePackage(pkg);

Deno.test("budgetSteps() certifies OPT at every integer budget of notebook 01's package", () => {
  const steps = budgetSteps(cp, integerBudgets(0, 24));
  const expected = (B: number) => (B < 3 ? 0 : B < 7 ? 1 : B < 16 ? 3 : 3.25);
  for (const s of steps) assert.equal(s.OPT, expected(s.B), `B = ${s.B}`);
  assert.deepEqual(steps[8].store, ["e2.compound"]);
  assert.deepEqual(steps[16].store, ["e1.raw", "e2.compound"]);
});

Deno.test("optJumps() finds the jumps at B = 3, 7 and 16 only", () => {
  const jumps = optJumps(budgetSteps(cp, integerBudgets(0, 24), []));
  assert.deepEqual(jumps.map((j) => [j.B, j.from, j.to]), [[3, 0, 1], [7, 1, 3], [16, 3, 3.25]]);
  assert.deepEqual(jumps[0].store, ["e2.tombstone"]);
});

Deno.test("budgetSteps() runs the writers: density-only is below OPT exactly at B = 9..15", () => {
  const steps = budgetSteps(cp, integerBudgets(0, 24));
  const below = (id: string) => steps.filter((s) => s.writers[id] < s.OPT - 1e-12).map((s) => s.B);
  assert.deepEqual(below("density_only"), [9, 10, 11, 12, 13, 14, 15]);
  assert.deepEqual(below("greedy"), []);
  assert.deepEqual(below("oracle_gvt"), []);
  assert.deepEqual(steps[9].stores.density_only, ["e1.raw"]);
  assert.equal(steps[12].writers.density_only, 1.25);
});

Deno.test("exercise 1: with the compound update at cost 9, OPT(8) = 1", () => {
  const edited = compilePackage(parsePackage({
    ...pkg,
    candidates: pkg.candidates.map((c) => c.id === "e2.compound" ? { ...c, cost: 9 } : c),
  }));
  const [s] = budgetSteps(edited, [8], []);
  assert.equal(s.OPT, 1);
});

Deno.test("integerBudgets() lists lo..hi and rejects reversed or fractional ends", () => {
  assert.deepEqual(integerBudgets(2, 5), [2, 3, 4, 5]);
  assert.throws(() => integerBudgets(5, 2), RangeError);
  assert.throws(() => integerBudgets(0.5, 2), RangeError);
});
