/**
 * `update_chain`: a chain of corrections (ARTIFACT-SPEC §3.2).
 *
 * @module
 */
import {
  type CandidateRow,
  type DistributionSpec,
  PREFIXED_IDS,
  type Step,
} from "../distribution_spec.ts";

/** Chain length L = clamp(u + 1, 2, 4) with u = 2. */
const L = 3;

const UPDATE_ROWS: readonly CandidateRow[] = [
  { variant: "raw_correction", rep: "raw_span", cost: 5, cover: { Cu: 1.0, I: 0.35, P: 0.15 } },
  { variant: "current_only", rep: "atomic_fact", cost: 2, cover: { Cu: 1.0 } },
  { variant: "invalidate_only", rep: "tombstone", cost: 1, cover: { I: 1.0 } },
  { variant: "compound", rep: "compound_update", cost: 3, cover: { Cu: 0.95, I: 1.0 } },
  { variant: "summary_update", rep: "summary", cost: 3, cover: { Cu: 0.65, I: 0.65 } },
];

/** Step k: re-set version:(k−1) to 0.1, set version:k and invalidates:version:(k−1). */
function updateStep(last: boolean): Step {
  return {
    units: {
      P: { id: "version:{prev}", family: "fact" },
      Cu: { id: "version:{i}", family: last ? "current_state" : "fact" },
      I: { id: "invalidates:version:{prev}", family: "invalidation" },
    },
    weights: [["P", 0.1], ["Cu", last ? 2.3 : 0.25], ["I", 1.85]],
    current: last ? ["Cu"] : [],
    invalidation: ["I"],
    stale: ["P"],
    experiences: [{ id: "update_{i}", order: { offset: 0, stride: 1 }, candidates: UPDATE_ROWS }],
  };
}

/** version_0, then updates 1..L (no RNG): 4 experiences, 18 candidates, total cost 51. */
export const UPDATE_CHAIN: DistributionSpec = {
  name: "update_chain",
  summary: "a chain of 3 corrections of one fact (ARTIFACT-SPEC §3.2)",
  seeding: "none",
  ids: PREFIXED_IDS,
  blocks: [
    {
      steps: [{
        units: { V: { id: "version:{i}", family: "fact" } },
        weights: [["V", 0.1]],
        experiences: [{
          id: "version_{i}",
          order: 0,
          candidates: [
            { variant: "raw_old", rep: "raw_span", cost: 4, cover: { V: 1.0 } },
            { variant: "fact_old", rep: "atomic_fact", cost: 2, cover: { V: 1.0 } },
            { variant: "summary_old", rep: "summary", cost: 3, cover: { V: 0.7 } },
          ],
        }],
      }],
    },
    { first: 1, repeat: L - 1, steps: [updateStep(false)] },
    { first: L, repeat: 1, steps: [updateStep(true)] },
  ],
};
