import assert from "node:assert/strict";
import { compilePackage, parsePackage, solveBnb } from "../../mod.ts";
import { optimalStores } from "../../lib/teach/ties.ts";

// Two sessions, each with one useful memory (cost 20) and a worthless one (cost 5).
const cp = compilePackage(parsePackage({
  schema_version: 1,
  id: "tie",
  weight_source: "explicit",
  experiences: [{ id: "a", order: 0 }, { id: "b", order: 1 }],
  candidates: [
    { id: "a.useful", experience: "a", kind: "fact", cost: 20 },
    { id: "a.none", experience: "a", kind: "fact", cost: 5 },
    { id: "b.useful", experience: "b", kind: "fact", cost: 20 },
    { id: "b.none", experience: "b", kind: "fact", cost: 5 },
  ],
  units: [{ id: "r", family: "fact", weight: 1 }],
  coverage: [
    { candidate: "a.useful", unit: "r", value: 1 },
    { candidate: "b.useful", unit: "r", value: 1 },
  ],
}));

Deno.test("optimalStores() lists each tied minimal optimum, not its padded copies", () => {
  const stores = optimalStores(cp, solveBnb(cp, 30));
  assert.deepEqual(stores, [["a.useful"], ["b.useful"]]);
  assert.deepEqual(optimalStores(cp, solveBnb(cp, 10)), [[]]); // OPT = 0: the empty store
});

Deno.test("optimalStores() contains the certificate's own store", () => {
  const c = solveBnb(cp, 30);
  assert.ok(optimalStores(cp, c).some((s) => s.join() === c.store.join()));
});

Deno.test("optimalStores() refuses a certificate that is not optimal", () => {
  const c = solveBnb(cp, 30);
  assert.throws(() => optimalStores(cp, { ...c, status: "time_limit" }), RangeError);
});
