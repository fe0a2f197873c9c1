/** lib/generate/distributions/density_trap_v2.ts: 4 future queries with a cheap partial hint (ARTIFACT-SPEC §3.8b, salt 101). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { DENSITY_TRAP_V2 } from "../../../lib/generate/distributions/density_trap_v2.ts";
import { SEEDS, shape } from "./_shape.ts";

const gen = (seed: number) => buildPackage(DENSITY_TRAP_V2, seed);

Deno.test("DENSITY_TRAP_V2: 4 experiences, 16 candidates, total cost 52 at every seed (§3.8b)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [4, 16, 52], `seed ${seed}`);
});

Deno.test("DENSITY_TRAP_V2: role weights 1.05, 1.00, 0.95; the shuffle changes only the text (values from CPython)", () => {
  const v2 = gen(0);
  assert.deepEqual(v2.units.slice(0, 3).map((u) => u.weight), [1.05, 1.0, 0.9500000000000001]);
  assert.deepEqual(v2.experiences.map((e) => e.text), [
    "future budget query",
    "future flight query",
    "future calendar query",
    "future meal query",
  ]);
  assert.deepEqual(gen(1).units.map((u) => u.weight), v2.units.map((u) => u.weight));
});

Deno.test("DENSITY_TRAP_V2: per query a hint (1), a summary (3), a compound case (4), a raw span (5)", () => {
  assert.deepEqual(
    gen(0).candidates.slice(0, 4).map((c) => [c.representation, c.cost, c.confidence]),
    [
      ["atomic_fact", 1, 0.74],
      ["summary", 3, undefined],
      ["compound_evidence", 4, undefined],
      ["raw_span", 5, undefined],
    ],
  );
});
