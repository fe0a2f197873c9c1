import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import { locomoSlices } from "../../lib/natural/locomo_slices.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import type { Package } from "../../lib/package/schema.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { WRITERS } from "../../lib/writers/registry.ts";
import { readGenericJsonl, toGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { packageTextAdjudicator } from "../../lib/systems/package_text_adjudicator.ts";
import { scoreUnion } from "../../lib/systems/union_score.ts";
import { exportWriterStore } from "../../lib/systems/writer_export.ts";
import { fixturePackage } from "./_fixtures.ts";

/**
 * Exports each writer's store at each budget, reads it back through the
 * generic adapter and scores it; asserts both ratios are the writer's own.
 * Returns the number of (package, writer, budget) triples checked.
 */
async function roundTrip(packages: Package[], budgets: number[]): Promise<number> {
  let checked = 0;
  for (const pkg of packages) {
    const cp = compilePackage(pkg);
    const adjudicator = packageTextAdjudicator(pkg);
    for (const writer of ["recency_raw", "oracle_gvt", "estimated_gvt"]) {
      for (const budget of budgets) {
        const w = WRITERS[writer](cp, budget);
        const opt = solveBnb(cp, budget).objective!;
        const text = toGenericJsonl([exportWriterStore(pkg, w)]);
        const [store] = readGenericJsonl(text, { file: "written_stores.jsonl" });
        assert.equal(store.memories.length, w.store.length);
        // Declared costs and experience ties: P+(Y) adds nothing, both ratios are the writer's.
        const tied = await scoreUnion(pkg, store, {
          adjudicator,
          budgets: [budget],
          costModel: "declared",
          tie: "experience",
          selectors: ["as_written"],
        });
        const [b] = tied.budgets;
        const x = b.selections[0];
        assert.ok(Math.abs(x.value - w.value) <= 1e-12);
        assert.equal(b.optUnion.objective, opt);
        if (opt > 0) {
          assert.equal(x.packageRatio.ratio, x.value / opt);
          assert.equal(x.unionRatio.ratio, x.value / opt);
        }
        // Measured word costs, own groups: F(Y) is still the writer's value.
        const free = await scoreUnion(pkg, store, {
          adjudicator,
          budgets: [budget],
          selectors: ["as_written"],
        });
        assert.ok(Math.abs(free.budgets[0].selections[0].value - w.value) <= 1e-12);
        assert.ok(free.budgets[0].optUnion.objective! >= opt - 1e-12);
        checked++;
      }
    }
  }
  return checked;
}

Deno.test("exportWriterStore() round trip gives each writer's own ratio on the fixture package", async () => {
  assert.equal(await roundTrip([fixturePackage()], [10, 20, 30, 60]), 12);
});

const LOCOMO8 = sharedDataPath("locomo/locomo8.json");

Deno.test({
  name: "exportWriterStore() round trip gives each writer's own ratio on LoCoMo slices",
  ignore: LOCOMO8 === null,
  fn: async () => {
    const samples = await loadLocomo(LOCOMO8!);
    const packages = locomoSlices(samples.slice(0, 1)).packages.filter((_, i) => i % 5 === 0);
    assert.equal(packages.length, 40);
    assert.equal(await roundTrip(packages, [30, 60, 100]), 360);
  },
});
