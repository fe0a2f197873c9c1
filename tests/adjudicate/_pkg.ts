/** A tiny package for the adjudication tests. @module */
import type { Package } from "../../lib/package/schema.ts";

/** Two experiences, three candidates, two units; one source cell. */
export function tinyPackage(): Package {
  return {
    schema_version: 1,
    id: "tiny",
    experiences: [{ id: "e1", order: 0 }, { id: "e2", order: 1 }],
    candidates: [
      { id: "c1", experience: "e1", kind: "fact", cost: 4, text: "Ann adopted a cat named Tom." },
      {
        id: "c2",
        experience: "e1",
        kind: "summary",
        cost: 10,
        text: "Ann talks about her cat Tom.",
      },
      { id: "c3", experience: "e2", kind: "fact", cost: 4, text: "Bo ran a marathon." },
    ],
    units: [
      { id: "u1", family: "fact", text: "Ann: I adopted a cat named Tom.", weight: 1 },
      { id: "u2", family: "fact", text: "Bo: I ran a marathon yesterday.", weight: 0 },
    ],
    queries: [{ id: "q", importance: 1, required_units: ["u1"], text: "What is the cat's name?" }],
    weight_source: "explicit",
    coverage: [{ candidate: "c1", unit: "u1", value: 1, provenance: "source" }],
    budgets: [10],
    group_cap: 1,
  };
}
