/**
 * Personalized retention and storage gating (paper 003, PerMem-Bench;
 * COMPANIONS §2, decisions §6.1, §6.4, §6.6). Entry point `memaudit/retention`
 * (deno.json `exports["./retention"]`): this list is what the part offers, single steps
 * included; anything under `lib/retention/` it does not name is internal and may change.
 * One concern per file:
 *
 * - `checkpoints.ts`, `retention_rate.ts`: Memory Retention Rate, exact and
 *   from K = 20 checkpoints (artifact or exact reweighting), pooled per user
 *   (default), per-fact macro, benchmark mean; static and endOnUpdate variants;
 * - `formats.ts`, `read.ts`: zod schemas and readers of the benchmark's files
 *   and of the facts / presence CSVs, with typed errors;
 * - `gating.ts`: pooled gating metrics with the benchmark's null conventions;
 * - `cohort.ts`: the seeded cohort simulator (SIMULATED);
 * - `replay.ts`: FIFO entry / token budget replay, the simulated memory
 *   system, adapters to per-session writes;
 * - `judges.ts`: provenance (exact), lexical (approximation), table and
 *   adjudicator-backed presence;
 * - `policies.ts`: universal, oracle, offline gate analogues, loaded
 *   predictions; retention per policy and budget;
 * - `optimum.ts`: the certified retention optimum (MILP through HiGHS);
 * - `simulate.ts`: a whole simulated run written to disk.
 *
 * @example The checkpoints of the artifact
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_CHECKPOINTS } from "./mod.ts";
 * assert.equal(DEFAULT_CHECKPOINTS, 20);
 * ```
 *
 * @module
 */
export {
  artifactReplicas,
  checkpointIndices,
  checkpointSessions,
  DEFAULT_CHECKPOINTS,
} from "./checkpoints.ts";
export {
  type Aggregate,
  aggregateUser,
  type BenchmarkRetention,
  endOnUpdate,
  type FactRetention,
  factRetention,
  type FactTrack,
  lifespanOf,
  type ReferenceFact,
  type ReferenceType,
  reportFromFacts,
  type RetentionOptions,
  retentionRate,
  type RetentionReport,
  type RetentionValues,
  type Reweight,
  staticTracks,
  trackFromJudge,
  trackFromSessions,
  type UserRetention,
} from "./retention_rate.ts";
export {
  FACTS_CSV_COLUMNS,
  formatJsonSchemas,
  type GatingOutput,
  GatingOutputSchema,
  type GatingRecord,
  type GtMemory,
  GtMemorySchema,
  type PerFact,
  PerFactFileSchema,
  PerFactSchema,
  PREDICTIONS_CSV_COLUMNS,
  PRESENCE_CSV_COLUMNS,
  type Schema,
  type SessionFile,
  SessionFileSchema,
  type Snapshot,
  type SnapshotMemory,
  SnapshotMemorySchema,
  SnapshotSchema,
} from "./formats.ts";
export {
  type Checkpoint,
  factId,
  parseFactsCsv,
  parsePresenceCsv,
  readFactsAndPresence,
  readGatingFolder,
  readPerFactFolder,
  readSessionFolder,
  readSnapshotFolder,
  referenceFacts,
  validateJson,
} from "./read.ts";
export * from "./per_fact.ts";
export {
  decisionsFromGatingOutputs,
  type GatingDecision,
  type GatingMetrics,
  gatingMetrics,
  parsePredictionsCsv,
  readPredictionsCsv,
  roundGatingMetrics,
} from "./gating.ts";
export {
  type Cohort,
  type CohortOptions,
  cohortToJson,
  type CohortUser,
  DOMAINS,
  embeddedFactId,
  type Frequency,
  generateCohort,
  ONE_OFF_INTERVAL_WEEKS,
  type Profile,
  type ProfileDomain,
  PROJECT_SIZES,
  SKELETON_WEIGHTS,
  timelineOf,
  writeCohort,
} from "./cohort.ts";
export {
  type BankSnapshot,
  countTokens,
  type EntryInput,
  type MemoryEntry,
  memoryText,
  replayBank,
  type ReplayOptions,
  type SessionWrites,
  simulateWrites,
  type SimulatorOptions,
  toSnapshotFile,
  writesFromEntryLists,
  writesFromSnapshots,
} from "./replay.ts";
export {
  type AdjudicatedOptions,
  adjudicatedTracks,
  bankFromSnapshotFile,
  judgeTracks,
  lexicalJudge,
  type LexicalJudgeOptions,
  type PresenceAdjudicator,
  type PresenceJudge,
  provenanceJudge,
  tableJudge,
} from "./judges.ts";
export {
  clusterKey,
  defaultPolicies,
  evaluatePolicies,
  type EvaluatePoliciesOptions,
  type GatingPolicy,
  oraclePolicy,
  type PolicyRow,
  type PolicyUser,
  predictionsPolicy,
  type RecentContextOptions,
  recentContextPolicy,
  type SessionLocalOptions,
  sessionLocalPolicy,
  type StructureClusterOptions,
  structureClusterPolicy,
  universalPolicy,
} from "./policies.ts";
export {
  bruteRetentionOptimum,
  buildRetentionLp,
  certifyOptima,
  type OptimumOptions,
  type OptimumUser,
  type PolicyRatioRow,
  ratiosToOptimum,
  requireRetentionOptimum,
  type RetentionBudget,
  type RetentionLp,
  type RetentionOptimum,
  retentionOptimum,
  type RetentionRatio,
  retentionRatio,
  retentionStreamDigest,
  type RetentionUse,
  type StreamEntry,
} from "./optimum.ts";
export { type SimulatedRunFiles, type SimulatedRunOptions, writeSimulatedRun } from "./simulate.ts";
