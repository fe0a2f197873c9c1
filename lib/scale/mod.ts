/**
 * Scale-conditioned reliability (paper 002; COMPANIONS §1, §4): the
 * trajectory format, its readers and adapters, the scorer (Pass@B, P90R,
 * p_exh / p_wrong, s*_alpha), ladders built from LoCoMo and LongMemEval, BM25, the
 * SIMULATED readers and trajectories (offline stand-ins, labelled as such), the write-time
 * view (the paper's reported tables: `memaudit/paper`). Re-exports only.
 *
 * Entry point `memaudit/scale` (deno.json `exports["./scale"]`): this list is what the part
 * offers, single steps included (each adapter, BM25 tokens, ladder files, the simulated
 * reader); anything under `lib/scale/` it does not name is internal and may change.
 *
 * @example The trajectory formats read
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRAJECTORY_FORMATS } from "./mod.ts";
 * assert.ok(TRAJECTORY_FORMATS.includes("openai-chat"));
 * ```
 *
 * @module
 */
// scale-A: trajectory format and scorer. The zod schemas themselves (TrajectorySchema, ...) stay
// internal: their type is zod's, which this API does not re-export. Validate with the readers
// (readTrajectories, readJudgeLog, parseLongMemEval, parseFillerCorpus) or use the JSON Schema
// (trajectoryJsonSchema, data/schema/trajectory.schema.json).
export { forEachJsonlLine, jsonlLines } from "../base/jsonl.ts";
export {
  joinJudgeLog,
  JUDGE_KINDS,
  type JudgeKind,
  type JudgeLogLine,
  type JudgeVerdict,
  memoryCallCount,
  parseJsonLine,
  readJudgeLog,
  readTrajectories,
  type ReadTrajectoriesOptions,
  requireCorrectness,
  type ReturnedItem,
  type ScoreRecord,
  type ShortTrajectory,
  STEP_KINDS,
  type StepKind,
  toScoreRecord,
  type Trajectory,
  TRAJECTORY_SCHEMA,
  TrajectoryInputError,
  trajectoryJsonSchema,
  type TrajectoryJudge,
  type TrajectoryScale,
  type TrajectoryStep,
} from "./trajectory.ts";
export {
  compareLadderLabels,
  type LadderPoint,
  type UsableScaleBoundary,
  usableScaleBoundary,
} from "./boundary.ts";
export {
  type BudgetPoint,
  type Interval,
  p90r,
  type ScaleBoundaryScore,
  type ScaleGroupScore,
  type ScaleScore,
  scoreScale,
  type ScoreScaleOptions,
} from "./score.ts";
// The log adapters, all of lib/scale/adapters/mod.ts: readTrajectoryInput, detectFormat,
// TRAJECTORY_FORMATS, the from* adapters, the default memory tools and their types.
export * from "./adapters/mod.ts";
// LongMemEval evaluate_qa outputs scored per scale (accuracy, transitions, s* on accuracy), and
// the shared runs notebook 08 reads.
export * from "./qa_scales.ts";
export * from "./longmemeval_runs.ts";
// scale-B: ladders, sources, BM25, simulators, structural judge, write-time view.
export {
  buildLadder,
  type Ladder,
  ladderInstance,
  ladderInstances,
  ladderManifest,
  type LadderOptions,
  type LadderRung,
  type LadderScale,
  ladderSummary,
  type LadderSummaryRow,
  LOCOMO_LADDER,
  type ManifestRow,
  PAPER_LADDER,
  type QueryLadder,
  readLadder,
  sessionWords,
  TOKEN_PROXY_METHOD,
  type TokenProxy,
  writeLadder,
} from "./ladder.ts";
export type {
  EvidenceNeed,
  LadderIssue,
  LadderQuery,
  LadderSession,
  LadderSource,
  LadderTurn,
} from "./sources/types.ts";
export { locomoLadderSource, locomoSessionId, type LocomoSourceOptions } from "./sources/locomo.ts";
export {
  loadLongMemEval,
  type LongMemEvalInstance,
  longMemEvalLadderSource,
  type LongMemEvalTurn,
  parseLongMemEval,
} from "./sources/longmemeval.ts";
export {
  type FillerLine,
  loadFillerCorpus,
  parseFillerCorpus,
  withFiller,
} from "./sources/filler.ts";
export {
  type Bm25Hit,
  Bm25Okapi,
  type Bm25Options,
  bm25ScoreTexts,
  countTerms as bm25CountTerms,
  type DocCounts,
  type Granularity,
  HistoryRetriever,
  type RetrievedItem,
  type RetrieverOptions,
  tokenize as bm25Tokenize,
  tokenizeWords as bm25TokenizeWords,
} from "../base/bm25.ts";
export {
  DEFAULT_RECALL_KS,
  questionMetrics,
  type RankedQuestion,
  RECALL_METRICS,
  RECALL_TOKENS,
  type RecallBoundary,
  type RecallLevel,
  type RecallOptions,
  type RecallQuestionRow,
  type RecallReport,
  type RecallRung,
  type RecallScale,
  type RecallTransition,
  scaleRecall,
} from "./recall.ts";
export {
  evaluateRetrieval,
  evaluateRetrievalTurnToSession,
  numpySum,
  type RetrievalMetrics,
  sessionOfTurn,
} from "./retrieval_metrics.ts";
export { readRetrievalLog } from "./retrieval_log.ts";
export {
  type ReaderRetrievalJoin,
  readerRetrievalJoin,
  SHARED_LONGMEMEVAL_FILES,
  SHARED_RUNG_N_IRR,
  sharedLongMemEvalRecall,
  type SharedRecall,
  type SharedRecallOptions,
} from "./recall_shared.ts";
export {
  ABSTAIN_ANSWER,
  evidenceCovered,
  foundSessions,
  type JudgeTarget,
  type ReaderNoise,
  type ReaderVerdict,
  simulatedReader,
  trajectoryCovers,
} from "./judge.ts";
export {
  SIM_MEMORY_TOOL,
  simulateLadder,
  type SimulateOptions,
  simulateTrajectory,
  SIMULATOR_KINDS,
  SIMULATOR_PRESETS,
  type SimulatorKind,
  type SimulatorSpec,
} from "./simulate.ts";
export {
  extendedPackage,
  sideBySide,
  type SideBySideRow,
  WRITE_TIME_WRITERS,
  type WriteTimeBoundary,
  type WriteTimeCell,
  type WriteTimeOptions,
  type WriteTimeRow,
  type WriteTimeView,
  writeTimeView,
} from "./write_time.ts";
