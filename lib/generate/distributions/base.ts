/**
 * `base`: the MemAudit-Small exact distribution (ARTIFACT-SPEC §3.1).
 *
 * @module
 */
import { BASE_IDS, type DistributionSpec } from "../distribution_spec.ts";

/**
 * Three normal facts, then two (old, update) preference pairs: 7 experiences,
 * 25 candidates, total cost 80–83. Ten draws from Random(s): per fact a
 * weight choice and the raw-span cost, per pair the current and invalidation
 * weights.
 */
export const BASE: DistributionSpec = {
  name: "base",
  summary: "MemAudit-Small: 3 facts and 2 preference updates (ARTIFACT-SPEC §3.1)",
  seeding: "direct",
  ids: BASE_IDS,
  blocks: [
    {
      repeat: 3,
      steps: [{
        draws: { w: { choice: [1.0, 1.2, 1.4] }, extra: { randint: [0, 1] } },
        units: {
          U: { id: "fact:{seed}:{i}", family: "fact" },
          K: { id: "context:{seed}:{half}", family: "other" },
        },
        weights: [["U", { draw: "w" }], ["K", 0.35]],
        experiences: [{
          id: "s{seed}_fact_{i}",
          order: { offset: 0, stride: 1 },
          candidates: [
            { rep: "raw_span", cost: { base: 5, draw: "extra" }, cover: { U: 1.0, K: 0.4 } },
            { rep: "atomic_fact", cost: 2, cover: { U: 1.0 } },
            { rep: "summary", cost: 3, cover: { U: 0.7, K: 0.5 } },
          ],
        }],
      }],
    },
    {
      repeat: 2,
      steps: [{
        draws: { c: { randint: [0, 2] }, inv: { randint: [0, 2] } },
        units: {
          S: { id: "stale:pref:{seed}:{i}:old", family: "preference" },
          C: { id: "current:pref:{seed}:{i}:new", family: "current_state" },
          I: { id: "invalid:pref:{seed}:{i}:old_after_update", family: "invalidation" },
        },
        weights: [
          ["S", 0.15],
          ["C", { base: 2.0, step: 0.25, draw: "c" }],
          ["I", { base: 2.0, step: 0.25, draw: "inv" }],
        ],
        current: ["C"],
        invalidation: ["I"],
        stale: ["S"],
        experiences: [
          {
            id: "s{seed}_pref_{i}_old",
            order: { offset: 3, stride: 2 },
            candidates: [
              { rep: "raw_span", cost: 4, cover: { S: 1.0 } },
              { rep: "atomic_fact", cost: 2, cover: { S: 1.0 } },
              { rep: "summary", cost: 3, cover: { S: 0.75 } },
            ],
          },
          {
            id: "s{seed}_pref_{i}_update",
            order: { offset: 4, stride: 2 },
            candidates: [
              { rep: "raw_span", cost: 6, cover: { C: 1.0, I: 0.45, S: 0.2 } },
              { rep: "atomic_fact", cost: 2, cover: { C: 1.0 } },
              { rep: "tombstone", cost: 1, cover: { I: 1.0 } },
              { rep: "compound_update", cost: 3, cover: { C: 1.0, I: 1.0 } },
              { rep: "summary", cost: 4, cover: { C: 0.75, I: 0.75, S: 0.1 } },
            ],
          },
        ],
      }],
    },
  ],
};
