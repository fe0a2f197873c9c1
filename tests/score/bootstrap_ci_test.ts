/** lib/score/bootstrap_ci.ts: the seedrandom percentile bootstrap interval of a mean, for new work. */
import assert from "node:assert/strict";
import { bootstrapCi } from "../../lib/score/bootstrap_ci.ts";

Deno.test("bootstrapCi() resamples with randbelow(n) and takes linearly interpolated quantiles (worked case)", () => {
  // SeededRandom(0).randbelow(2) gives 0, 1, 0, 1, 1, 1: resample means of [0, 10] are 5, 5, 10.
  // level 0.5 asks for the 0.25 and 0.75 quantiles of [5, 5, 10]: positions 0.5 and 1.5 -> 5, 7.5.
  assert.deepEqual(bootstrapCi([0, 10], { resamples: 3, level: 0.5 }), [5, 7.5]);
  assert.deepEqual(bootstrapCi([4, 4, 4], { resamples: 50 }), [4, 4]);
});

Deno.test("bootstrapCi() is deterministic per seed and brackets the sample mean", () => {
  const xs = [0.2, 0.4, 0.9, 1.0, 0.5, 0.7];
  const a = bootstrapCi(xs, { seed: 7 });
  assert.deepEqual(a, bootstrapCi(xs, { seed: 7 }));
  assert.notDeepEqual(a, bootstrapCi(xs, { seed: 8 }));
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  assert.ok(a[0] < mean && mean < a[1], `${a} should bracket ${mean}`);
  assert.ok(a[0] >= 0.2 && a[1] <= 1.0);
});

Deno.test("bootstrapCi() handles one value and rejects bad input", () => {
  assert.deepEqual(bootstrapCi([3]), [3, 3]);
  assert.throws(() => bootstrapCi([]), RangeError);
  assert.throws(() => bootstrapCi([1, 2], { level: 1 }), RangeError);
  assert.throws(() => bootstrapCi([1, 2], { resamples: 1.5 }), RangeError);
});
