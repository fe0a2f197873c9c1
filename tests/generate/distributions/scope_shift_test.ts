/** lib/generate/distributions/scope_shift.ts: 4 scopes and a cross-scope review (ARTIFACT-SPEC §3.5, salt 23). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { SCOPE_SHIFT } from "../../../lib/generate/distributions/scope_shift.ts";
import { cells, SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(SCOPE_SHIFT, seed);

Deno.test("SCOPE_SHIFT: 5 experiences, 17 candidates, total cost 52 at every seed (§3.5)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [5, 17, 52], `seed ${seed}`);
});

Deno.test("SCOPE_SHIFT draws the artifact's preference weights (values from CPython)", () => {
  assert.deepEqual(weights(gen(0)).filter(([id]) => id.startsWith("pref:")), [
    ["pref:home", 2.0],
    ["pref:generic", 0.35],
    ["pref:work", 1.8],
    ["pref:travel", 1.8],
    ["pref:medical", 1.8],
  ]);
});

Deno.test("SCOPE_SHIFT: the broad review covers every P_x at 0.42, then every X_x at 0.35", () => {
  const p = gen(0);
  assert.deepEqual(cells(p, "scope_shift_s0:cross_scope_review:broad_review"), [
    ...["home", "work", "travel", "medical"].map((x): [string, number] => [`pref:${x}`, 0.42]),
    ...["home", "work", "travel", "medical"].map((x): [string, number] => [`context:${x}`, 0.35]),
  ]);
  assert.equal(gen(4).id, "scope_shift_s4");
});
