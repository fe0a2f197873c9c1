/**
 * solveBnb against a plain recursive transcription of ARTIFACT-SPEC §5 (the
 * suffix bound evaluated with valueOf at every node): the same store in the
 * same order, bit-identical F, the same cost and the same node count. Guards
 * the search loop's resumed compensated sums, flat tables and shared buffers.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { type CompiledPackage, evaluateStore, solveBnb, valueOf } from "memaudit";
import { compareIds } from "../../lib/package/compile.ts";
import { CoverageState, fitsBudget, valueTol } from "../../lib/objective.ts";
import { arbPackage, compileArb } from "../_arb.ts";

/**
 * With `dropZero` (the solver's rule) a candidate of singleton value 0 is in no option: it adds 0
 * to F in every store at a positive cost, so it is in no lowest-cost optimum.
 */
function referenceBnb(
  cp: CompiledPackage,
  budget: number,
  k: number,
  exploreTies: boolean,
  dropZero = true,
) {
  const M = cp.unitIds.length, G = cp.groups.length;
  const kept = (c: number) => !dropZero || evaluateStore(cp, [c]) > 0;
  const options = cp.groups.map((g) => {
    const subsets: { m: number[]; cost: number; f: number; ids: string[] }[] = [];
    const rec = (start: number, cur: number[], cost: number) => {
      const st = new CoverageState(cp);
      for (const c of cur) st.add(c);
      subsets.push({
        m: cur,
        cost,
        f: st.value,
        ids: cur.map((c) => cp.candIds[c]).sort(compareIds),
      });
      if (cur.length === k) return;
      for (let t = start; t < g.length; t++) {
        if (!kept(g[t])) continue;
        const next = [...cur, g[t]];
        if (fitsBudget(cp.cost, next, budget)) rec(t + 1, next, cost + cp.cost[g[t]]);
      }
    };
    if (k === 1) {
      subsets.push({ m: [], cost: 0, f: 0, ids: [] });
      const singles = [...g].filter(kept).map((c) => ({
        m: [c],
        cost: cp.cost[c],
        f: evaluateStore(cp, [c]),
      }))
        .sort((a, b) =>
          b.f - a.f || a.cost - b.cost || compareIds(cp.candIds[a.m[0]], cp.candIds[b.m[0]])
        );
      return [...subsets, ...singles.map((s) => ({ ...s, ids: [] }))];
    }
    rec(0, [], 0);
    return subsets.sort((a, b) => {
      const d = b.f / Math.max(1, b.cost) - a.f / Math.max(1, a.cost);
      if (d !== 0) return d;
      if (a.cost !== b.cost) return a.cost - b.cost;
      for (let t = 0; t < Math.min(a.ids.length, b.ids.length); t++) {
        const x = compareIds(a.ids[t], b.ids[t]);
        if (x !== 0) return x;
      }
      return a.ids.length - b.ids.length;
    });
  });
  const suffix: number[][] = [new Array(M).fill(0)];
  for (let i = G - 1; i >= 0; i--) {
    const max = new Array(M).fill(0);
    for (const o of options[i]) {
      const sum = new Array(M).fill(0);
      for (const c of o.m) cp.rowUnits[c].forEach((r, t) => (sum[r] += cp.rowVals[c][t]));
      for (let r = 0; r < M; r++) if (sum[r] > max[r]) max[r] = sum[r];
    }
    suffix.unshift(suffix[0].map((s, r) => s + max[r]));
  }
  const TOL = valueTol(cp);
  const margin = exploreTies ? TOL : -TOL;
  const z = new Float64Array(M);
  const path: number[] = [];
  let best = 0, bestCost = 0, bestPath: number[] = [], nodes = 0;
  const dfs = (i: number, used: number) => {
    nodes++;
    const bound = valueOf(cp, z.map((x, r) => x + suffix[i][r]));
    if (bound + margin < best) return;
    if (i === G) {
      const v = valueOf(cp, z);
      if (v > best + TOL || (Math.abs(v - best) <= TOL && used < bestCost)) {
        [best, bestCost, bestPath] = [v, used, [...path]];
      }
      return;
    }
    for (const o of options[i]) {
      if (!fitsBudget(cp.cost, [...path, ...o.m], budget)) continue;
      const saved = Float64Array.from(z);
      for (const c of o.m) {
        cp.rowUnits[c].forEach((r, t) => (z[r] += cp.rowVals[c][t]));
        path.push(c);
      }
      dfs(i + 1, used + o.cost);
      z.set(saved);
      path.length -= o.m.length;
    }
  };
  dfs(0, 0);
  return { objective: best, cost: bestCost, store: bestPath.map((c) => cp.candIds[c]), nodes };
}

