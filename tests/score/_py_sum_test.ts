import assert from "node:assert/strict";
import { pyMean, pySum } from "../../lib/score/_py_sum.ts";

Deno.test("pySum() naive adds left to right like CPython <= 3.11", () => {
  assert.equal(pySum(Array(10).fill(0.1), "naive"), 0.9999999999999999);
  assert.equal(pySum([1e16, 1, -1e16], "naive"), 0);
});

Deno.test("pySum() neumaier compensates like CPython >= 3.12 sum()", () => {
  // Python 3.12: sum([0.1] * 10) == 1.0 and sum([1e16, 1, -1e16]) == 1.0.
  assert.equal(pySum(Array(10).fill(0.1), "neumaier"), 1);
  assert.equal(pySum([1e16, 1, -1e16], "neumaier"), 1);
  assert.equal(pySum([], "neumaier"), 0);
});

Deno.test("pyMean() is 0 for no values and sum / n otherwise", () => {
  assert.equal(pyMean([]), 0);
  assert.equal(pyMean([1, 2, 4]), 7 / 3);
});
