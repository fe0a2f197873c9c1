import assert from "node:assert/strict";
import fc from "fast-check";
import { ratioToOpt, solveBnb, WRITERS } from "memaudit";
import { arbPackage, compileArb } from "../_arb.ts";

Deno.test("every writer's package ratio against a certified OPT lies in [0, 1]", () => {
  let degenerate = 0, scored = 0;
  fc.assert(
    fc.property(arbPackage({ k2: true, piecewise: true }), ({ input, budget }) => {
      const cp = compileArb(input);
      const opt = solveBnb(cp, budget);
      for (const [id, writer] of Object.entries(WRITERS)) {
        const r = ratioToOpt(writer(cp, budget).value, opt, { cp, budget });
        if (r.flag === "degenerate_opt") {
          degenerate++;
          assert.equal(r.ratio, null, id);
          continue;
        }
        scored++;
        assert.equal(r.flag, "ok", id);
        assert.ok(r.ratio! >= 0 && r.ratio! <= 1 + 1e-12, `${id}: ratio ${r.ratio}`);
      }
    }),
    { numRuns: 400, seed: 11 },
  );
  assert.ok(scored > 1000 && degenerate > 0, `${scored} scored, ${degenerate} degenerate`);
});
