import assert from "node:assert/strict";
import fc from "fast-check";
import { type CompiledPackage, evaluateStore } from "memaudit";
import { gvtTheorem2, singletonOptBounds, theorem2Grid } from "../../lib/writers/gvt_theorem2.ts";
import { arbWriterPackage, updateStress } from "./_fixtures.ts";

/** OPT by enumerating every choice of at most one candidate per group (k = 1; tiny packages). */
function bruteOpt(cp: CompiledPackage, budget: number): number {
  let best = 0;
  const pick: number[] = [];
  const walk = (g: number, cost: number): void => {
    if (g === cp.groups.length) {
      best = Math.max(best, evaluateStore(cp, pick));
      return;
    }
    walk(g + 1, cost);
    for (const c of cp.groups[g]) {
      if (cost + cp.cost[c] > budget) continue;
      pick.push(c);
      walk(g + 1, cost + cp.cost[c]);
      pick.pop();
    }
  };
  walk(0, 0);
  return best;
}

Deno.test("theorem2Grid() is geometric from U/2B down to the first value <= L/2B", () => {
  assert.deepEqual(theorem2Grid(2, 4, 4, 0.1), [1]);
  assert.deepEqual(theorem2Grid(2, 1, 4, 0.5), [1, 0.5, 0.25]);
  assert.deepEqual(theorem2Grid(2, 0, 0, 0.5), [0]);
  assert.throws(() => theorem2Grid(2, 1, 4, 0), RangeError);
  assert.throws(() => theorem2Grid(2, 1, 4, 1), RangeError);
  assert.throws(() => theorem2Grid(2, 5, 4, 0.1), RangeError);
  assert.throws(() => theorem2Grid(2, 0, 4, 0.1), RangeError);
  assert.throws(() => theorem2Grid(2, 1e-300, 1e300, 1e-6), RangeError);
});

Deno.test("theorem2Grid() contains a λ in [(1 − ε)·OPT/2B, OPT/2B] whenever L <= OPT <= U", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(0.01, 0.1, 0.25, 0.5, 0.9),
      fc.integer({ min: 1, max: 50 }),
      (opt, a, b, eps, budget) => {
        const lower = opt * (0.05 + 0.95 * a), upper = opt * (1 + 20 * b);
        const grid = theorem2Grid(budget, lower, upper, eps);
        const hi = opt / (2 * budget), lo = (1 - eps) * hi;
        assert.ok(
          grid.some((l) => l >= lo * (1 - 1e-12) && l <= hi * (1 + 1e-12)),
          `no λ in [${lo}, ${hi}]: ${grid}`,
        );
      },
    ),
    { numRuns: 2000, seed: 7 },
  );
});

Deno.test("singletonOptBounds() brackets OPT on the update-stress fixture", () => {
  assert.deepEqual(singletonOptBounds(updateStress(), 3), { lower: 4, upper: 4.1 });
  assert.deepEqual(singletonOptBounds(updateStress(), 0.5), { lower: 0, upper: 0 });
});

Deno.test("gvtTheorem2() attains F >= (1 − ε)·OPT/4 whenever every cost <= B/2 (theorem 2)", () => {
  const arb = fc.tuple(
    arbWriterPackage({ maxGroups: 5, maxPerGroup: 3, maxCost: 4 }),
    fc.integer({ min: 0, max: 4 }),
    fc.constantFrom(0.05, 0.1, 0.3, 0.5),
  );
  let nonTrivial = 0;
  fc.assert(
    fc.property(arb, ([{ cp }, extra, epsilon]) => {
      const budget = 2 * Math.max(...cp.cost) + extra;
      const opt = bruteOpt(cp, budget);
      const { lower, upper } = singletonOptBounds(cp, budget);
      assert.ok(
        lower <= opt + 1e-12 && opt <= upper + 1e-12,
        `bounds ${lower} <= ${opt} <= ${upper}`,
      );
      if (opt > 0) nonTrivial++;
      for (const opts of [{ epsilon, opt }, { epsilon }]) {
        const r = gvtTheorem2(cp, budget, opts);
        assert.equal(r.details!.premise, true);
        assert.ok(
          r.value >= (1 - epsilon) * opt / 4 - 1e-9,
          `F ${r.value} < (1 − ${epsilon})·${opt}/4 with ${JSON.stringify(opts)}`,
        );
        assert.ok(r.value <= opt + 1e-9 && r.cost <= budget);
      }
    }),
    { numRuns: 600, seed: 20261129 },
  );
  assert.ok(nonTrivial > 300, `only ${nonTrivial} packages with OPT > 0`);
});
