/**
 * `scope_shift`: scoped preferences against a generic one (ARTIFACT-SPEC §3.5).
 *
 * @module
 */
import { type DistributionSpec, PREFIXED_IDS, type UnitDef } from "../distribution_spec.ts";

/** count = clamp(n + 1, 3, 5) = 4 of the scopes home, work, travel, medical, finance. */
const SCOPES = ["home", "work", "travel", "medical"] as const;

/** The review's coverage: 0.42 on every scoped preference, then 0.35 on every scope context. */
const REVIEW_UNITS: Record<string, UnitDef> = Object.fromEntries([
  ...SCOPES.map((x) => [`P_${x}`, { id: `pref:${x}`, family: "preference" }]),
  ...SCOPES.map((x) => [`X_${x}`, { id: `context:${x}`, family: "other" }]),
]);
const REVIEW_COVER: Record<string, number> = Object.fromEntries([
  ...SCOPES.map((x) => [`P_${x}`, 0.42]),
  ...SCOPES.map((x) => [`X_${x}`, 0.35]),
]);

/** 4 scopes and a cross-scope review: 5 experiences, 17 candidates, total cost 52 (salt 23). */
export const SCOPE_SHIFT: DistributionSpec = {
  name: "scope_shift",
  summary: "scoped preferences versus a generic summary (ARTIFACT-SPEC §3.5)",
  seeding: { salt: 23 },
  ids: PREFIXED_IDS,
  units: { G: { id: "pref:generic", family: "preference" } },
  blocks: [
    {
      labels: SCOPES,
      steps: [{
        draws: { p: { randrange: 3 } },
        units: {
          P: { id: "pref:{x}", family: "preference" },
          X: { id: "context:{x}", family: "other" },
        },
        weights: [["P", { base: 1.6, step: 0.2, draw: "p" }], ["X", 0.55], ["G", 0.35]],
        current: ["P"],
        experiences: [{
          id: "scope_{x}",
          order: { offset: 0, stride: 1 },
          candidates: [
            { variant: "scoped_fact", rep: "atomic_fact", cost: 2, cover: { P: 1.0 } },
            {
              variant: "generic_summary",
              rep: "summary",
              cost: 2,
              cover: { G: 0.8, P: 0.35 },
              confidence: 0.7,
            },
            { variant: "scoped_summary", rep: "summary", cost: 3, cover: { P: 0.75, X: 0.8 } },
            { variant: "raw_scope", rep: "raw_span", cost: 5, cover: { P: 1.0, X: 1.0, G: 0.2 } },
          ],
        }],
      }],
    },
    {
      steps: [{
        units: REVIEW_UNITS,
        experiences: [{
          id: "cross_scope_review",
          order: SCOPES.length,
          candidates: [{ variant: "broad_review", rep: "summary", cost: 4, cover: REVIEW_COVER }],
        }],
      }],
    },
  ],
};
