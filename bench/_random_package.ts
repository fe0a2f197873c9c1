/**
 * Seeded random packages shaped like natural ones, for benchmarks: each
 * experience owns a few evidence units (some shared with its neighbour);
 * its candidates are a raw span (all its units, expensive), facts (one unit,
 * cheap), a summary (partial coverage of all) and sometimes a tombstone.
 */
import { seedrandom } from "../lib/base/deps/seedrandom.ts";
import { type CompiledPackage, compilePackage, type PackageInput, parsePackage } from "../mod.ts";

/** A package with `experiences` groups of 3-6 candidates over about `units` units. */
export function randomPackage(seed: string, experiences: number, units: number): CompiledPackage {
  const rng = seedrandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const per = Math.max(1, Math.floor(units / experiences));
  const input: PackageInput = {
    schema_version: 1,
    id: `random_${seed}`,
    weight_source: "explicit",
    experiences: [],
    candidates: [],
    units: Array.from({ length: per * experiences }, (_, r) => ({
      id: `r${r}`,
      family: "fact" as const,
      weight: [0, 0.5, 1, 1, 2][int(0, 4)],
    })),
    coverage: [],
    budgets: [],
  };
  for (let e = 0; e < experiences; e++) {
    const eid = `e${e}`;
    input.experiences.push({ id: eid, order: e });
    const own = Array.from({ length: per }, (_, t) => `r${e * per + t}`);
    if (e > 0 && rng() < 0.3) own.push(`r${(e - 1) * per}`);
    const n = int(3, 6);
    for (let j = 0; j < n; j++) {
      const cid = `${eid}c${j}`;
      let cov: [string, number][];
      let cost: number;
      if (j === 0) {
        cov = own.map((u) => [u, 1]);
        cost = int(12, 40);
      } else if (j === n - 1 && n > 3) {
        cov = own.map((u) => [u, 0.5 + 0.1 * int(0, 4)]);
        cost = int(8, 20);
      } else {
        cov = [[own[int(0, own.length - 1)], 1]];
        cost = int(4, 12);
      }
      input.candidates.push({ id: cid, experience: eid, kind: j === 0 ? "raw" : "fact", cost });
      const seen = new Set<string>();
      for (const [u, v] of cov) {
        if (seen.has(u)) continue;
        seen.add(u);
        input.coverage.push({ candidate: cid, unit: u, value: v });
      }
    }
  }
  return compilePackage(parsePackage(input));
}
