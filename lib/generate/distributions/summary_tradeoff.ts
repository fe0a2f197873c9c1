/**
 * `summary_tradeoff`: compressed versus balanced summaries (ARTIFACT-SPEC §3.6).
 *
 * @module
 */
import { type CandidateRow, type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** count = clamp(n + u, 3, 5) with n = 3, u = 2. */
const COUNT = 5;

const EPISODE_ROWS: readonly CandidateRow[] = [
  { variant: "primary_fact", rep: "atomic_fact", cost: 2, cover: { Pr: 1.0 } },
  { variant: "secondary_fact", rep: "atomic_fact", cost: 2, cover: { Se: 1.0 } },
  {
    variant: "compressed_summary",
    rep: "summary",
    cost: 2,
    cover: { Pr: 0.45, Se: 0.45, Cx: 0.25 },
  },
  { variant: "balanced_summary", rep: "summary", cost: 3, cover: { Pr: 0.72, Se: 0.72, Cx: 0.45 } },
  { variant: "raw_episode", rep: "raw_span", cost: 5, cover: { Pr: 1.0, Se: 1.0, Cx: 0.85 } },
];

/** 5 episodes: 25 candidates, total cost 70; two draws per episode (salt 37). */
export const SUMMARY_TRADEOFF: DistributionSpec = {
  name: "summary_tradeoff",
  summary: "two facts per episode against lossy summaries (ARTIFACT-SPEC §3.6)",
  seeding: { salt: 37 },
  ids: PREFIXED_IDS,
  blocks: [{
    repeat: COUNT,
    steps: [{
      draws: { pr: { randrange: 3 }, se: { randrange: 2 } },
      units: {
        Pr: { id: "primary:{i}", family: "fact" },
        Se: { id: "secondary:{i}", family: "fact" },
        Cx: { id: "context:{i}", family: "other" },
      },
      weights: [
        ["Pr", { base: 1.35, step: 0.15, draw: "pr" }],
        ["Se", { base: 1.0, step: 0.1, draw: "se" }],
        ["Cx", 0.35],
      ],
      experiences: [{
        id: "episode_{i}",
        order: { offset: 0, stride: 1 },
        candidates: EPISODE_ROWS,
      }],
    }],
  }],
};
