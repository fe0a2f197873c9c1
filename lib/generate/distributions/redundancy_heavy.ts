/**
 * `redundancy_heavy`: one core unit repeated in every experience (ARTIFACT-SPEC §3.7).
 *
 * @module
 */
import { type CandidateRow, type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** count = clamp(n + u, 4, 6) with n = 3, u = 2. */
const COUNT = 5;

const REDUNDANT_ROWS: readonly CandidateRow[] = [
  { variant: "core_fact", rep: "atomic_fact", cost: 2, cover: { core: 0.85 } },
  { variant: "tail_fact", rep: "atomic_fact", cost: 2, cover: { T: 1.0 } },
  { variant: "core_tail_summary", rep: "summary", cost: 3, cover: { core: 0.6, T: 0.8, Lo: 0.25 } },
  { variant: "raw_redundant", rep: "raw_span", cost: 4, cover: { core: 1.0, T: 1.0, Lo: 0.4 } },
];

/** 5 experiences, 20 candidates, total cost 55; one draw per item (salt 41). */
export const REDUNDANCY_HEAVY: DistributionSpec = {
  name: "redundancy_heavy",
  summary: "a redundant core fact in every experience (ARTIFACT-SPEC §3.7)",
  seeding: { salt: 41 },
  ids: PREFIXED_IDS,
  units: { core: { id: "core", family: "fact" } },
  blocks: [
    { steps: [{ weights: [["core", 2.4]] }] },
    {
      repeat: COUNT,
      steps: [{
        draws: { t: { randrange: 3 } },
        units: {
          T: { id: "tail:{i}", family: "fact" },
          Lo: { id: "local:{half}", family: "other" },
        },
        weights: [["T", { base: 1.0, step: 0.15, draw: "t" }], ["Lo", 0.3]],
        experiences: [{
          id: "redundant_{i}",
          order: { offset: 0, stride: 1 },
          candidates: REDUNDANT_ROWS,
        }],
      }],
    },
  ],
};
