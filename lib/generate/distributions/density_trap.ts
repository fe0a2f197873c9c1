/**
 * `density_trap`: a cheap shared lure against specific facts (ARTIFACT-SPEC §3.4).
 *
 * @module
 */
import { type CandidateRow, type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** size = clamp(n + u, 4, 6) items with n = 3, u = 2. */
const SIZE = 5;

const MEMORY_ROWS: readonly CandidateRow[] = [
  {
    variant: "cheap_lure",
    rep: "atomic_fact",
    cost: 1,
    cover: { L: 0.55, S: 0.05 },
    confidence: 0.82,
  },
  { variant: "specific_fact", rep: "atomic_fact", cost: 2, cover: { S: 1.0 } },
  { variant: "context_summary", rep: "summary", cost: 3, cover: { S: 0.7, L: 0.25, X: 0.35 } },
  { variant: "raw_detail", rep: "raw_span", cost: 4, cover: { S: 1.0, X: 0.6, L: 0.15 } },
];

/** 5 experiences, 20 candidates, total cost 50; one draw per item (salt 11). */
export const DENSITY_TRAP: DistributionSpec = {
  name: "density_trap",
  summary: "cheap lure facts trap density-greedy writers (ARTIFACT-SPEC §3.4)",
  seeding: { salt: 11 },
  ids: PREFIXED_IDS,
  units: { L: { id: "shared_lure", family: "fact" } },
  blocks: [
    { steps: [{ weights: [["L", 2.2]] }] },
    {
      repeat: SIZE,
      steps: [{
        draws: { s: { randrange: 3 } },
        units: {
          S: { id: "specific:{i}", family: "fact" },
          X: { id: "context:{half}", family: "other" },
        },
        weights: [["S", { base: 1.45, step: 0.15, draw: "s" }], ["X", 0.3]],
        experiences: [{
          id: "memory_{i}",
          order: { offset: 0, stride: 1 },
          candidates: MEMORY_ROWS,
        }],
      }],
    },
  ],
};
