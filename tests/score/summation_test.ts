/** lib/score/summation.ts: the public summation modes (Neumaier by default, as CPython >= 3.12). */
import assert from "node:assert/strict";
import { DEFAULT_SUMMATION, type Summation } from "../../lib/score/summation.ts";
import { artifactBootstrap } from "../../lib/score/bootstrap.ts";

Deno.test("DEFAULT_SUMMATION is neumaier, and the modes differ where CPython 3.11 and 3.12 differ", () => {
  assert.equal(DEFAULT_SUMMATION, "neumaier");
  const modes: Summation[] = ["naive", "neumaier"];
  // One value: the interval is (v, v) in both modes.
  for (const summation of modes) {
    assert.deepEqual(artifactBootstrap([0.1], { summation }), [0.1, 0.1]);
  }
  // Ten equal values: every resample is ten copies of 0.1, whose naive sum is 0.9999999999999999.
  const ten = Array(10).fill(0.1);
  assert.deepEqual(artifactBootstrap(ten, { summation: "naive" }), [
    0.09999999999999999,
    0.09999999999999999,
  ]);
  assert.deepEqual(artifactBootstrap(ten, { summation: "neumaier" }), [0.1, 0.1]);
});
