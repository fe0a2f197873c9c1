/** lib/generate/distributions/abstention_hard.ts: questions to abstain on and to answer (ARTIFACT-SPEC §3.8, salt 53). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { ABSTENTION_HARD } from "../../../lib/generate/distributions/abstention_hard.ts";
import { SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(ABSTENTION_HARD, seed);

Deno.test("ABSTENTION_HARD: 5 experiences, 23 candidates, total cost 56 at every seed (§3.8)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [5, 23, 56], `seed ${seed}`);
});

Deno.test("ABSTENTION_HARD builds ids as the artifact does, seeded (s + 1)·1,000,003 + 53", () => {
  const a = gen(7);
  assert.equal(a.candidates[5].id, "abstention_hard_s7:question_1:answer_fact");
  assert.equal(a.meta?.rng_seed, 8 * 1000003 + 53);
});

Deno.test("ABSTENTION_HARD draws the artifact's weights (values from CPython)", () => {
  assert.deepEqual(
    weights(gen(0)).filter(([id]) => /^(abstain|answer):/.test(id)),
    [["abstain:0", 2.0], ["answer:1", 1.9], ["abstain:2", 2.0], ["answer:3", 1.9], [
      "abstain:4",
      2.15,
    ]],
  );
});

Deno.test("ABSTENTION_HARD: markers are rules, the overconfident fact has confidence 0.42, no tombstones", () => {
  const p = gen(0);
  assert.deepEqual(
    p.candidates.slice(0, 5).map((c) => [c.representation, c.kind, c.cost, c.confidence]),
    [
      ["atomic_fact", "fact", 2, 0.42],
      ["abstention", "rule", 1, undefined],
      ["uncertainty", "rule", 2, undefined],
      ["raw_span", "raw", 4, undefined],
      ["summary", "summary", 3, undefined],
    ],
  );
  assert.ok(p.candidates.every((c) => c.kind !== "tombstone" && c.kind !== "update"));
});
