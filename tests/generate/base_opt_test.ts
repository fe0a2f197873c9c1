import assert from "node:assert/strict";
import { generate } from "../../lib/generate/distributions.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";

Deno.test("generate('base', 0) has OPT 2.25 / 4.5 / 6.75 / 10.4 / 12.9 at B = 1/2/4/8/16", () => {
  const cp = compilePackage(generate("base", 0));
  const expected: [number, number][] = [[1, 2.25], [2, 4.5], [4, 6.75], [8, 10.4], [16, 12.9]];
  for (const [budget, opt] of expected) {
    for (const bound of ["suffix", "knapsack"] as const) {
      const cert = solveBnb(cp, budget, { bound });
      assert.equal(cert.status, "optimal", `B = ${budget}, ${bound}`);
      assert.ok(
        Math.abs(cert.objective! - opt) <= 1e-9,
        `B = ${budget}, ${bound}: ${cert.objective}`,
      );
    }
  }
  // §5.1: discard is explored first, so at B = 1 the later pair's tombstone wins the tie.
  assert.deepEqual(solveBnb(cp, 1, { bound: "suffix" }).store, ["s0_pref_1_update_tombstone"]);
});

Deno.test("stress packages with all costs >= 2 have OPT 0 at B = 1 (§6.1)", () => {
  for (const name of ["scope_shift", "summary_tradeoff", "redundancy_heavy"]) {
    assert.equal(solveBnb(compilePackage(generate(name, 0)), 1).objective, 0, name);
  }
});
