import assert from "node:assert/strict";
import { compilePackage, readPackageJson, solveBnb, solveMilp, unionPackage } from "../../mod.ts";
import { generate } from "../../lib/generate/mod.ts";
import { boundRows, rootKnapsackBound, rootSuffixBound } from "../../lib/teach/bounds.ts";
import type { Package } from "../../lib/package/schema.ts";

const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
const cp = compilePackage(pkg);
const base0 = compilePackage(generate("base", 0));

Deno.test("rootSuffixBound() is Σ w_r on notebook 01's package and does not read B", () => {
  assert.equal(rootSuffixBound(cp), 3.5);
  assert.equal(rootSuffixBound(base0), 13.425);
});

Deno.test("rootKnapsackBound() lies between OPT and the suffix bound, tight at B = 1", async () => {
  for (const B of [1, 4, 7, 15, 100]) {
    const opt = solveBnb(base0, B).objective!;
    const kb = await rootKnapsackBound(base0, B);
    assert.ok(opt <= kb + 1e-9 && kb <= rootSuffixBound(base0) + 1e-12, `B = ${B}: ${opt} ${kb}`);
  }
  assert.ok(Math.abs((await rootKnapsackBound(base0, 1)) - 2.25) <= 1e-9);
  assert.equal(await rootKnapsackBound(cp, 2), 0); // nothing fits
});

Deno.test("boundRows() counts nodes per bound against brute force's stores", async () => {
  const rows = await boundRows(base0, [1, 15]);
  assert.deepEqual(rows.map((r) => [r.B, r.OPT, r.brute]), [[1, 2.25, 3], [15, 12.75, 11600]]);
  for (const r of rows) assert.ok(r.knapsackNodes <= r.suffixNodes, `B = ${r.B}`);
  assert.ok(rows[1].suffixNodes < rows[1].brute);
});

Deno.test("exercise 6: dropping the cap on 01's union package at B = 17 raises OPT 3.5 -> 6.5", async () => {
  const m1 = {
    id: "m1",
    cost: 10,
    coverage: {
      current_pescatarian: 1,
      vegetarian_invalidated: 1,
      change_after_first: 1,
      quote: 1,
    },
  };
  const at = (p: Package) => compilePackage(unionPackage(p, [m1], { system: "mem0" }));
  const capped = at(pkg), uncapped = at({ ...pkg, h: [{ width: 100, slope: 1 }] });
  assert.equal(solveBnb(capped, 17).objective, 3.5);
  assert.equal(solveBnb(uncapped, 17).objective, 6.5);
  const milp = await solveMilp(uncapped, 17);
  assert.equal(milp.status, "optimal");
  assert.ok(Math.abs(milp.objective! - 6.5) <= 1e-9);
  assert.deepEqual([...milp.store].sort(), ["e2.compound", "mem0::m1"]);
});
