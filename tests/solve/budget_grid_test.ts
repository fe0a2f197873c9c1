/**
 * Whether a package certifies does not flip on a 1e-12 change of budget (issue 29 item 5: one
 * package hit the 20 s limit at B = 144 but certified at B = 143.99999999985602). `solve()` on a
 * grid B (1 + d), d in -1e-12 .. 1e-12 (and B one ulp below), around budgets that equal the cost
 * of a store exactly, on packages of the certify-check shape (3-6 candidates per experience,
 * local evidence) that take each path of `auto`: branch-and-bound within its work cap (12
 * experiences), the hand-over to the MILP (20; full tier 30), the MILP first (44; full tier 60).
 */
import assert from "node:assert/strict";
import {
  type CompiledPackage,
  compilePackage,
  isCertified,
  loadMilpSolver,
  type PackageInput,
  parsePackage,
  solve,
} from "memaudit";
import { FULL_TESTS } from "../_tier.ts";

/** A deterministic stream in [0, 1) (a 32-bit LCG; the test's own, not the generator's). */
function stream(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Experiences with a raw span (all own units), single facts and a partial summary each. */
function shaped(seed: number, experiences: number): CompiledPackage {
  const rng = stream(seed),
    int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const input: PackageInput = {
    schema_version: 1,
    id: `grid${seed}`,
    weight_source: "explicit",
    experiences: [],
    candidates: [],
    units: Array.from({ length: 2 * experiences }, (_, r) => ({
      id: `r${r}`,
      family: "fact" as const,
      weight: [0.5, 1, 1, 2][int(0, 3)],
    })),
    coverage: [],
  };
  for (let e = 0; e < experiences; e++) {
    input.experiences.push({ id: `e${e}`, order: e });
    const own = [`r${2 * e}`, `r${2 * e + 1}`, ...(e > 0 && rng() < 0.3 ? [`r${2 * e - 2}`] : [])];
    const n = int(3, 6);
    for (let j = 0; j < n; j++) {
      const id = `e${e}c${j}`;
      const cov: [string, number][] = j === 0
        ? own.map((u) => [u, 1])
        : j === n - 1
        ? own.map((u) => [u, 0.5 + 0.1 * int(0, 4)])
        : [[own[int(0, own.length - 1)], 1]];
      const cost = j === 0 ? int(12, 40) : j === n - 1 ? int(8, 20) : int(4, 12);
      input.candidates.push({
        id,
        experience: `e${e}`,
        kind: "fact",
        cost: cost + 0.1 * int(0, 9),
      });
      for (const [u, v] of new Map(cov)) input.coverage.push({ candidate: id, unit: u, value: v });
    }
  }
  return compilePackage(parsePackage(input));
}

/** A budget equal to the float sum of the costs of every `step`-th candidate (a tie with B). */
function tiedBudget(cp: CompiledPackage, step: number): number {
  let b = 0;
  for (let u = 0; u < cp.cost.length; u += step) b += cp.cost[u];
  return b;
}

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
