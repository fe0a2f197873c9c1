import assert from "node:assert/strict";
import { artifactBootstrap } from "../../lib/score/bootstrap.ts";

// Expected intervals were computed with CPython 3.11.7 running the procedure
// of ARTIFACT-SPEC §6.2 literally: random.Random(0), 1,000 resamples of
// `sum(values[rng.randrange(n)] for _ in range(n)) / n`, sorted, indices 24
// and 975. CPython <= 3.11 sums floats left to right, so these pin the
// `naive` summation bit for bit.

Deno.test("artifactBootstrap() gives (0, 0) for no values and (v, v) for one", () => {
  assert.deepEqual(artifactBootstrap([]), [0, 0]);
  assert.deepEqual(artifactBootstrap([0.42]), [0.42, 0.42]);
});

Deno.test("artifactBootstrap() matches CPython on a five-value sample", () => {
  assert.deepEqual(artifactBootstrap([0.1, 0.25, 0.5, 0.75, 1.0], { summation: "naive" }), [
    0.25999999999999995,
    0.8,
  ]);
});

Deno.test("artifactBootstrap() matches CPython on a seven-value sample", () => {
  assert.deepEqual(
    artifactBootstrap([1 / 3, 0.1, 0.7, 0.2, 0.9, 0.45, 0.05], { summation: "naive" }),
    [0.1904761904761905, 0.6047619047619047],
  );
});

Deno.test("artifactBootstrap() of two values spans both (all-equal resamples exist)", () => {
  assert.deepEqual(artifactBootstrap([0.3, 0.6]), [0.3, 0.6]);
});

Deno.test("artifactBootstrap() re-seeds per call and depends on value order", () => {
  const xs = [0.1, 0.25, 0.5, 0.75, 1.0];
  assert.deepEqual(artifactBootstrap(xs), artifactBootstrap(xs));
  // Same n, same indices: a permutation of the values changes the resample means.
  assert.notDeepEqual(artifactBootstrap([...xs].reverse()), artifactBootstrap(xs));
});

Deno.test("artifactBootstrap() with 10 resamples takes the min and max resample mean", () => {
  // Random(0).randrange(3) x 30 = 1,1,0 | 1,2,1 | 1,1,1 | 1,2,0 | 2,0,1 | 0,0,2 | ... (CPython);
  // over [0, 1, 0.5] the smallest resample mean is (0 + 0 + 0.5) / 3 and the largest 1.
  // Indices: max(0, int(0.25) - 1) = 0 and min(9, int(9.75)) = 9.
  assert.deepEqual(artifactBootstrap([0, 1, 0.5], { resamples: 10 }), [0.16666666666666666, 1]);
  assert.throws(() => artifactBootstrap([1, 2], { resamples: 0 }), RangeError);
});
