/**
 * `density_trap_v2`: cheap hints against complete cases for future queries
 * (ARTIFACT-SPEC §3.8b).
 *
 * @module
 */
import { type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** query_count = clamp(n + 1, 2, 4) and units_per_query m = clamp(u + 1, 2, 4), n = 3, u = 2. */
const QUERIES = 4, M = 3;
/** Topic list shuffled once; the topic only labels experiences. */
const TOPICS = ["meal", "hotel", "flight", "calendar", "budget", "client"];

/** Weight of the role at index r: 1.05 − 0.05 · min(r, 3), evaluated in double. */
const roleWeight = (r: number) => 1.05 - 0.05 * Math.min(r, 3);

/** 4 future queries: 16 candidates, total cost 52 (salt 101). */
export const DENSITY_TRAP_V2: DistributionSpec = {
  name: "density_trap_v2",
  summary: "cheap partial hints versus complete compound cases (ARTIFACT-SPEC §3.8b)",
  seeding: { salt: 101 },
  ids: PREFIXED_IDS,
  blocks: [
    { steps: [{ draws: { topics: { shuffle: TOPICS } } }] },
    {
      repeat: QUERIES,
      steps: [{
        units: {
          In: { id: "q{i}:intent", family: "fact" },
          Co: { id: "q{i}:constraint", family: "fact" },
          Ou: { id: "q{i}:outcome", family: "fact" },
          Br: { id: "q{i}:compound_bridge", family: "other" },
          Pv: { id: "q{i}:source_detail", family: "provenance" },
        },
        weights: [
          ["In", roleWeight(0)],
          ["Co", roleWeight(1)],
          ["Ou", roleWeight(2)],
          ["Br", 0.65],
          ["Pv", 0.45],
        ],
        current: ["In", "Co", "Ou"],
        experiences: [{
          id: "future_query_{i}",
          order: { offset: 0, stride: 1 },
          text: "future {topics[i]} query",
          candidates: [
            {
              variant: "cheap_hint",
              rep: "atomic_fact",
              cost: 1,
              cover: { In: 1.0, Co: 0.12 },
              confidence: 0.74,
            },
            {
              variant: "complete_summary",
              rep: "summary",
              cost: Math.max(3, M),
              cover: { In: 1.0, Co: 1.0, Ou: 1.0 },
            },
            {
              variant: "compound_case",
              rep: "compound_evidence",
              cost: Math.max(4, M + 1),
              cover: { In: 1.0, Co: 1.0, Ou: 1.0, Br: 1.0 },
            },
            {
              variant: "raw_complete",
              rep: "raw_span",
              cost: Math.max(5, M + 2),
              cover: { In: 1.0, Co: 1.0, Ou: 1.0, Br: 1.0, Pv: 1.0 },
            },
          ],
        }],
      }],
    },
  ],
};
