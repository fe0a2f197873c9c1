/**
 * `abstention_hard`: questions that need an abstention, alternating with
 * answerable ones (ARTIFACT-SPEC §3.8; the paper's "hard abstention").
 *
 * @module
 */
import { type CandidateRow, type DistributionSpec, PREFIXED_IDS } from "../distribution_spec.ts";

/** count = clamp(n + u, 3, 5) with n = 3, u = 2. */
const COUNT = 5;

/** The candidates of a question that calls for abstention (even i). */
const ABSTAIN_ROWS: readonly CandidateRow[] = [
  {
    variant: "overconfident_fact",
    rep: "atomic_fact",
    cost: 2,
    cover: { Un: 1.0 },
    confidence: 0.42,
  },
  { variant: "abstain_marker", rep: "abstention", cost: 1, cover: { Ab: 1.0 } },
  { variant: "conflict_marker", rep: "uncertainty", cost: 2, cover: { Ab: 0.8, Cf: 1.0 } },
  { variant: "raw_conflict", rep: "raw_span", cost: 4, cover: { Ab: 0.9, Cf: 1.0, Un: 0.1 } },
  { variant: "ambiguous_summary", rep: "summary", cost: 3, cover: { Ab: 0.65, Cf: 0.7 } },
];

/** The candidates of an answerable question (odd i). */
const ANSWER_ROWS: readonly CandidateRow[] = [
  { variant: "answer_fact", rep: "atomic_fact", cost: 2, cover: { An: 1.0 } },
  { variant: "unneeded_abstain", rep: "abstention", cost: 1, cover: { Na: 1.0 }, confidence: 0.5 },
  { variant: "evidence_summary", rep: "summary", cost: 3, cover: { An: 0.75, Ev: 0.8 } },
  { variant: "raw_answer", rep: "raw_span", cost: 4, cover: { An: 1.0, Ev: 1.0 } },
];

/** 5 questions (even: abstain, odd: answer): 23 candidates, total cost 56 (salt 53). */
export const ABSTENTION_HARD: DistributionSpec = {
  name: "abstention_hard",
  summary: "conflicting evidence that calls for abstention (ARTIFACT-SPEC §3.8)",
  seeding: { salt: 53 },
  ids: PREFIXED_IDS,
  blocks: [{
    repeat: COUNT,
    steps: [
      {
        draws: { a: { randrange: 3 } },
        units: {
          Ab: { id: "abstain:{i}", family: "abstention" },
          Cf: { id: "conflict:{i}", family: "fact" },
          Un: { id: "unsupported_answer:{i}", family: "fact" },
        },
        weights: [["Ab", { base: 2.0, step: 0.15, draw: "a" }], ["Cf", 0.9], ["Un", 0.05]],
        current: ["Ab", "Cf"],
        stale: ["Un"],
        experiences: [{
          id: "question_{i}",
          order: { offset: 0, stride: 1 },
          candidates: ABSTAIN_ROWS,
        }],
      },
      {
        draws: { a: { randrange: 2 } },
        units: {
          An: { id: "answer:{i}", family: "fact" },
          Ev: { id: "evidence:{i}", family: "provenance" },
          Na: { id: "unneeded_abstain:{i}", family: "abstention" },
        },
        weights: [["An", { base: 1.75, step: 0.15, draw: "a" }], ["Ev", 0.55], ["Na", 0.2]],
        current: ["An"],
        experiences: [{
          id: "question_{i}",
          order: { offset: 0, stride: 1 },
          candidates: ANSWER_ROWS,
        }],
      },
    ],
  }],
};
