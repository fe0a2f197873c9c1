/** Shared test fixtures: a small package exercising every optional field. @module */
import type { PackageInput } from "../../lib/package/schema.ts";

/** The vegetarian -> pescatarian package (DESIGN notebook 01), with every optional field set once. */
export function smallPackage(): PackageInput {
  return {
    schema_version: 1,
    id: "diet_update",
    description: "Vegetarian, then pescatarian",
    experiences: [
      { id: "e1", order: 0, text: "I am vegetarian.", session: "s1", timestamp: "2024-01-01" },
      { id: "e2", order: 1, text: 'Line one,\nline "two"', session: "" },
    ],
    candidates: [
      {
        id: "e1.raw",
        experience: "e1",
        kind: "raw",
        representation: "raw_span",
        cost: 4,
        text: "I am vegetarian.",
      },
      { id: "e1.fact", experience: "e1", kind: "fact", cost: 2, confidence: 0.9, source: "gen" },
      { id: "e2.raw", experience: "e2", kind: "raw", cost: 6, text: "" },
      {
        id: "e2.update",
        experience: "e2",
        kind: "update",
        representation: "compound_update",
        cost: 3.5,
      },
      {
        id: "e2.tomb",
        experience: "e2",
        kind: "tombstone",
        cost: 1,
        estimated_value: 0.25,
        salience: 0.5,
      },
    ],
    units: [
      { id: "diet:veg", family: "fact", validity: "superseded", text: "vegetarian" },
      {
        id: "diet:pesc",
        family: "current_state",
        validity: "current",
        h: [{ width: 1, slope: 1 }],
      },
      { id: "diet:inv", family: "invalidation", validity: "invalidates_prior" },
    ],
    queries: [
      {
        id: "q1",
        importance: 2,
        required_units: ["diet:pesc", "diet:inv"],
        text: "What do I eat?",
        answer: "fish",
      },
      { id: "q2", required_units: ["diet:veg"], category: "history" },
    ],
    weight_source: "queries",
    coverage: [
      { candidate: "e1.raw", unit: "diet:veg", value: 1 },
      { candidate: "e1.fact", unit: "diet:veg", value: 0.8, provenance: "source" },
      { candidate: "e2.raw", unit: "diet:pesc", value: 1 },
      { candidate: "e2.raw", unit: "diet:inv", value: 0.5 },
      { candidate: "e2.update", unit: "diet:pesc", value: 1 },
      { candidate: "e2.update", unit: "diet:inv", value: 1 },
      { candidate: "e2.tomb", unit: "diet:inv", value: 1e-7 },
    ],
    budgets: [3, 7.5, 20],
    group_cap: 1,
    h: [{ width: 0.5, slope: 2 }, { width: 0.5, slope: 0 }],
    meta: { origin: "test", nested: { n: [1, 2] } },
  };
}
