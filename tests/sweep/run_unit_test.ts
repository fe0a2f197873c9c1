import assert from "node:assert/strict";
import { runUnit } from "../../lib/sweep/run_unit.ts";
import { EXACT_SWEEP_METHODS } from "../../lib/sweep/methods.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import { generate } from "../../lib/generate/distributions.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { noTombstonePool } from "../../lib/writers/restrict_package.ts";

const BUDGETS = [1, 2, 4, 8, 16];

Deno.test("runUnit() reproduces the base seed-0 anchors of ARTIFACT-SPEC App. D", () => {
  const { rows, timings } = runUnit("base", 0, { budgets: BUDGETS, methods: EXACT_SWEEP_METHODS });
  assert.equal(rows.length, 40);
  assert.equal(timings.length, 40);
  const value = (m: string) =>
    rows.filter((r) => r.method === m).map((r) => Math.round(r.objective_value * 100) / 100);
  assert.deepEqual(value("opt"), [2.25, 4.5, 6.75, 10.4, 12.9]);
  assert.deepEqual(value("oracle_gvt"), [2.25, 4.5, 6.75, 10.4, 12.74]);
  assert.deepEqual(value("density_only"), [2.25, 1.2, 2.2, 3.75, 8.4]);
  // B = 1: discard-first DFS finds pref_1's tombstone (§5.1).
  const opt1 = rows.find((r) => r.method === "opt" && r.budget === 1)!;
  assert.deepEqual(opt1.selected_candidate_ids, ["s0_pref_1_update_tombstone"]);
  assert.equal(opt1.certificate_status, "optimal");
});

Deno.test("runUnit() fills every row field of ARTIFACT-SPEC §1.2 consistently", () => {
  const { rows } = runUnit("base", 0, { budgets: [8], methods: ["no_tombstone_opt", "greedy"] });
  const [nt, greedy] = rows;
  assert.equal(nt.instance_id, "synthetic_seed_0");
  assert.equal(nt.optimum_value, nt.upper_bound);
  assert.equal(nt.denominator_label, "exact_opt");
  assert.equal(nt.upper_bound_source, "exact_opt");
  assert.equal(nt.ratio_to_opt, nt.objective_value / nt.optimum_value!);
  assert.equal(nt.reference_value, greedy.objective_value);
  assert.equal(greedy.ratio_to_reference, 1);
  assert.equal(nt.update_metrics.selected_tombstone_like, 0);
  assert.deepEqual(nt.policy_metadata, {
    policy_family: "validity_ablation",
    candidate_pool: "tombstone_and_compound_update_removed",
  });
  assert.equal(nt.certificate_status, "optimal");
  assert.equal(greedy.certificate_status, undefined);
  assert.ok(nt.budget_feasible && nt.group_feasible && nt.selected_cost <= 8);
  assert.equal(nt.versions.schema, 1);
  assert.equal(
    Object.values(nt.representation_mix).reduce((s, x) => s + x, 0),
    nt.selected_candidate_ids.length,
  );
});

Deno.test("runUnit() rejects an unknown method", () => {
  assert.throws(() => runUnit("base", 0, { budgets: [2], methods: ["nope"] }), RangeError);
});

Deno.test("runUnit() flags rows whose OPT is degenerate (OPT = 0) and keeps the artifact's ratio 1.0", () => {
  // Every candidate costs >= 1, so B = 0.5 admits only the empty store: OPT = 0.
  const { rows } = runUnit("base", 0, { budgets: [0.5, 2], methods: ["opt", "density_only"] });
  assert.deepEqual(
    rows.map((r) => [r.budget, r.method, r.optimum_value, r.ratio_to_opt, r.opt_degenerate]),
    [
      [0.5, "opt", 0, 1, true],
      [0.5, "density_only", 0, 1, true],
      [2, "opt", 4.5, 1, false],
      [2, "density_only", 4.5, 1.2 / 4.5, false],
    ],
  );
});

Deno.test("runUnit() exact rows equal a search started without the writers' floor", () => {
  const methods = ["opt", "no_tombstone_opt", "oracle_gvt", "greedy", "density_only"];
  let compared = 0;
  for (const d of ["base", "update_chain", "scope_shift", "summary_tradeoff"]) {
    for (let seed = 0; seed < 6; seed++) {
      const cp = compilePackage(generate(d, seed));
      const res = runUnit(d, seed, { budgets: [1, 3, 6, 13], methods });
      for (const r of res.rows) {
        if (r.method !== "opt" && r.method !== "no_tombstone_opt") continue;
        const pool = r.method === "opt" ? cp : noTombstonePool(cp);
        const plain = solveBnb(pool, r.budget);
        assert.deepEqual(
          r.selected_candidate_ids,
          plain.store,
          `${d} ${seed} ${r.budget} ${r.method}`,
        );
        if (r.method === "opt") assert.equal(r.optimum_value, plain.objective);
        compared++;
      }
    }
  }
  assert.equal(compared, 4 * 6 * 4 * 2);
});
