import assert from "node:assert/strict";
import { clusterBootstrapCi } from "../../lib/score/cluster_bootstrap.ts";

Deno.test("clusterBootstrapCi() resamples clusters with a seed, independent of item order", () => {
  const values = [1, 0.8, 0.2, 0.4, 0.9, 0.1, 0.6];
  const clusters = ["a", "a", "b", "b", "c", "d", "d"];
  const r = clusterBootstrapCi(values, clusters, { seed: 3 });
  assert.equal(r.n, 7);
  assert.equal(r.clusters, 4);
  assert.equal(r.mean, 4 / 7);
  assert.ok(r.low < r.mean && r.mean < r.high);
  // Cluster means are 0.9, 0.3, 0.9, 0.35: resampled means stay within [0.3, 0.9].
  assert.ok(r.low >= 0.3 && r.high <= 0.9);
  assert.deepEqual(
    clusterBootstrapCi([...values].reverse(), [...clusters].reverse(), { seed: 3 }),
    r,
  );
  assert.deepEqual(clusterBootstrapCi(values, clusters, { seed: 3 }), r);
  assert.notDeepEqual(clusterBootstrapCi(values, clusters, { seed: 4 }), r);
});

Deno.test("clusterBootstrapCi() is exact for one cluster or constant values, and checks input", () => {
  assert.deepEqual(clusterBootstrapCi([0.2, 0.4], ["x", "x"]), {
    mean: 0.30000000000000004,
    low: 0.30000000000000004,
    high: 0.30000000000000004,
    n: 2,
    clusters: 1,
  });
  const flat = clusterBootstrapCi([0.5, 0.5, 0.5], ["a", "b", "c"], { resamples: 50 });
  assert.deepEqual([flat.low, flat.high], [0.5, 0.5]);
  assert.throws(() => clusterBootstrapCi([], []), /no values/);
  assert.throws(() => clusterBootstrapCi([1], ["a", "b"]), /1 values but 2 cluster ids/);
  assert.throws(() => clusterBootstrapCi([1], ["a"], { resamples: 0 }), RangeError);
  assert.throws(() => clusterBootstrapCi([1], ["a"], { level: 1 }), RangeError);
});
