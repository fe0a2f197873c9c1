import assert from "node:assert/strict";
import fc from "fast-check";
import { checkFeasible, evaluateStore } from "memaudit";
import { RAW_TYPES } from "../../lib/writers/raw_selectors.ts";
import { WRITERS } from "../../lib/writers/registry.ts";
import { TOMBSTONE_TYPES } from "../../lib/writers/restrict_package.ts";
import { arbWriterPackage } from "../writers/_fixtures.ts";

const ONLY_TYPES: Record<string, (rep: string) => boolean> = {
  fact_only: (t) => t === "atomic_fact",
  summary_only: (t) => t === "summary",
  recency_raw: (t) => RAW_TYPES.has(t),
  reservoir_raw: (t) => RAW_TYPES.has(t),
  no_tombstone_gvt: (t) => !TOMBSTONE_TYPES.has(t),
  no_tombstone_greedy: (t) => !TOMBSTONE_TYPES.has(t),
};

/** Writers whose decisions ignore F (they may store candidates with zero marginal). */
const F_BLIND = new Set([
  "recency_raw",
  "reservoir_raw",
  "estimated_gvt",
  "estimated_utility",
  "mem0_extract",
  "amem_graph",
]);

for (const [id, writer] of Object.entries(WRITERS)) {
  Deno.test(`WRITERS.${id}() returns a feasible store whose value is F(store) >= 0 (k = 1, 2)`, () => {
    fc.assert(
      fc.property(arbWriterPackage({ k2: true }), ({ cp, budget }) => {
        const r = writer(cp, budget);
        const feas = checkFeasible(cp, r.store, budget);
        assert.ok(feas.feasible, `${id}: ${feas.reasons.join("; ")}`);
        assert.equal(new Set(r.store).size, r.store.length);
        const idx = r.store.map((s) => cp.candIndex.get(s)!);
        assert.equal(r.value, evaluateStore(cp, idx));
        assert.ok(r.value >= 0);
        assert.equal(r.cost, feas.cost);
        assert.equal(r.budget, budget);
        // the trace replays the store
        assert.deepEqual(r.trace.map((t) => t.candidate), r.store);
        assert.equal(r.trace.at(-1)?.value ?? 0, r.value);
        const sum = r.trace.reduce((s, t) => s + t.gain, 0);
        assert.ok(Math.abs(sum - r.value) <= 1e-9, `${id}: Σ gains ${sum} vs ${r.value}`);
        if (ONLY_TYPES[id]) {
          assert.ok(idx.every((c) => ONLY_TYPES[id](cp.rep[c])), `${id}: type filter`);
        }
        if (!F_BLIND.has(id)) {
          assert.ok(
            r.trace.every((t) => t.gain > 1e-12),
            `${id}: a non-positive oracle marginal was inserted`,
          );
        }
        // deterministic
        assert.deepEqual(writer(cp, budget).store, r.store);
        assert.ok(!("status" in r) && !("bound" in r) && r.label !== "OPT");
      }),
      { numRuns: 300, seed: 4242 },
    );
  });
}
