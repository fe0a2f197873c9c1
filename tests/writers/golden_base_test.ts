import assert from "node:assert/strict";
import { compilePackage, parsePackage } from "memaudit";
import type { CompiledPackage } from "memaudit";
import { densityOnly } from "../../lib/writers/density_only.ts";
import { oracleGvt } from "../../lib/writers/oracle_gvt.ts";
import { baseSeed0 } from "./_fixtures.ts";

// ARTIFACT-SPEC Appendix D item 7 (base, seed 0).
const BUDGETS = [1, 2, 4, 8, 16];
const GVT = [2.25, 4.50, 6.75, 10.40, 12.74];
const DENSITY = [2.25, 1.20, 2.20, 3.75, 8.40];

function checkGolden(cp: CompiledPackage, what: string): void {
  BUDGETS.forEach((b, i) => {
    const g = oracleGvt(cp, b), d = densityOnly(cp, b);
    assert.ok(Math.abs(g.value - GVT[i]) <= 1e-9, `${what} GVT at B = ${b}: ${g.value}`);
    assert.ok(
      Math.abs(d.value - DENSITY[i]) <= 1e-9,
      `${what} density-only at B = ${b}: ${d.value}`,
    );
  });
}

Deno.test("oracleGvt() and densityOnly() reproduce the base seed-0 golden values (hand-built package)", () => {
  checkGolden(baseSeed0(), "hand-built");
});

Deno.test("oracleGvt() picks both compound updates and the heaviest fact of base seed 0 at B = 8", () => {
  const cp = baseSeed0();
  // λ = 0.7 = 1.4/2 (fact 2's atomic fact): 1.4 + 4.5 + 4.5 = 10.4
  assert.deepEqual(oracleGvt(cp, 8).store, [
    "s0_fact_2_atomic_fact",
    "s0_pref_0_update_compound_update",
    "s0_pref_1_update_compound_update",
  ]);
  // density-only takes the cheap fact first in every group and runs out of budget
  assert.deepEqual(densityOnly(cp, 2).store, ["s0_fact_0_atomic_fact"]);
});

// The generator (lib/generate) is written in parallel; run the same check on its output once it exists.
const generatorPath = new URL("../../lib/generate/mod.ts", import.meta.url);
let hasGenerator = false;
try {
  Deno.statSync(generatorPath);
  hasGenerator = true;
} catch {
  hasGenerator = false;
}

Deno.test({
  name: 'oracleGvt() and densityOnly() reproduce the golden values on generate("base", 0)',
  ignore: !hasGenerator,
  fn: async () => {
    const mod = await import(generatorPath.href);
    assert.equal(typeof mod.generate, "function", "lib/generate/mod.ts exports generate()");
    const out = mod.generate("base", 0);
    const cp: CompiledPackage = "candIds" in out ? out : compilePackage(parsePackage(out));
    checkGolden(cp, "generate(base, 0)");
    const hand = baseSeed0();
    for (const b of BUDGETS) {
      assert.deepEqual(oracleGvt(cp, b).store, oracleGvt(hand, b).store, `GVT store at B = ${b}`);
      assert.deepEqual(
        densityOnly(cp, b).store,
        densityOnly(hand, b).store,
        `density store at B = ${b}`,
      );
    }
  },
});
