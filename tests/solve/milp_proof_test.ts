/**
 * The proof step of a HiGHS "optimal" answer (lib/solve/milp.ts, `proveOptimal`): a better store
 * the checking search finds becomes the answer, and the stated tolerance is the proof's own
 * (issue 29 item 5). HiGHS is a stand-in here that hides the better store (its own tolerances
 * hide improvements below 1e-9 the same way).
 */
import assert from "node:assert/strict";
import { type HighsRuntime, loadMilpSolver, solveBrute, solveMilp, solveMilpSync } from "memaudit";
import { buildLp } from "../../lib/solve/lp_text.ts";
import { pkg } from "./_pkg.ts";

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
