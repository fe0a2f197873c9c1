/** lib/generate/distributions/redundancy_heavy.ts: 5 items sharing one core unit (ARTIFACT-SPEC §3.7, salt 41). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { REDUNDANCY_HEAVY } from "../../../lib/generate/distributions/redundancy_heavy.ts";
import { cells, SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(REDUNDANCY_HEAVY, seed);

Deno.test("REDUNDANCY_HEAVY: 5 experiences, 20 candidates, total cost 55 at every seed (§3.7)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [5, 20, 55], `seed ${seed}`);
});

Deno.test("REDUNDANCY_HEAVY weights: core 2.4 first, tails 1.0 + 0.15·randrange(3), a local 0.3 per pair", () => {
  const w = weights(gen(0));
  assert.deepEqual(w.map(([id]) => id), [
    "core",
    "tail:0",
    "local:0",
    "tail:1",
    "tail:2",
    "local:1",
    "tail:3",
    "tail:4",
    "local:2",
  ]);
  assert.deepEqual(w[0], ["core", 2.4]);
  for (const seed of SEEDS) {
    for (const [id, v] of weights(gen(seed))) {
      if (id.startsWith("tail:")) assert.ok([1.0, 1.15, 1.3].includes(v!), `${id} = ${v}`);
      if (id.startsWith("local:")) assert.equal(v, 0.3);
    }
  }
});

Deno.test("REDUNDANCY_HEAVY: the raw span covers core, its tail and its local unit", () => {
  assert.deepEqual(cells(gen(0), "redundancy_heavy_s0:redundant_3:raw_redundant"), [
    ["core", 1.0],
    ["tail:3", 1.0],
    ["local:1", 0.4],
  ]);
});