Deno.test("solveBnb() (suffix bound) = the plain recursive search: store, order, F bits, cost, nodes; zero-value candidates left out change no store", () => {
  fc.assert(
    fc.property(
      arbPackage({ maxGroups: 7, maxPerGroup: 4, maxUnits: 8, k2: true, piecewise: true }),
      fc.boolean(),
      ({ input, budget }, exploreTies) => {
        const cp = compileArb(input);
        const want = referenceBnb(cp, budget, cp.k, exploreTies);
        // Leaving zero-value candidates out changes the node count only: the same store.
        const plain = referenceBnb(cp, budget, cp.k, exploreTies, false);
        assert.deepEqual([want.store, want.cost], [plain.store, plain.cost]);
        assert.ok(Object.is(want.objective, plain.objective));
        // Twice: the second solve reuses the cached tables and the per-search buffers.
        for (let rep = 0; rep < 2; rep++) {
          const got = solveBnb(cp, budget, { bound: "suffix", exploreTies });
          assert.equal(got.status, "optimal");
          assert.ok(
            Object.is(got.objective, want.objective),
            `${got.objective} vs ${want.objective}`,
          );
          assert.deepEqual(got.store, want.store);
          assert.equal(got.cost, want.cost);
          assert.equal(got.nodes, want.nodes);
        }
      },
    ),
    { numRuns: 1500, seed: 20260611 },
  );
});

Deno.test("solveBnb() handles groups that cover no unit (the search resumes at the last unit)", () => {
  const cp = compileArb({
    schema_version: 1,
    id: "empty-groups",
    weight_source: "explicit",
    group_cap: 1,
    experiences: [{ id: "a", order: 0 }, { id: "b", order: 1 }, { id: "c", order: 2 }],
    candidates: [
      { id: "a1", experience: "a", kind: "fact", cost: 1 },
      { id: "b1", experience: "b", kind: "fact", cost: 1 },
      { id: "c1", experience: "c", kind: "fact", cost: 1 },
    ],
    units: [{ id: "r0", family: "fact", weight: 1 }, { id: "r1", family: "fact", weight: 2 }],
    // c covers nothing: the leaves resume at unit M from the depth-2 partial sums.
    coverage: [{ candidate: "a1", unit: "r0", value: 0.5 }, {
      candidate: "b1",
      unit: "r1",
      value: 1,
    }],
    budgets: [2],
  });
  for (const budget of [1, 2, 3]) {
    const got = solveBnb(cp, budget, { bound: "suffix" });
    const want = referenceBnb(cp, budget, 1, true);
    assert.deepEqual([got.store, got.objective, got.nodes], [
      want.store,
      want.objective,
      want.nodes,
    ]);
  }
});

Deno.test("evaluateStore() = the value a CoverageState reaches by adding the store in order", () => {
  fc.assert(
    fc.property(
      arbPackage({ maxUnits: 8, piecewise: true }),
      fc.array(fc.nat(), { maxLength: 6 }),
      ({ input }, picks) => {
        const cp = compileArb(input);
        const store = picks.map((p) => p % cp.candIds.length);
        const st = new CoverageState(cp);
        for (const c of store) st.add(c);
        assert.ok(Object.is(evaluateStore(cp, store), st.value));
      },
    ),
    { numRuns: 500, seed: 7 },
  );
});
