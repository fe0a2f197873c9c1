import assert from "node:assert/strict";
import { artifactReplicas, checkpointIndices } from "../../lib/retention/checkpoints.ts";
import { roundHalfEven } from "../../lib/generate/budgets.ts";

Deno.test("roundHalfEven() rounds ties to the even integer like Python's round", () => {
  assert.deepEqual([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.4999, 2.5001].map(roundHalfEven), [
    0,
    2,
    2,
    4,
    0,
    -2,
    2,
    3,
  ]);
});

Deno.test("checkpointIndices() gives the worked example's 20 checkpoints of 3..52", () => {
  assert.deepEqual(checkpointIndices(50, 20).map((i) => 3 + i), [
    3,
    6,
    8,
    11,
    13,
    16,
    18,
    21,
    24,
    26,
    29,
    31,
    34,
    37,
    39,
    42,
    44,
    47,
    49,
    52,
  ]);
});

Deno.test("checkpointIndices() takes every session when n <= K and endpoints otherwise", () => {
  assert.deepEqual(checkpointIndices(7, 20), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(checkpointIndices(20, 20), Array.from({ length: 20 }, (_, i) => i));
  assert.deepEqual(checkpointIndices(0, 20), []);
  const idx = checkpointIndices(21, 20);
  assert.equal(idx.length, 20);
  assert.equal(new Set(idx).size, 20);
  assert.equal(idx[0], 0);
  assert.equal(idx[19], 20);
  // K = 3 on n = 4: i·3/2 = 0, 1.5, 3 -> 0, 2 (half to even), 3
  assert.deepEqual(checkpointIndices(4, 3), [0, 2, 3]);
  // K = 3 on n = 6: i·5/2 = 0, 2.5, 5 -> 0, 2, 5
  assert.deepEqual(checkpointIndices(6, 3), [0, 2, 5]);
  assert.throws(() => checkpointIndices(5, 1), RangeError);
  assert.throws(() => checkpointIndices(-1, 20), RangeError);
});

Deno.test("artifactReplicas() matches the reweighting rounding table", () => {
  const table: [number, number][] = [[50, 2], [70, 4], [30, 2], [90, 4], [110, 6]];
  for (const [life, m] of table) assert.equal(artifactReplicas(life, 20), m, `L = ${life}`);
  assert.equal(artifactReplicas(7, 7), 1);
  assert.throws(() => artifactReplicas(0, 1), RangeError);
});
