import assert from "node:assert/strict";
import fc from "fast-check";
import type { Adjudicator, CoverageEdge } from "../../lib/adjudicate/types.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import type { Package } from "../../lib/package/schema.ts";
import { type MemoryStore, type StoredMemory } from "../../lib/systems/memory_store.ts";
import { scoreUnion } from "../../lib/systems/union_score.ts";

const TOL = 1e-9;

interface Case {
  pkg: Package;
  store: MemoryStore;
  rows: Map<string, CoverageEdge[]>;
  budget: number;
}

const value = fc.constantFrom(0, 0.25, 0.5, 1);

/** A small package plus a store whose memories carry random costs, rows, salience and groups. */
const arbCase: fc.Arbitrary<Case> = fc.record({
  weights: fc.array(fc.constantFrom(0, 0.5, 1, 2), { minLength: 1, maxLength: 4 }),
  groups: fc.array(
    fc.array(
      fc.record({
        cost: fc.integer({ min: 1, max: 6 }),
        cov: fc.array(value, { minLength: 4, maxLength: 4 }),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    { minLength: 1, maxLength: 4 },
  ),
  memories: fc.array(
    fc.record({
      cost: fc.integer({ min: 1, max: 9 }),
      cov: fc.array(value, { minLength: 4, maxLength: 4 }),
      salience: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      day: fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined }),
      group: fc.option(fc.constantFrom("g1", "g2"), { nil: undefined }),
    }),
    { minLength: 0, maxLength: 7 },
  ),
  budget: fc.integer({ min: 1, max: 24 }),
}).map(({ weights, groups, memories, budget }) => {
  const units = weights.map((w, r) => ({ id: `r${r}`, family: "fact" as const, weight: w }));
  const pkg = parsePackage({
    schema_version: 1,
    id: "arb",
    weight_source: "explicit",
    experiences: groups.map((_, g) => ({ id: `e${g}`, order: g })),
    candidates: groups.flatMap((cs, g) =>
      cs.map((c, j) => ({
        id: `e${g}c${j}`,
        experience: `e${g}`,
        kind: "fact" as const,
        cost: c.cost,
      }))
    ),
    units,
    coverage: groups.flatMap((cs, g) =>
      cs.flatMap((c, j) =>
        units.flatMap((
          u,
          r,
        ) => (c.cov[r] > 0 ? [{ candidate: `e${g}c${j}`, unit: u.id, value: c.cov[r] }] : []))
      )
    ),
  });
  const rows = new Map<string, CoverageEdge[]>();
  const list: StoredMemory[] = memories.map((m, i) => {
    const id = `m${i}`;
    rows.set(
      id,
      units.flatMap((
        u,
        r,
      ) => (m.cov[r] > 0 ? [{ unit: u.id, value: m.cov[r], provenance: "arb" }] : [])),
    );
    const s: StoredMemory = {
      id,
      text: `memory ${i}`,
      source: "arb",
      order: i,
      cost: m.cost,
      raw: null,
    };
    if (m.salience !== undefined) s.salience = m.salience;
    if (m.day !== undefined) s.created_at = `2024-01-${String(m.day).padStart(2, "0")}T00:00:00Z`;
    if (m.group !== undefined) s.group = m.group;
    return s;
  });
  const store: MemoryStore = {
    system: "arb",
    format: "generic_jsonl",
    file: "<arb>",
    memories: list,
    tombstones: [],
    problems: [],
  };
  return { pkg, store, rows, budget };
});

function tableAdjudicator(rows: Map<string, CoverageEdge[]>): Adjudicator {
  return { name: "table", adjudicate: (r) => Promise.resolve(rows.get(r.memory.id) ?? []) };
}

Deno.test("scoreUnion() keeps 0 <= salience-pruned <= upper-pruned <= 1 and every pruned store within budget", async () => {
  await fc.assert(
    fc.asyncProperty(arbCase, async ({ pkg, store, rows, budget }) => {
      const s = await scoreUnion(pkg, store, {
        adjudicator: tableAdjudicator(rows),
        budgets: [budget],
        costModel: "declared",
      });
      const [b] = s.budgets;
      assert.equal(b.optUnion.status, "optimal");
      assert.ok(b.optUnion.objective! >= b.optPackage.objective! - TOL);
      const sel = Object.fromEntries(b.selections.map((x) => [x.selector, x]));
      for (const x of b.selections) {
        if (x.selector === "as_written") continue;
        assert.ok(
          x.feasible && x.cost <= budget,
          `${x.selector} over budget: ${x.cost} > ${budget}`,
        );
        assert.ok(x.value >= 0);
      }
      assert.ok(sel.upper_pruned.certified);
      const up = sel.upper_pruned.value;
      for (const k of ["salience_pruned", "recency_pruned", "upper_pruned_greedy"]) {
        assert.ok(sel[k].value <= up + TOL, `${k} ${sel[k].value} > upper ${up}`);
      }
      assert.ok(up <= b.optUnion.objective! + TOL);
      if (b.optUnion.objective! > 1e-12) {
        const rs = sel.salience_pruned.unionRatio.ratio!, ru = sel.upper_pruned.unionRatio.ratio!;
        assert.ok(0 <= rs && rs <= ru + TOL && ru <= 1 + TOL, `${rs} ${ru}`);
      } else {
        assert.equal(sel.upper_pruned.unionRatio.flag, "degenerate_opt");
      }
      if (sel.as_written.feasible) assert.ok(sel.as_written.value <= up + TOL);
    }),
    { numRuns: 400, seed: 20260105 },
  );
});
