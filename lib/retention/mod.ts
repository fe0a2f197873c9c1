/**
 * Personalized retention and storage gating (paper 003, PerMem-Bench;
 * COMPANIONS §2, decisions §6.1, §6.4, §6.6). Entry point `memaudit/retention`
 * (deno.json `exports["./retention"]`): this list is what the part offers, the paper's two
 * measures and the workflow notebook 09 runs, with the types their results carry; anything
 * under `lib/retention/` it does not name is internal and may change (the readers of the
 * benchmark's files, the judges and the simulated run on disk are what `memaudit retention`
 * runs). Each file's module doc says what it holds.
 *
 * @example The artifact's profile domains
 * ```ts
 * import assert from "node:assert/strict";
 * import { DOMAINS } from "./mod.ts";
 * assert.equal(DOMAINS.length, 20);
 * ```
 *
 * @module
 */
export {
  type Aggregate,
  type FactRetention,
  type ReferenceFact,
  type ReferenceType,
  type RetentionOptions,
  type RetentionReport,
  type RetentionValues,
  type Reweight,
  type UserRetention,
} from "./retention_rate.ts";
export type { GtMemory, SessionFile } from "./formats.ts";
export type { GatingDecision, GatingMetrics } from "./gating.ts";
export {
  type Cohort,
  type CohortOptions,
  cohortToJson,
  type CohortUser,
  DOMAINS,
  type Frequency,
  generateCohort,
  type ProfileDomain,
} from "./cohort.ts";
export {
  type BankSnapshot,
  type MemoryEntry,
  type SessionWrites,
  simulateWrites,
} from "./replay.ts";
export type { PresenceJudge } from "./judges.ts";
export {
  defaultPolicies,
  evaluatePolicies,
  type GatingPolicy,
  type PolicyRow,
  type PolicyUser,
  structureClusterPolicy,
} from "./policies.ts";
export {
  certifyOptima,
  type OptimumOptions,
  type PolicyRatioRow,
  ratiosToOptimum,
  type RetentionOptimum,
  type StreamEntry,
} from "./optimum.ts";
