/** lib/generate/distributions/scope_shift_v2.ts: a scoped correction of one subject (ARTIFACT-SPEC §3.8b, salt 211). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { SCOPE_SHIFT_V2 } from "../../../lib/generate/distributions/scope_shift_v2.ts";
import { SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(SCOPE_SHIFT_V2, seed);

Deno.test("SCOPE_SHIFT_V2: 6 experiences, 13 candidates, total cost 26 at every seed (§3.8b)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [6, 13, 26], `seed ${seed}`);
});

Deno.test("SCOPE_SHIFT_V2 weights: 1.10, 1.20, 1.50, 0.20, 2.00, 3.00, scopes 0.6 / 0.8 / 0.3, context 0.25", () => {
  assert.deepEqual(weights(gen(0)), [
    ["lodging:general", 1.1],
    ["lodging:travel_only", 1.2],
    ["lodging:conference_exception", 1.5],
    ["stale:lodging:historical", 0.2],
    ["current:lodging:conference_correction", 2],
    ["invalid:lodging:historical_after_correction", 3],
    ["scope:travel", 0.6],
    ["scope:conference", 0.8],
    ["scope:historical", 0.3],
    ["context:routine_0", 0.25],
  ]);
  // The subject changes ids only: every seed has the same weights.
  for (const seed of SEEDS) {
    assert.deepEqual(weights(gen(seed)).map((w) => w[1]), weights(gen(0)).map((w) => w[1]));
  }
});
