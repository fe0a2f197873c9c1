/**
 * Packages of the certify-check shape (3-6 candidates per experience, local evidence) for the
 * solver tests: seeded, each experience a raw span of its own units, single facts and a partial
 * summary.
 *
 * @module
 */
import { type CompiledPackage, compilePackage, type PackageInput, parsePackage } from "memaudit";

/** A deterministic stream in [0, 1) (a 32-bit LCG; the test's own, not the generator's). */
function stream(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Experiences with a raw span (all own units), single facts and a partial summary each. */
export function shaped(seed: number, experiences: number): CompiledPackage {
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
export function tiedBudget(cp: CompiledPackage, step: number): number {
  let b = 0;
  for (let u = 0; u < cp.cost.length; u += step) b += cp.cost[u];
  return b;
}
