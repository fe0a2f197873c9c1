/**
 * TrajectoryScale-conditioned reliability (paper 002; COMPANIONS §1, §4): the
 * trajectory format, its readers and adapters, the scorer (Pass@B, P90R,
 * p_exh / p_wrong, s*_alpha) and the paper's reported tables. Re-exports only.
 *
 * @module
 */
// scale-A: trajectory format and scorer.
export {
  joinJudgeLog,
  jsonlLines,
  JUDGE_KINDS,
  JudgeLogLineSchema,
  type JudgeVerdict,
  memoryCallCount,
  parseJsonLine,
  readJudgeLog,
  readTrajectories,
  type ReadTrajectoriesOptions,
  requireCorrectness,
  ReturnedItemSchema,
  type ScoreRecord,
  type ShortTrajectory,
  ShortTrajectoryScaleSchema,
  ShortTrajectorySchema,
  STEP_KINDS,
  toScoreRecord,
  type Trajectory,
  TRAJECTORY_SCHEMA,
  TrajectoryInputError,
  trajectoryJsonSchema,
  TrajectoryLineSchema,
  type TrajectoryScale,
  TrajectoryScaleSchema,
  TrajectorySchema,
  type TrajectoryStep,
  TrajectoryStepSchema,
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
