/**
 * A time-limited MILP solve honours its limit on a package whose presolve is slow: 12,000
 * candidates in groups of 3 at k = 3 (no group row binds, one long budget row), where HiGHS'
 * presolve, which does not read its clock, took 2.4 s under a 0.5 s limit.
 */
import assert from "node:assert/strict";
import { compilePackage, isCertified, loadMilpSolver, parsePackage, solveMilp } from "memaudit";

function slowPresolve() {
  // A fixed linear congruential stream: the same package on every run.
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const n = 12000, groups = n / 3, units = 300;
  const coverage = [];
  for (let i = 0; i < n; i++) {
    const seen = new Set<number>();
    while (seen.size < 3) seen.add(Math.floor(rnd() * units));
    for (const r of seen) {
      coverage.push({ candidate: `c${i}`, unit: `u${r}`, value: Math.round(rnd() * 1000) / 1000 });
    }
  }
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "slow-presolve",
    weight_source: "explicit",
    group_cap: 3,
    experiences: Array.from({ length: groups }, (_, g) => ({ id: `e${g}`, order: g })),
    candidates: Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      experience: `e${i % groups}`,
      kind: "fact" as const,
      cost: [1, 2, 3, 5, 8][Math.floor(rnd() * 5)],
    })),
    units: Array.from({ length: units }, (_, r) => ({
      id: `u${r}`,
      family: "fact" as const,
      weight: rnd(),
    })),
    coverage,
  }));
}

Deno.test("solveMilp() with a time limit does not overrun it in HiGHS' presolve", async () => {
  const cp = slowPresolve();
  await loadMilpSolver();
  const t0 = performance.now();
  const c = await solveMilp(cp, 50, { timeLimitSec: 0.6 });
  const ms = performance.now() - t0;
  assert.equal(isCertified(c), false);
  // Generous (a loaded machine): before, this solve took 2.5-3 s (HiGHS alone; 7 s from the CLI).
  assert.ok(ms < 1800, `a 600 ms limit took ${Math.round(ms)} ms (${c.status}: ${c.message})`);
});
