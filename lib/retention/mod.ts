/**
 * Personalized retention and storage gating (paper 003, PerMem-Bench;
 * COMPANIONS §2): Memory Retention Rate exact and from K checkpoints.
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
  type Reweight,
  trackFromJudge,
  trackFromSessions,
  type UserRetention,
} from "./retention_rate.ts";
export {
  FACTS_CSV_COLUMNS,
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
  bankFromSnapshotFile,
  judgeTracks,
  lexicalJudge,
  type LexicalJudgeOptions,
  type PresenceJudge,
  provenanceJudge,
  tableJudge,
} from "./judges.ts";
