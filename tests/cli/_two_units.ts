/**
 * A package of two units (weights 1 and 2), k = 1, for the batch-solve tests: `a` (cost 3)
 * covers u1, `b` (cost 4) u2, `c` (cost 6, e2 like b) both. OPT(3) = 1 ({a}), OPT(7) = 3
 * ({a, b} or {c}); its own budgets 3 and 7.
 */
export const TWO_UNITS = {
  schema_version: 1,
  id: "two_units",
  weight_source: "explicit",
  experiences: [{ id: "e1", order: 0 }, { id: "e2", order: 1 }],
  candidates: [
    { id: "a", experience: "e1", kind: "fact", cost: 3 },
    { id: "b", experience: "e2", kind: "fact", cost: 4 },
    { id: "c", experience: "e2", kind: "fact", cost: 6 },
  ],
  units: [{ id: "u1", family: "fact", weight: 1 }, { id: "u2", family: "fact", weight: 2 }],
  coverage: [
    { candidate: "a", unit: "u1", value: 1 },
    { candidate: "b", unit: "u2", value: 1 },
    { candidate: "c", unit: "u1", value: 1 },
    { candidate: "c", unit: "u2", value: 1 },
  ],
  budgets: [3, 7],
};
