/**
 * Brute-force enumeration of every feasible store, for tests on tiny packages (ARTIFACT-SPEC §5.1,
 * last paragraph).
 *
 * Leaves are visited in the branch-and-bound's order (per group: discard, then candidates by
 * (−F({c}), cost, id)) with the same tie rule, so the returned store equals the branch-and-bound's,
 * not just its value. Groups' options are every subset of at most k candidates (k <= 3); costs are
 * checked with the one cost-to-budget rule ({@linkcode withinBudget}) on the store's candidates,
 * values compared with the package's tolerance ({@linkcode valueTol}).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { evaluateStore, fitsBudget, valueTol, withinBudget } from "../objective.ts";
import type { Certificate, CertificateDraft } from "../certificate/result.ts";
import { checkSolveArgs, issueAnswer } from "../certificate/issue.ts";

/**
 * Enumerates every store with cost <= B and at most k per group.
 *
 * @param cp compiled package (at most ~12 groups of a few candidates)
 * @param budget B in cost units
 * @param opts.k group cap (1, 2 or 3; default the package's)
 * @returns an `optimal` certificate from exhaustive enumeration
 * @throws {RangeError} if the product of option counts exceeds 2,000,000, for
 *   k > 3, or for a budget that is not a positive finite number or a k that is not an integer >= 1
 */
export function solveBrute(
  cp: CompiledPackage,
  budget: number,
  opts: { k?: number } = {},
): Certificate {
  return issueAnswer(cp, enumerateBrute(cp, budget, opts));
}

/** {@linkcode solveBrute}'s enumeration, returning the draft (not issued). Internal. */
export function enumerateBrute(
  cp: CompiledPackage,
  budget: number,
  opts: { k?: number } = {},
): CertificateDraft {
  const t0 = performance.now(), k = opts.k ?? cp.k;
  checkSolveArgs("brute force", budget, k);
  if (k > 3) throw new RangeError(`Cannot enumerate: k = ${k} (brute force supports k <= 3)`);
  const TOL = valueTol(cp);
  const single = (c: number) => evaluateStore(cp, [c]);
  const opts1 = cp.groups.map((g) => {
    const singles = [...g].sort((a, b) =>
      single(b) - single(a) || cp.cost[a] - cp.cost[b] || compareIds(cp.candIds[a], cp.candIds[b])
    ).map((c) => [c]);
    if (k === 1) return [[], ...singles];
    const more: number[][] = [];
    for (let x = 0; x < g.length; x++) {
      for (let y = x + 1; y < g.length; y++) {
        more.push([g[x], g[y]]);
        if (k === 3) { for (let v = y + 1; v < g.length; v++) more.push([g[x], g[y], g[v]]); }
      }
    }
    const all = [[], ...singles, ...more].filter((m) =>
      withinBudget(m.map((c) => cp.cost[c]), budget)
    );
    const f = (m: number[]) => evaluateStore(cp, m);
    const cost = (m: number[]) => m.reduce((s, c) => s + cp.cost[c], 0);
    const ids = (m: number[]) => m.map((c) => cp.candIds[c]).sort(compareIds).join("\u0000");
    return all.sort((a, b) =>
      f(b) / Math.max(1, cost(b)) - f(a) / Math.max(1, cost(a)) || cost(a) - cost(b) ||
      compareIds(ids(a), ids(b))
    );
  });
  const size = opts1.reduce((p, o) => p * o.length, 1);
  if (size > 2_000_000) throw new RangeError(`Cannot enumerate: ${size} stores (limit 2,000,000)`);
  let best = 0, bestCost = 0, bestStore: number[] = [], leaves = 0;
  const rec = (i: number, store: number[], used: number) => {
    if (i === opts1.length) {
      leaves++;
      const v = evaluateStore(cp, store);
      if (v > best + TOL || (Math.abs(v - best) <= TOL && used < bestCost)) {
        best = v;
        bestCost = used;
        bestStore = [...store];
      }
      return;
    }
    for (const m of opts1[i]) {
      const next = [...store, ...m], c = m.reduce((s, x) => s + cp.cost[x], 0);
      if (fitsBudget(cp.cost, next, budget)) rec(i + 1, next, used + c);
    }
  };
  rec(0, [], 0);
  return {
    status: "optimal",
    solver: "brute",
    budget,
    k,
    objective: best,
    store: bestStore.map((c) => cp.candIds[c]),
    cost: bestCost,
    bound: best,
    gap: 0,
    nodes: leaves,
    timeMs: performance.now() - t0,
  };
}
