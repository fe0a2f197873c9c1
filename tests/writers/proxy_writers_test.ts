/** lib/writers/proxy_writers.ts: the Mem0 and A-Mem proxy writers. */
import assert from "node:assert/strict";
import { amemGraph, mem0Extract } from "../../lib/writers/proxy_writers.ts";
import { updateStress } from "./_fixtures.ts";

Deno.test("amemGraph() evicts a lower-priority memory to admit a higher one; mem0Extract() packs by density (update-stress fixture)", () => {
  // B = 2: old_atomic (priority 1.808/2^0.55) is evicted for new_tombstone (priority 2.2073).
  const a = amemGraph(updateStress(), 2);
  assert.deepEqual(a.store, ["new_tombstone"]);
  assert.deepEqual(a.details, { evictions: 1 });
  // B = 2: the tombstone proposal (density 2.46) is packed first; old_atomic no longer fits.
  const m = mem0Extract(updateStress(), 2);
  assert.deepEqual(m.store, ["new_tombstone"]);
  assert.deepEqual(m.details, { proposals: 2 });
});

Deno.test("amemGraph() and mem0Extract() at B = 3 keep old_atomic and the tombstone, in arrival order", () => {
  for (const w of [amemGraph, mem0Extract]) {
    const r = w(updateStress(), 3);
    assert.deepEqual(r.store, ["old_atomic", "new_tombstone"], r.writer);
    assert.ok(Math.abs(r.value - 2.1) <= 1e-12);
    assert.equal(r.cost, 3);
  }
  assert.deepEqual(amemGraph(updateStress(), 3).details, { evictions: 0 });
});

Deno.test("amemGraph() and mem0Extract() store nothing at B = 0.5 and refuse a negative budget", () => {
  assert.deepEqual(amemGraph(updateStress(), 0.5).store, []);
  assert.deepEqual(mem0Extract(updateStress(), 0.5).store, []);
  assert.throws(() => amemGraph(updateStress(), -1), RangeError);
  assert.throws(() => mem0Extract(updateStress(), -1), RangeError);
});
