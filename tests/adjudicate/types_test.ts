/**
 * lib/adjudicate/types.ts: the Adjudicator contract, checked on the deterministic implementations:
 * a coverage row over the request's units, values in [0, 1], provenance from the adjudicator.
 */
import assert from "node:assert/strict";
import type { AdjudicationRequest, Adjudicator } from "../../lib/adjudicate/types.ts";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";
import { ImportedAdjudicator } from "../../lib/adjudicate/imported.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";

const request: AdjudicationRequest = {
  packageId: "tiny",
  memory: { id: "c1", text: "Ann adopted a cat named Tom." },
  units: [
    { id: "u1", text: "Ann: I adopted a cat named Tom.", family: "fact" },
    { id: "u2", text: "Bo: I ran a marathon yesterday.", family: "fact" },
  ],
  question: "What is the cat's name?",
};

const labels = new Map([
  [coverageCellKey(request.memory.text, request.units[0].text), { value: 0.5 }],
]);

Deno.test("every Adjudicator answers with edges of the request's units, values in [0, 1], its own provenance", async () => {
  const all: [Adjudicator, string][] = [
    [new LexicalAdjudicator(), "lexical"],
    [new ImportedAdjudicator("ann", labels), "imported:ann"],
  ];
  for (const [adj, provenance] of all) {
    const edges = await adj.adjudicate(request);
    assert.ok(edges.length > 0, adj.name);
    for (const e of edges) {
      assert.ok(request.units.some((u) => u.id === e.unit), `${adj.name}: ${e.unit}`);
      assert.ok(e.value >= 0 && e.value <= 1, `${adj.name}: ${e.value}`);
      assert.equal(e.provenance, provenance);
    }
  }
});

Deno.test("the imported labels give u1 = 0.5 and nothing for the unlabelled u2", async () => {
  assert.deepEqual(await new ImportedAdjudicator("ann", labels).adjudicate(request), [
    { unit: "u1", value: 0.5, provenance: "imported:ann" },
  ]);
});
