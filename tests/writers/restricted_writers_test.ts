/** lib/writers/restricted_writers.ts: GVT and greedy on a restricted candidate pool. */
import assert from "node:assert/strict";
import {
  genericCandidateGvt,
  noTombstoneGreedy,
  noTombstoneGvt,
} from "../../lib/writers/restricted_writers.ts";
import { build, updateStress } from "./_fixtures.ts";

Deno.test("noTombstoneGvt() builds its grid from the pool without tombstone and compound update (update stress, B = 3)", () => {
  // Pool: old_atomic (0.1 / 2), old_raw (0.1 / 3), new_atomic (2 / 2): grid [1, 0.05, 1/30, 0];
  // λ = 1 takes new_atomic (F 2), the full package's OPT 4 ({new_compound}) is out of reach.
  const r = noTombstoneGvt(updateStress(), 3);
  assert.deepEqual(r.store, ["new_atomic"]);
  assert.equal(r.value, 2);
  assert.deepEqual(r.details, { lambda: 1, lambdaIndex: 0, gridSize: 4, poolSize: 3 });
});

Deno.test("noTombstoneGreedy() never takes the tombstone the plain greedy takes first (update stress, B = 3)", () => {
  const r = noTombstoneGreedy(updateStress(), 3);
  assert.deepEqual([r.writer, r.store, r.value], ["no_tombstone_greedy", ["new_atomic"], 2]);
});

Deno.test("genericCandidateGvt() leaves out a graph edge that the no-tombstone pool keeps", () => {
  // Equal Δ = 1: the edge (cost 1) beats the atomic fact (cost 2) where it is allowed.
  const cp = build([["e", 0]], [["u", 1]], [
    ["edge", "e", "graph_edge", 1, { u: 1 }],
    ["f", "e", "atomic_fact", 2, { u: 1 }],
  ]);
  assert.deepEqual(noTombstoneGvt(cp, 2).store, ["edge"]);
  assert.deepEqual(noTombstoneGreedy(cp, 2).store, ["edge"]);
  const g = genericCandidateGvt(cp, 2);
  assert.deepEqual([g.store, g.value, g.details!.poolSize], [["f"], 1, 1]);
});

Deno.test("restricted writers refuse a negative budget", () => {
  for (const w of [noTombstoneGvt, noTombstoneGreedy, genericCandidateGvt]) {
    assert.throws(() => w(updateStress(), -1), RangeError);
  }
});
