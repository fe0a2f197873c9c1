/** lib/generate/distributions/update_chain.ts: a chain of 3 updates, no RNG (ARTIFACT-SPEC §3.2). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { UPDATE_CHAIN } from "../../../lib/generate/distributions/update_chain.ts";
import { cells, SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(UPDATE_CHAIN, seed);

Deno.test("UPDATE_CHAIN: 4 experiences, 18 candidates, total cost 51 at every seed (§3.2)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [4, 18, 51], `seed ${seed}`);
});

Deno.test("UPDATE_CHAIN re-sets weights in place (§3.2)", () => {
  const p = gen(5);
  assert.deepEqual(weights(p), [
    ["version:0", 0.1],
    ["version:1", 0.1],
    ["invalidates:version:0", 1.85],
    ["version:2", 0.1],
    ["invalidates:version:1", 1.85],
    ["version:3", 2.3],
    ["invalidates:version:2", 1.85],
  ]);
  assert.deepEqual(p.meta?.current_units, ["version:3"]);
  assert.deepEqual(p.meta?.stale_units, ["version:0", "version:1", "version:2"]);
  assert.deepEqual(p.meta?.invalidation_units, [
    "invalidates:version:0",
    "invalidates:version:1",
    "invalidates:version:2",
  ]);
});

Deno.test("UPDATE_CHAIN: experiences version_0, update_1..3; the compound covers Cu 0.95 and I 1.0", () => {
  const p = gen(0);
  assert.deepEqual(p.experiences.map((e) => e.id), [
    "update_chain_s0:version_0",
    "update_chain_s0:update_1",
    "update_chain_s0:update_2",
    "update_chain_s0:update_3",
  ]);
  assert.deepEqual(cells(p, "update_chain_s0:update_1:compound"), [
    ["version:1", 0.95],
    ["invalidates:version:0", 1],
  ]);
  // No RNG: every seed gives the same weights.
  assert.deepEqual(weights(gen(0)), weights(gen(499)));
});
