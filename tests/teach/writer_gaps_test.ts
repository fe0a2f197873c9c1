import assert from "node:assert/strict";
import { compilePackage, WRITERS } from "../../mod.ts";
import { generate } from "../../lib/generate/mod.ts";
import { gvtRows, proposition1Package, THEOREM2_LINE } from "../../lib/teach/writer_gaps.ts";

Deno.test("proposition1Package(): density-only reaches exactly η of OPT = 1, GVT reaches OPT", () => {
  for (const eta of [0.5, 0.1, 0.001]) {
    const cp = proposition1Package(eta);
    assert.deepEqual(WRITERS.density_only(cp, 2).store, ["tiny"]);
    assert.ok(Math.abs(WRITERS.density_only(cp, 2).value - eta) <= 1e-15);
    assert.equal(WRITERS.oracle_gvt(cp, 2).value, 1);
  }
  assert.throws(() => proposition1Package(0), RangeError);
});

Deno.test("gvtRows(): ratios in [0, 1], the small-items flag, theorem 2's line where it applies", () => {
  const packages = [0, 1, 2].map((s) => ({
    name: `base/${s}`,
    cp: compilePackage(generate("base", s)),
  }));
  const rows = gvtRows(packages, [1, 15]);
  assert.equal(rows.length, 6);
  for (const r of rows) {
    for (const x of [r.gvt, r.theorem2]) assert.ok(x !== null && x >= 0 && x <= 1 + 1e-12);
    const maxCost = Math.max(...packages.find((p) => p.name === r.package)!.cp.cost);
    assert.equal(r.smallItems, maxCost <= r.B / 2);
    if (r.smallItems) assert.ok(r.theorem2! >= THEOREM2_LINE);
  }
  assert.equal(THEOREM2_LINE, 0.225);
});
