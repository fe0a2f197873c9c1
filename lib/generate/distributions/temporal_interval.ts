/**
 * `temporal_interval`: intervals and their closures (ARTIFACT-SPEC §3.3).
 *
 * @module
 */
import { type CandidateRow, type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** N = clamp(n + u, 3, 5) intervals and K = clamp(u, 1, 3) closures, n = 3, u = 2. */
const N = 5, K = 2;

const INTERVAL_ROWS: readonly CandidateRow[] = [
  { variant: "label_fact", rep: "atomic_fact", cost: 2, cover: { La: 1.0 } },
  { variant: "endpoint_fact", rep: "interval_fact", cost: 3, cover: { St: 1.0, En: 1.0, Du: 0.7 } },
  { variant: "coarse_summary", rep: "summary", cost: 2, cover: { La: 0.85, St: 0.35, En: 0.35 } },
  {
    variant: "raw_interval",
    rep: "raw_span",
    cost: 5,
    cover: { La: 1.0, St: 1.0, En: 1.0, Du: 1.0 },
  },
];

const CLOSURE_ROWS: readonly CandidateRow[] = [
  { variant: "raw_closure", rep: "raw_span", cost: 5, cover: { Cl: 1.0, I: 0.45, O: 0.15 } },
  { variant: "closed_fact", rep: "atomic_fact", cost: 2, cover: { Cl: 1.0 } },
  { variant: "invalidate_open", rep: "tombstone", cost: 1, cover: { I: 1.0 } },
  { variant: "compound_closure", rep: "compound_update", cost: 3, cover: { Cl: 1.0, I: 1.0 } },
  { variant: "closure_summary", rep: "summary", cost: 3, cover: { Cl: 0.7, I: 0.7 } },
];

/** N interval experiences then K closures (no RNG): 7 experiences, 30 candidates, total cost 88. */
export const TEMPORAL_INTERVAL: DistributionSpec = {
  name: "temporal_interval",
  summary: "5 intervals and 2 closures of open intervals (ARTIFACT-SPEC §3.3)",
  seeding: "none",
  ids: PREFIXED_IDS,
  blocks: [
    {
      repeat: N,
      steps: [{
        units: {
          La: { id: "{prefix}:interval:{i}:label", family: "temporal" },
          St: { id: "{prefix}:interval:{i}:start", family: "temporal" },
          En: { id: "{prefix}:interval:{i}:end", family: "temporal" },
          Du: { id: "{prefix}:interval:{i}:duration", family: "temporal" },
        },
        weights: [["La", 0.9], ["St", 0.75], ["En", 0.85], ["Du", 0.55]],
        current: ["La", "St", "En"],
        experiences: [{
          id: "interval_{i}",
          order: { offset: 0, stride: 1 },
          candidates: INTERVAL_ROWS,
        }],
      }],
    },
    {
      repeat: K,
      steps: [{
        units: {
          O: { id: "open_interval:{i}:old", family: "temporal" },
          Cl: { id: "closed_interval:{i}:new_end", family: "temporal" },
          I: { id: "invalid_open_interval:{i}", family: "invalidation" },
        },
        weights: [["O", 0.1], ["Cl", 1.4], ["I", 1.6]],
        current: ["Cl"],
        invalidation: ["I"],
        stale: ["O"],
        experiences: [{
          id: "closure_{i}",
          order: { offset: N, stride: 1 },
          candidates: CLOSURE_ROWS,
        }],
      }],
    },
  ],
};
