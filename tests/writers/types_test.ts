/** lib/writers/types.ts: the writer result shape and the shared tolerance TOL. */
import assert from "node:assert/strict";
import { TOL } from "../../lib/writers/types.ts";
import type { Writer, WriterResult } from "../../lib/writers/types.ts";
import { TOL as objectiveTol } from "../../lib/objective.ts";
import { greedy } from "../../lib/writers/greedy.ts";
import { oneGroup } from "./_fixtures.ts";

Deno.test("TOL is the objective's tolerance, 1e-12", () => {
  assert.equal(TOL, objectiveTol);
  assert.equal(TOL, 1e-12);
});

Deno.test("a WriterResult has no status, bound or gap: a heuristic store is never a certificate", () => {
  const w: Writer = (cp, b) => greedy(cp, b);
  const r: WriterResult = w(oneGroup(), 5);
  assert.deepEqual(Object.keys(r).sort(), [
    "budget",
    "cost",
    "label",
    "store",
    "trace",
    "value",
    "writer",
  ]);
  for (const key of ["status", "bound", "gap", "certified"]) assert.ok(!(key in r), key);
  // density = gain / max(cost, 1e-12); value is F after the step.
  assert.deepEqual(r.trace, [{ candidate: "b", gain: 1, cost: 1, density: 1, value: 1 }]);
});
