/** lib/generate/distributions/density_trap.ts: 5 items, a cheap lure per item (ARTIFACT-SPEC §3.4, salt 11). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { DENSITY_TRAP } from "../../../lib/generate/distributions/density_trap.ts";
import { cells, SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(DENSITY_TRAP, seed);

Deno.test("DENSITY_TRAP: 5 experiences, 20 candidates, total cost 50 at every seed (§3.4)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [5, 20, 50], `seed ${seed}`);
});

Deno.test("DENSITY_TRAP builds ids as the artifact does, seeded (s + 1)·1,000,003 + 11", () => {
  const p = gen(0);
  assert.equal(p.id, "density_trap_s0");
  assert.equal(p.experiences[0].id, "density_trap_s0:memory_0");
  assert.deepEqual(p.candidates.slice(0, 4).map((c) => [c.id, c.confidence]), [
    ["density_trap_s0:memory_0:cheap_lure", 0.82],
    ["density_trap_s0:memory_0:specific_fact", undefined],
    ["density_trap_s0:memory_0:context_summary", undefined],
    ["density_trap_s0:memory_0:raw_detail", undefined],
  ]);
  assert.equal(p.meta?.rng_seed, 1000014);
});

Deno.test("DENSITY_TRAP draws the artifact's weights (values from CPython)", () => {
  assert.deepEqual(weights(gen(0)), [
    ["shared_lure", 2.2],
    ["specific:0", 1.75],
    ["context:0", 0.3],
    ["specific:1", 1.5999999999999999],
    ["specific:2", 1.45],
    ["context:1", 0.3],
    ["specific:3", 1.75],
    ["specific:4", 1.75],
    ["context:2", 0.3],
  ]);
});

Deno.test("DENSITY_TRAP: the cheap lure covers L 0.55 and S_i 0.05", () => {
  assert.deepEqual(cells(gen(0), "density_trap_s0:memory_0:cheap_lure"), [
    ["shared_lure", 0.55],
    ["specific:0", 0.05],
  ]);
});
