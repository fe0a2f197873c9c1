import assert from "node:assert/strict";
import {
  byteOverheadCost,
  candidateCost,
  naturalCost,
  recostPackage,
} from "../../lib/natural/cost_rules.ts";
import { LOCOMO_REPRESENTATIONS, locomoSupportSlice } from "../../lib/natural/locomo.ts";
import { qaItem, smallSample } from "./_sample.ts";

const w = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

Deno.test("naturalCost() applies the §6.6 clamps per representation", () => {
  assert.deepEqual([naturalCost("raw_span", w(3)), naturalCost("raw_span", w(30))], [12, 30]);
  assert.deepEqual([naturalCost("atomic_fact", w(2)), naturalCost("tombstone", w(25))], [4, 20]);
  assert.deepEqual([naturalCost("graph_edge", w(3)), naturalCost("graph_edge", w(40))], [8, 35]);
  assert.deepEqual([naturalCost("summary", w(3)), naturalCost("compound_update", w(50))], [10, 45]);
  assert.deepEqual([naturalCost("event", w(3)), naturalCost("event", w(7)), naturalCost("x", "")], [
    6,
    7,
    6,
  ]);
});

Deno.test("byteOverheadCost() is 8 + ceil(UTF-8 bytes / 24)", () => {
  assert.equal(byteOverheadCost(""), 8);
  assert.equal(byteOverheadCost("a".repeat(24)), 9);
  assert.equal(byteOverheadCost("a".repeat(25)), 10);
  // "é" is 2 bytes in UTF-8.
  assert.equal(byteOverheadCost("é".repeat(13)), 10);
});

Deno.test("recostPackage() recomputes every candidate; the default rule reproduces the converter", () => {
  const sample = {
    ...smallSample([qaItem(["D1:1"])]),
    session_summary: { session_1_summary: "Ann adopted Tom." },
    event_summary: { events_session_1: { Ann: ["Ann adopts a cat."], date: "1 May" } },
  };
  const pkg = locomoSupportSlice(sample, 0, { representations: LOCOMO_REPRESENTATIONS }).package!;
  assert.deepEqual(
    recostPackage(pkg, "default").candidates.map((c) => c.cost),
    pkg.candidates.map((c) => c.cost),
  );
  const words = recostPackage(pkg, "word");
  assert.equal(words.id, pkg.id);
  assert.equal(words.meta!.cost_rule, "word");
  assert.deepEqual(words.candidates.map((c) => c.cost), [19, 6, 4, 3, 4]);
  const bytes = recostPackage(pkg, "byte_overhead");
  assert.deepEqual(
    bytes.candidates.map((c) => c.cost),
    pkg.candidates.map((c) => byteOverheadCost(c.text!)),
  );
  assert.throws(
    () => candidateCost("word", { id: "c", experience: "e", kind: "fact", cost: 1 }),
    /candidate 'c': it has no text/,
  );
});
