/**
 * Every optimal store of a small package: tied optima, which one certificate's single store
 * hides (paper 000 definition 1; ARTIFACT-SPEC §5.1 tie rule).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { evaluateStore, valueTol, withinBudget } from "../objective.ts";
import type { Certificate } from "../certificate/result.ts";

/** Most stores {@linkcode optimalStores} enumerates. */
export const MAX_TIE_STORES = 1_000_000;

/**
 * Enumerates the stores with at most one candidate per group that fit B, and returns the
 * inclusion-minimal ones whose F is within `valueTol(cp)` of the certificate's OPT (an optimal
 * store plus a candidate that adds nothing is left out: it is the same optimum with waste).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compilePackage, readPackageJson, solveBnb } from "../../mod.ts";
 * import { optimalStores } from "./ties.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * assert.deepEqual(optimalStores(cp, solveBnb(cp, 8)), [["e2.compound"]]);
 * ```
 *
 * @param cp compiled package (k = 1)
 * @param opt an optimal certificate of this package (its budget and objective are used)
 * @returns the minimal optimal stores, each in group order; ordered by cost, then ids
 * @throws {RangeError} if the certificate is not optimal, k is not 1, or there are more than
 *   {@linkcode MAX_TIE_STORES} stores to enumerate
 */
export function optimalStores(cp: CompiledPackage, opt: Certificate): string[][] {
  if (opt.status !== "optimal" || opt.objective === null || cp.k !== 1) {
    throw new RangeError(`Cannot list ties: expected an optimal certificate and k = 1`);
  }
  const size = cp.groups.reduce((p, g) => p * (g.length + 1), 1);
  if (size > MAX_TIE_STORES) {
    throw new RangeError(`Cannot list ties: ${size} stores (limit ${MAX_TIE_STORES})`);
  }
  const tol = valueTol(cp), out: number[][] = [];
  const rec = (i: number, store: number[]) => {
    if (i === cp.groups.length) {
      const fits = withinBudget(store.map((c) => cp.cost[c]), opt.budget);
      if (fits && Math.abs(evaluateStore(cp, store) - opt.objective!) <= tol) out.push([...store]);
      return;
    }
    rec(i + 1, store);
    for (const c of cp.groups[i]) rec(i + 1, [...store, c]);
  };
  rec(0, []);
  const cost = (s: number[]) => s.reduce((a, c) => a + cp.cost[c], 0);
  const minimal = out.filter((s) =>
    !out.some((t) => t.length < s.length && t.every((c) => s.includes(c)))
  );
  return minimal.map((s) => ({ s, c: cost(s), ids: s.map((c) => cp.candIds[c]) }))
    .sort((a, b) => a.c - b.c || compareIds(a.ids.join("\u0000"), b.ids.join("\u0000")))
    .map((x) => x.ids);
}
