import assert from "node:assert/strict";
import { ProxyFeatures } from "../../lib/writers/_proxy_features.ts";
import { updateStress } from "./_fixtures.ts";

Deno.test("ProxyFeatures tokenises [a-z0-9_:-]+ and derives signature, anchors, salience and graph affinity", () => {
  const cp = updateStress();
  const f = new ProxyFeatures(cp);
  const at = (id: string) => cp.candIndex.get(id)!;
  const oa = at("old_atomic"), nc = at("new_compound"), nt = at("new_tombstone");
  assert.deepEqual([...f.tokens[oa]].sort(), [
    "atomic_fact",
    "diet:",
    "earlier",
    "fact",
    "vegetarian",
  ]);
  assert.deepEqual([...f.signature[oa]].sort(), ["diet:", "fact"]);
  assert.deepEqual([...f.anchors[oa]], ["diet:"]);
  assert.equal(f.salience[oa], 0.2);
  assert.equal(f.graph[oa], 1 / 6);
  assert.deepEqual([...f.anchors[nc]], ["update"]);
  assert.equal(f.salience[nc], 0.6); // update, changed + compound_update type
  assert.equal(f.graph[nc], 2 / 6); // update + compound_update type
  assert.equal(f.salience[nt], 0.6); // tombstone, no + tombstone type
  assert.equal(f.recency[oa], 0);
  assert.equal(f.recency[nt], 1);
  assert.equal(f.novelty(nt, f.tokens[oa]), 5 / 6);
  assert.equal(f.novelty(nt, new Set()), 1);
  assert.equal(f.duplicatePenalty(nt, [f.signature[oa]]), 1);
  assert.equal(f.duplicatePenalty(oa, [new Set(["fact", "diet:", "x"])]), 0.70); // Jaccard 2/3
  assert.equal(f.duplicatePenalty(oa, [new Set(["fact", "diet:"])]), 0.45);
  // anchor overlap: one anchor seen once: 0.55·1 + 0.45·1/3
  assert.equal(f.anchorOverlap(oa, new Map([["diet:", 1]])), 0.55 + 0.45 * 1 / 3);
  assert.equal(f.anchorOverlap(oa, new Map()), 0);
});
