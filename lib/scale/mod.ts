/**
 * Scale-conditioned reliability (paper 002; COMPANIONS §1, §4): the
 * trajectory format, its readers and adapters, the scorer (Pass@B, P90R,
 * p_exh / p_wrong, s*_alpha), ladders built from LoCoMo and LongMemEval, BM25, the
 * SIMULATED readers and trajectories (offline stand-ins, labelled as such), the write-time
 * view (the paper's reported tables: `memaudit/paper`). Re-exports only.
 *
 * Entry point `memaudit/scale` (deno.json `exports["./scale"]`): this list is what the part
 * offers, the workflows notebook 08 and `memaudit scale` run and the types their results carry;
 * single steps (each log adapter, BM25, ladder files, the simulated reader) stay in their files
 * and anything under `lib/scale/` it does not name is internal and may change.
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
// scale-A: trajectory format and scorer. The zod schemas stay internal (their type is zod's):
// read logs with readTrajectoryInput and judge logs with readJudgeLog, or validate against
// data/schema/trajectory.schema.json.
export {
  joinJudgeLog,
  JUDGE_KINDS,
  type JudgeKind,
  type JudgeVerdict,
  readJudgeLog,
  type ReadTrajectoriesOptions,
  requireCorrectness,
  type ReturnedItem,
  type ScoreRecord,
  STEP_KINDS,
  type StepKind,
  toScoreRecord,
  type Trajectory,
  TRAJECTORY_SCHEMA,
  type TrajectoryJudge,
  type TrajectoryScale,
  type TrajectoryStep,
} from "./trajectory.ts";
export {
  type BudgetPoint,
  type Interval,
  type ScaleBoundaryScore,
  type ScaleGroupScore,
  type ScaleScore,
  scoreScale,
  type ScoreScaleOptions,
} from "./score.ts";
// Agent logs in any supported format (lib/scale/adapters/: one adapter per format).
export {
  type AdapterOptions,
  type AdapterResult,
  readTrajectoryInput,
  type SkippedRecord,
  TRAJECTORY_FORMATS,
  type TrajectoryFormat,
  type TrajectoryInput,
} from "./adapters/mod.ts";
// LongMemEval evaluate_qa outputs scored per scale (accuracy, transitions, s* on accuracy), and
// the shared runs notebook 08 reads.
export {
  type QaScaleRun,
  type QaScaleScore,
  type QaScalesOptions,
  type QaScalesScore,
  type QaTransition,
  scoreQaScales,
} from "./qa_scales.ts";
export { loadSharedLongMemEvalRuns, type SharedLongMemEvalRun } from "./longmemeval_runs.ts";
// scale-B: ladders and their sources, recall on rungs, simulators, the write-time view.
export {
  buildLadder,
  type Ladder,
  ladderManifest,
  type LadderRung,
  type LadderScale,
  ladderSummary,
  type ManifestRow,
  type QueryLadder,
  TOKEN_PROXY_METHOD,
  type TokenProxy,
} from "./ladder.ts";
export type {
  EvidenceNeed,
  LadderIssue,
  LadderQuery,
  LadderSession,
  LadderSource,
} from "./sources/types.ts";
export { locomoLadderSource } from "./sources/locomo.ts";
export {
  loadLongMemEval,
  type LongMemEvalInstance,
  longMemEvalLadderSource,
  type LongMemEvalTurn,
} from "./sources/longmemeval.ts";
export type { Granularity } from "../base/bm25.ts";
export {
  type RecallBoundary,
  type RecallLevel,
  type RecallQuestionRow,
  type RecallReport,
  type RecallRung,
  type RecallScale,
  type RecallTransition,
} from "./recall.ts";
export { readerRetrievalJoin, sharedLongMemEvalRecall } from "./recall_shared.ts";
export {
  simulateLadder,
  type SimulateOptions,
  SIMULATOR_KINDS,
  SIMULATOR_PRESETS,
  type SimulatorKind,
  type SimulatorSpec,
} from "./simulate.ts";
export {
  sideBySide,
  type SideBySideRow,
  type WriteTimeBoundary,
  type WriteTimeCell,
  type WriteTimeRow,
  type WriteTimeView,
  writeTimeView,
} from "./write_time.ts";
