/**
 * Timed script: do the exact solvers honour their time limits on oversized
 * packages (issue 10, finding 5)? Wall time against the limit (overrun factor
 * = wall / limit; the target is wall <= 1.1 x limit + 100 ms), resident
 * memory after each solve, status and message.
 *
 * Cases:
 * - `wide`: 100,000 candidates, 5 per experience, over 500 units.
 * - `deep`: 100,000 candidates, 10 per experience, over 5,000 units (too
 *   large for the branch-and-bound's per-depth tables: no certificate at once).
 * - `k11`: one experience of 22 candidates with k = 11 (C(22, <= 11) = 2.4
 *   million subsets fit the budget).
 *
 * Run: deno run -A bench/time_limits.ts [--limit-ms 30000] [--only wide,deep,k11]
 * (the machine may be shared: each case runs once; rerun to see the noise).
 */
import { parseArgs } from "node:util";
import { seedrandom } from "../lib/base/deps/seedrandom.ts";
import {
  type Certificate,
  type CompiledPackage,
  compilePackage,
  type PackageInput,
  parsePackage,
  solve,
  solveBnb,
} from "../mod.ts";

/** A package of `groups` experiences x `per` candidates, each covering 3 of `units` units. */
export function oversized(groups: number, per: number, units: number, k = 1): CompiledPackage {
  const rng = seedrandom(`oversized-${groups}-${per}-${units}`);
  const input: PackageInput = {
    schema_version: 1,
    id: `oversized_${groups}x${per}`,
    weight_source: "explicit",
    group_cap: k,
    experiences: Array.from({ length: groups }, (_, e) => ({ id: `e${e}`, order: e })),
    candidates: [],
    units: Array.from({ length: units }, (_, r) => ({
      id: `r${r}`,
      family: "fact" as const,
      weight: 0.5 + rng(),
    })),
    coverage: [],
    budgets: [],
  };
  for (let e = 0; e < groups; e++) {
    for (let j = 0; j < per; j++) {
      const id = `e${e}c${j}`;
      input.candidates.push({
        id,
        experience: `e${e}`,
        kind: "fact",
        cost: 1 + Math.floor(rng() * 9),
      });
      const seen = new Set<number>();
      for (let t = 0; t < 3; t++) {
        const r = Math.floor(rng() * units);
        if (seen.has(r)) continue;
        seen.add(r);
        input.coverage.push({ candidate: id, unit: `r${r}`, value: 0.2 + 0.8 * rng() });
      }
    }
  }
  return compilePackage(parsePackage(input));
}

if (import.meta.main) await main();

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "limit-ms": { type: "string", default: "30000" },
      "k11-limit-ms": { type: "string", default: "1000" },
      only: { type: "string", default: "wide,deep,k11" },
    },
  });
  const limit = Number(values["limit-ms"]), k11Limit = Number(values["k11-limit-ms"]);
  const only = new Set(values.only!.split(","));

  function mb(x: number): string {
    return `${(x / 2 ** 20).toFixed(0)} MB`;
  }

  async function timed(
    label: string,
    limitMs: number,
    run: () => Certificate | Promise<Certificate>,
  ): Promise<void> {
    const t0 = performance.now();
    const c = await run();
    const wall = performance.now() - t0;
    const ok = wall <= 1.1 * limitMs + 100;
    console.log(
      `${label}: limit ${limitMs} ms, wall ${wall.toFixed(0)} ms, overrun x${
        (wall / limitMs).toFixed(3)
      } (${ok ? "within" : "OVER"} 1.1 x limit + 100 ms), rss ${mb(Deno.memoryUsage().rss)}, ` +
        `status ${c.status}, F ${c.objective}, ${c.message ?? ""}`,
    );
  }

  console.log(`rss at start ${mb(Deno.memoryUsage().rss)}`);
  if (only.has("wide")) {
    const t0 = performance.now();
    const cp = oversized(20_000, 5, 500);
    console.log(`wide: built 100,000 candidates in ${(performance.now() - t0).toFixed(0)} ms`);
    await timed("wide solveBnb", limit, () => solveBnb(cp, 500, { timeLimitMs: limit }));
    await timed("wide solve (auto)", limit, () => solve(cp, 500, { timeLimitMs: limit }));
  }
  if (only.has("deep")) {
    const t0 = performance.now();
    const cp = oversized(10_000, 10, 5_000);
    console.log(`deep: built 100,000 candidates in ${(performance.now() - t0).toFixed(0)} ms`);
    await timed("deep solveBnb", limit, () => solveBnb(cp, 500, { timeLimitMs: limit }));
    await timed("deep solve (auto)", limit, () => solve(cp, 500, { timeLimitMs: limit }));
  }
  if (only.has("k11")) {
    const cp = oversized(1, 22, 40, 11);
    await timed("k11 solveBnb", k11Limit, () => solveBnb(cp, 1000, { timeLimitMs: k11Limit }));
    await timed("k11 solve (auto)", k11Limit, () => solve(cp, 1000, { timeLimitMs: k11Limit }));
  }
}
