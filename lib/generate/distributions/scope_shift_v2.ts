/**
 * `scope_shift_v2`: a scoped correction of a historical preference
 * (ARTIFACT-SPEC §3.8b).
 *
 * @module
 */
import { type DistributionSpec, type ExperienceDef, PREFIXED_IDS } from "../distribution_spec.ts";

/** Extra context experiences: max(0, clamp(n + u, 3, 5) − 4) with n = 3, u = 2. */
const EXTRA_CONTEXT = 1;

/** The five experiences of the preference and its corrections, in time order. */
const EXPERIENCES: readonly ExperienceDef[] = [
  {
    id: "general_preference",
    order: 0,
    candidates: [
      { variant: "broad_fact", rep: "atomic_fact", cost: 1, cover: { Ge: 1.0 } },
      {
        variant: "scoped_general_summary",
        rep: "summary",
        cost: 3,
        cover: { Ge: 1.0, ScT: 0.35, ScC: 0.35 },
      },
    ],
  },
  {
    id: "travel_only_preference",
    order: 1,
    candidates: [
      {
        variant: "travel_hint",
        rep: "atomic_fact",
        cost: 1,
        cover: { Tr: 0.88 },
        confidence: 0.76,
      },
      { variant: "travel_scoped_fact", rep: "summary", cost: 2, cover: { Tr: 1.0, ScT: 1.0 } },
    ],
  },
  {
    id: "conference_exception",
    order: 2,
    candidates: [
      {
        variant: "conference_hint",
        rep: "atomic_fact",
        cost: 1,
        cover: { Cf: 0.85 },
        confidence: 0.72,
      },
      {
        variant: "conference_scoped_exception",
        rep: "summary",
        cost: 3,
        cover: { Cf: 1.0, ScC: 1.0 },
      },
    ],
  },
  {
    id: "historical_preference",
    order: 3,
    candidates: [
      {
        variant: "historical_broad_summary",
        rep: "summary",
        cost: 1,
        cover: { Ge: 0.55, St: 0.5, ScH: 0.25 },
        confidence: 0.68,
      },
      { variant: "historical_raw", rep: "raw_span", cost: 3, cover: { St: 1.0, ScH: 1.0 } },
    ],
  },
  {
    id: "current_scoped_correction",
    order: 4,
    candidates: [
      { variant: "current_fact_only", rep: "atomic_fact", cost: 2, cover: { Cu: 1.0 } },
      { variant: "invalidate_historical", rep: "tombstone", cost: 1, cover: { In: 1.0 } },
      {
        variant: "compound_scoped_update",
        rep: "compound_update",
        cost: 3,
        cover: { Cu: 1.0, In: 1.0, ScC: 1.0 },
      },
      {
        variant: "ambiguous_current_summary",
        rep: "summary",
        cost: 3,
        cover: { Cu: 0.72, ScC: 0.7 },
      },
    ],
  },
];

/** 6 experiences, 13 candidates, total cost 26; one draw picks the subject (salt 211). */
export const SCOPE_SHIFT_V2: DistributionSpec = {
  name: "scope_shift_v2",
  summary: "a conference-scoped correction of a historical preference (ARTIFACT-SPEC §3.8b)",
  seeding: { salt: 211 },
  ids: PREFIXED_IDS,
  units: {
    Ge: { id: "{subject}:general", family: "preference" },
    Tr: { id: "{subject}:travel_only", family: "preference" },
    Cf: { id: "{subject}:conference_exception", family: "preference" },
    St: { id: "stale:{subject}:historical", family: "preference" },
    Cu: { id: "current:{subject}:conference_correction", family: "current_state" },
    In: { id: "invalid:{subject}:historical_after_correction", family: "invalidation" },
    ScT: { id: "scope:travel", family: "other" },
    ScC: { id: "scope:conference", family: "other" },
    ScH: { id: "scope:historical", family: "other" },
  },
  blocks: [
    {
      steps: [{
        draws: { subject: { pick: ["lodging", "meals", "seating", "transport"] } },
        weights: [
          ["Ge", 1.10],
          ["Tr", 1.20],
          ["Cf", 1.50],
          ["St", 0.20],
          ["Cu", 2.00],
          ["In", 3.00],
          ["ScT", 0.60],
          ["ScC", 0.80],
          ["ScH", 0.30],
        ],
        current: ["Tr", "Cf", "Cu"],
        invalidation: ["In"],
        stale: ["St"],
        experiences: EXPERIENCES,
      }],
    },
    {
      repeat: EXTRA_CONTEXT,
      steps: [{
        units: { Ctx: { id: "context:routine_{i}", family: "other" } },
        weights: [["Ctx", 0.25]],
        experiences: [{
          id: "routine_context_{i}",
          order: { offset: 5, stride: 1 },
          candidates: [
            { variant: "context_note", rep: "summary", cost: 2, cover: { Ctx: 1.0, Ge: 0.2 } },
          ],
        }],
      }],
    },
  ],
};
