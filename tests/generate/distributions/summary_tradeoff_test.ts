/** lib/generate/distributions/summary_tradeoff.ts: 5 episodes, facts against summaries (ARTIFACT-SPEC §3.6, salt 37). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { SUMMARY_TRADEOFF } from "../../../lib/generate/distributions/summary_tradeoff.ts";
import { cells, SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(SUMMARY_TRADEOFF, seed);

Deno.test("SUMMARY_TRADEOFF: 5 experiences, 25 candidates, total cost 70 at every seed (§3.6)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [5, 25, 70], `seed ${seed}`);
});

Deno.test("SUMMARY_TRADEOFF draws primary then secondary weights (values from CPython)", () => {
  assert.deepEqual(
    weights(gen(0)).filter(([id]) => !id.startsWith("context")).map((x) => x[1]),
    [1.35, 1.1, 1.6500000000000001, 1.0, 1.5, 1.1, 1.35, 1.1, 1.5, 1.1],
  );
});

Deno.test("SUMMARY_TRADEOFF: the balanced summary covers Pr 0.72, Se 0.72, Cx 0.45", () => {
  assert.deepEqual(cells(gen(0), "summary_tradeoff_s0:episode_0:balanced_summary"), [
    ["primary:0", 0.72],
    ["secondary:0", 0.72],
    ["context:0", 0.45],
  ]);
});
