import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import { locomoSlices } from "../../lib/natural/locomo_slices.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { WRITERS } from "../../lib/writers/registry.ts";
import {
  exportWriterStore,
  packageTextAdjudicator,
  readGenericJsonl,
  scoreUnion,
  toGenericJsonl,
} from "../../lib/systems/mod.ts";

const samples = await loadLocomo("../shared/data/locomo/locomo8.json");
const packages = locomoSlices(samples.slice(0, 1)).packages.filter((_, i) => i % 5 === 0);

Deno.test("exportWriterStore() round trip gives each writer's own ratio on LoCoMo slices", async () => {
  assert.equal(packages.length, 40);
  let checked = 0;
  for (const pkg of packages) {
    const cp = compilePackage(pkg);
    const adjudicator = packageTextAdjudicator(pkg);
    for (const writer of ["recency_raw", "oracle_gvt", "estimated_gvt"]) {
      for (const budget of [30, 60, 100]) {
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
  assert.equal(checked, 360);
});
