/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing for LLM agents.
 *
 * A package freezes, for a slice of an agent's history, the candidate memories of each
 * experience, their storage costs, the evidence units future queries need and a sparse coverage
 * matrix. Under a storage budget B the certified optimum OPT is the denominator writers and
 * exported memory stores are scored against.
 *
 * This file is the public API: it re-exports, by name, what a user of the toolkit calls or names
 * (the entry functions of each part, the types of their inputs and results, the constants a user
 * passes), in groups: packages and I/O, objective, solvers and certificates, writers, scorers,
 * generators, random streams, natural packages, adjudicators, store adapters, sweep and shards,
 * paper reference data, report and plot, scale-conditioned reliability (paper 002) and
 * personalized retention (paper 003). Everything else under `lib/` is internal and may change
 * without notice. The two companion parts have fuller surfaces of their own: import
 * `lib/scale/mod.ts` (trajectory adapters one by one, BM25 tokens, simulated readers, ladder
 * files) or `lib/retention/mod.ts` (the benchmark's folder readers, presence judges, single
 * policies, the retention LP) for the steps this file leaves out.
 *
 * @example Certified OPT of the paper's vegetarian → pescatarian package
 * ```ts
 * import { compilePackage, readPackageJson, scoreStore, solveBnb } from "./mod.ts";
 *
 * const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
 * const cp = compilePackage(pkg);
 * const opt = solveBnb(cp, 8);
 * console.log(opt.status, opt.objective, opt.store); // optimal 3 [ "e2.compound" ]
 * console.log(scoreStore(cp, ["e2.current_fact"], opt).ratio); // 1/3 of OPT
 * ```
 *
 * @module
 */

// --- Errors --------------------------------------------------------------------------------------
export { InputError, type Where } from "./lib/errors.ts";

// --- Packages and I/O: schema, JSON, CSV folders, the authors' JSONL export, union ---------------
export { CANDIDATE_KINDS, UNIT_FAMILIES, UNIT_VALIDITY } from "./lib/package/schema.ts";
export type {
  Candidate,
  CandidateKind,
  CoverageCell,
  Experience,
  Package,
  PackageInput,
  Query,
  Segment,
  Unit,
  UnitFamily,
  UnitValidity,
} from "./lib/package/schema.ts";
export { PACKAGE_SCHEMA_VERSION } from "./lib/package/version.ts";
export { parsePackage } from "./lib/package/parse.ts";
export {
  compareIds,
  type CompiledPackage,
  compilePackage,
  unitWeights,
} from "./lib/package/compile.ts";
export { readPackageJson, writePackageJson } from "./lib/package/json_io.ts";
export { readPackageFrom } from "./lib/package/read_any.ts";
export { readPackageCsv, writePackageCsv } from "./lib/package/csv_io.ts";
export { type ArtifactReadOptions, readArtifactPackage } from "./lib/package/artifact_jsonl.ts";
export { packageJsonSchema } from "./lib/package/json_schema.ts";
export { type ExternalMemory, unionPackage } from "./lib/package/union.ts";

// --- Objective: F, feasibility, coverage state (DESIGN §2) ---------------------------------------
export {
  BUDGET_RTOL,
  checkFeasible,
  CoverageState,
  evaluateStore,
  type Feasibility,
  valueOf,
  valueTol,
  withinBudget,
} from "./lib/objective.ts";

// --- Solvers and certificates (only these make an OPT) -------------------------------------------
export {
  type Certificate,
  isCertified,
  type ProofMethod,
  type SolveStatus,
} from "./lib/solve/result.ts";
export { solve, type SolveOptions } from "./lib/solve/solve.ts";
export { BNB_MAX_TABLE, type BnbOptions, solveBnb } from "./lib/solve/bnb.ts";
export { solveBrute } from "./lib/solve/brute.ts";
export {
  type HighsRuntime,
  type LoadMilpOptions,
  loadMilpSolver,
  type MilpOptions,
  solveMilp,
  solveMilpSync,
} from "./lib/solve/milp.ts";
export { buildLp, type LpModel, type LpOptions, type LpUnitVar } from "./lib/solve/lp_text.ts";
export {
  type AuditRow,
  auditSolvers,
  type AuditSummary,
  summarizeAudit,
} from "./lib/solve/audit.ts";
export {
  type CertificateUse,
  ClaimError,
  isIssued,
  raiseCap,
  requireCertificate,
} from "./lib/certificate.ts";

// --- Writers (exact to the authors' artifact; every writer by name: WRITERS, getWriter) ----------
export type { Writer, WriterResult, WriterStep } from "./lib/writers/types.ts";
export { getWriter, WRITER_LABELS, WRITERS } from "./lib/writers/registry.ts";
export { oracleGvt } from "./lib/writers/oracle_gvt.ts";
export { greedy, type GreedyOptions } from "./lib/writers/greedy.ts";
export { gvtTheorem2, type Theorem2Options } from "./lib/writers/gvt_theorem2.ts";
export { estimatedGvt } from "./lib/writers/estimated_writers.ts";
export {
  ESTIMATOR_PROFILES,
  type EstimatorOptions,
  type EstimatorProfile,
} from "./lib/writers/estimate.ts";

// --- Scorers: ratios, cluster bootstrap, update metrics, failure audit, ledger -------------------
export { type Ratio, ratioToOpt, scoreStore, type StoreScore } from "./lib/score/ratio.ts";
export {
  clusterBootstrapCi,
  type ClusterBootstrapOptions,
  type ClusterInterval,
} from "./lib/score/cluster_bootstrap.ts";
export {
  type UpdateMetrics,
  updateMetrics,
  type UpdateMetricsOptions,
  type ValidityLists,
} from "./lib/score/metrics.ts";
export { type AggregateRow, type BestByBudget, bestByBudget } from "./lib/score/aggregate.ts";
export {
  aggregateFailureAudits,
  type AuditOptions,
  type AuditPackage,
  type AuditRecord,
  auditStore,
  type ConditionalFailureAudit,
  conditionalFailureAudit,
  type FailureAudit,
  type FamilyAudit,
  type FamilyFailureRow,
  type Reachability,
  runWriter,
  type UnitAudit,
  type UnitReach,
  unitReachability,
} from "./lib/score/audit.ts";
export { decisionLedger, type LedgerRow } from "./lib/score/ledger.ts";
export {
  type AuditConsistency,
  auditConsistency,
  type LedgerTotals,
  ledgerTotals,
  meanPackageRatio,
  type ReachabilityShares,
  reachabilityShares,
} from "./lib/score/failure_summary.ts";
export { type Summation } from "./lib/score/summation.ts";

// --- Generators: the artifact's synthetic distributions, budgets, package hashes -----------------
export {
  type DistributionName,
  generate,
  STRESS_DISTRIBUTIONS,
} from "./lib/generate/distributions.ts";
export { budgetsFromTokens } from "./lib/generate/budgets.ts";
export { packageHash } from "./lib/generate/package_hash.ts";

// --- Random streams (CPython's Mersenne Twister for the artifact; seeded for new work) -----------
export type { Rng } from "./lib/rng/rng.ts";
export type { WordRng } from "./lib/rng/word_rng.ts";
export { PyRandom } from "./lib/rng/py_random.ts";
export { SeededRandom } from "./lib/rng/seeded_random.ts";

// --- Natural packages (LoCoMo): data, slices, conversion, audit trail, cost rules, scoring -------
// the LoCoMo file: where it is, how to get it, what it holds
export {
  describeLocomo,
  type LocatedLocomo,
  locateLocomo,
  type LocateLocomoOptions,
  LOCOMO_CACHE_PATH,
  LOCOMO_SHARED_PATH,
  locomoHowTo,
} from "./lib/natural/data_source.ts";
export { SHARED_DATA_DIR, sharedDataPath } from "./lib/natural/shared_data.ts";
export {
  loadLocomo,
  type LocomoQa,
  type LocomoSample,
  type LocomoTurn,
} from "./lib/natural/load_locomo.ts";
// support slices, their issues and the QA audit trail
export {
  LOCOMO_REPRESENTATIONS,
  locomoLexicalAdjudicator,
  type LocomoRepresentation,
  type LocomoSliceOptions,
} from "./lib/natural/locomo.ts";
export {
  type LocomoSlices,
  locomoSlices,
  type SliceOutcome,
  type SliceRecord,
} from "./lib/natural/locomo_slices.ts";
export {
  type IssueSeverity,
  SLICE_ISSUE_CODES,
  type SliceIssue,
  type SliceIssueCode,
} from "./lib/natural/slice_issue.ts";
export {
  AUDIT_REASONS,
  auditByCategory,
  type AuditCounts,
  auditCounts,
  type AuditReason,
  type AuditStatus,
  type QaAuditOptions,
  type QaAuditRecord,
} from "./lib/natural/audit.ts";
// conversion to packages, cost rules, certified scoring
export {
  convertLocomo,
  type ConvertLocomoOptions,
  isSourceLinked,
  lexicalLabeling,
  type LocomoConversion,
} from "./lib/natural/convert.ts";
export {
  byteOverheadCost,
  COST_RULES,
  type CostRule,
  recostPackage,
} from "./lib/natural/cost_rules.ts";
export {
  certifyNatural,
  NATURAL_METHODS,
  type NaturalScoreRow,
  type NaturalSummaryRow,
  optShift,
  type OptShiftRow,
  rescoringShift,
  scoreNatural,
  type ScoreNaturalOptions,
  type ShiftRow,
  summarizeNatural,
  type SummarizeNaturalOptions,
} from "./lib/natural/score_natural.ts";
export {
  type ScoreJob,
  scoreNaturalParallel,
  type ScoreParallelOptions,
} from "./lib/natural/score_parallel.ts";
// tallies the natural-package notebooks print
export {
  type AgreementRow,
  agreementRow,
  certifyAll,
  type ConversionTallies,
  conversionTallies,
  importedLabeler,
  lexicalGridLabels,
  sameCoverage,
  tallyText,
} from "./lib/natural/notebook_tallies.ts";

// --- Adjudicators: who says which candidate covers which evidence unit ---------------------------
export type {
  AdjudicationRequest,
  Adjudicator,
  CoverageEdge,
  UnitView,
} from "./lib/adjudicate/types.ts";
export {
  LEXICAL_DEFAULTS,
  LexicalAdjudicator,
  type LexicalScore,
  type LexicalThresholds,
} from "./lib/adjudicate/lexical.ts";
export {
  LlmAdjudicator,
  type LlmAdjudicatorOptions,
  type LlmMessages,
  LlmVerdictError,
} from "./lib/adjudicate/llm.ts";
export {
  ImportedAdjudicator,
  type ImportedAdjudicatorOptions,
  type ImportedCell,
  type ImportedLabels,
  loadImportedCoverage,
} from "./lib/adjudicate/imported.ts";
export {
  type CandidateFilter,
  type CellLabel,
  type CellLabeler,
  relabelPackage,
} from "./lib/adjudicate/relabel.ts";
export { coverageGrid, type CoverageGridCell, writeCoverageCells } from "./lib/adjudicate/cells.ts";

// --- Store adapters: read a system's store, score it by union or on LoCoMo (DESIGN §6) -----------
// the store format and its readers
export {
  type AdapterProblem,
  type MemoryStore,
  type ProblemCode,
  STORE_FORMATS,
  type StoredMemory,
  type StoreFormat,
  type Tombstone,
} from "./lib/systems/memory_store.ts";
export {
  readStore,
  readStoreFile,
  readStoreFileDetected,
  type ReadStoreFileResult,
  type ReadStoreOptions,
  type StoreFormatChoice,
} from "./lib/systems/read_store.ts";
export { type LettaAgentFileOptions, readLettaAgentFile } from "./lib/systems/letta_agent_file.ts";
export type { CoreMode, LettaReadOptions } from "./lib/systems/letta_memory.ts";
export {
  AMEM_VIEWS,
  type AmemReadOptions,
  type AmemView,
  readAmemNotes,
} from "./lib/systems/amem_notes.ts";
// union scoring against a package
export {
  MEMORY_COST_MODELS,
  type MemoryCostModel,
  type MemoryCosts,
  storeCosts,
} from "./lib/systems/cost_models.ts";
export {
  type ScoredMemory,
  scoreUnion,
  type SelectionRatio,
  type SelectionScore,
  UNION_SELECTORS,
  type UnionBudgetScore,
  type UnionScore,
  type UnionScoreOptions,
  type UnionSelector,
} from "./lib/systems/union_score.ts";
export { summarizeUnion, type UnionSummaryRow } from "./lib/systems/summarize_union.ts";
export type { ExactSolveOptions } from "./lib/systems/pruning.ts";
export { LOCOMO10_ORDER } from "./lib/systems/openai_memory.ts";
// a store scored on a LoCoMo conversation, proxy stores, your own package
export {
  adjudicatorFromSpec,
  type AdjudicatorSpecOptions,
  EVIDENCE_SERIES,
  type EvidencePoint,
  evidencePoints,
  type LocomoStoreOptions,
  type LocomoStoreScore,
  scoreStoreOnLocomo,
  type SelectionRatios,
  STORE_SELECTIONS,
  type StoreBudgetSummary,
  storeItemRows,
  type StoreItemScore,
  type StoreSelection,
  summarizeStoreRows,
} from "./lib/systems/locomo_store.ts";
export {
  PROXY_STORES,
  type ProxyStore,
  type ProxyStoreOptions,
  type ProxyStoreScores,
  type RoundTripResult,
  roundTripWriters,
  scoreProxyStores,
} from "./lib/systems/proxy_stores.ts";
export {
  certifyBudgets,
  readPackageAny,
  storeAdjudicatorFor,
  type WriterRatioRow,
  writerRatios,
} from "./lib/systems/own_package.ts";

// --- Sweep: the grid runner (workers, journal, results JSONL/CSV, summary) and shards ------------
export {
  runSweep,
  type SweepFiles,
  sweepFiles,
  type SweepGrid,
  type SweepOptions,
  type SweepProgress,
  type SweepResult,
} from "./lib/sweep/run_sweep.ts";
export { progressLogger } from "./lib/sweep/progress.ts";
export { EXACT_SWEEP_METHODS, methodLabel, STRESS_METHODS } from "./lib/sweep/methods.ts";
export { RESULT_SCHEMA_VERSION, type ResultRow } from "./lib/sweep/row.ts";
export type { SweepAggregateRow, SweepSummary } from "./lib/sweep/summary.ts";
export { parseShard, type Shard } from "./lib/shard.ts";

// --- Paper reference data (the papers' reported numbers, shown beside ours, never as ours) -------
export {
  compareExactSweep,
  compareStress,
  type Comparison,
  type PaperExpected,
  paperExpected,
  type StressCell,
  type SweepCell,
} from "./lib/repro/expected.ts";
export { PAPER_NATURAL87, type PaperNatural } from "./lib/natural/paper_natural.ts";
export {
  PAPER_COST_RULES_B100,
  PAPER_EXTERNAL_B100,
  PAPER_TABLE4,
  type PaperExternalRow,
  type PaperSystemRow,
} from "./lib/systems/paper_table4.ts";

// --- Report and plot: tables, checks that raise, output paths, Vega-Lite figures with SVG --------
export { outPath } from "./lib/report/out.ts";
export { type Column, Table } from "./lib/report/table.ts";
export { type Check, Checks, type ChecksSummary, type SkipOptions } from "./lib/report/checks.ts";
export { Figure, makeFigure, type VegaLiteSpec } from "./lib/plot/figure.ts";

// --- Scale-conditioned reliability (paper 002): trajectories, scorer, ladders, simulators --------
// the trajectory format, its readers and adapters, the scorer
export {
  joinJudgeLog,
  JUDGE_KINDS,
  type JudgeKind,
  type JudgeVerdict,
  readJudgeLog,
  readTrajectories,
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
} from "./lib/scale/trajectory.ts";
export {
  type BudgetPoint,
  type Interval,
  type ScaleBoundaryScore,
  type ScaleGroupScore,
  type ScaleScore,
  scoreScale,
  type ScoreScaleOptions,
} from "./lib/scale/score.ts";
export {
  type AdapterOptions,
  type AdapterResult,
  readTrajectoryInput,
  type SkippedRecord,
  TRAJECTORY_FORMATS,
  type TrajectoryFormat,
  type TrajectoryInput,
} from "./lib/scale/adapters/mod.ts";
// ladders and their sources, BM25, simulators, the write-time view
export {
  buildLadder,
  type Ladder,
  ladderManifest,
  type LadderOptions,
  type LadderRung,
  type LadderScale,
  ladderSummary,
  type LadderSummaryRow,
  type ManifestRow,
  type QueryLadder,
  TOKEN_PROXY_METHOD,
  type TokenProxy,
} from "./lib/scale/ladder.ts";
export type {
  EvidenceNeed,
  LadderIssue,
  LadderQuery,
  LadderSession,
  LadderSource,
  LadderTurn,
} from "./lib/scale/sources/types.ts";
export { locomoLadderSource, type LocomoSourceOptions } from "./lib/scale/sources/locomo.ts";
export {
  loadLongMemEval,
  type LongMemEvalInstance,
  longMemEvalLadderSource,
  type LongMemEvalTurn,
} from "./lib/scale/sources/longmemeval.ts";
export {
  type Bm25Hit,
  Bm25Okapi,
  type Granularity,
  HistoryRetriever,
  type RetrievedItem,
} from "./lib/scale/bm25.ts";
export {
  simulateLadder,
  type SimulateOptions,
  SIMULATOR_KINDS,
  SIMULATOR_PRESETS,
  type SimulatorKind,
  type SimulatorSpec,
} from "./lib/scale/simulate.ts";
export {
  sideBySide,
  type SideBySideRow,
  type WriteTimeBoundary,
  type WriteTimeCell,
  type WriteTimeOptions,
  type WriteTimeRow,
  type WriteTimeView,
  writeTimeView,
} from "./lib/scale/write_time.ts";
// the paper's reported tables (reference data)
export {
  type CheckPaper002Options,
  checkPaper002Tables,
  PAPER002_FAILURE_TABLE,
  PAPER002_LOCOMO,
  PAPER002_MAIN_TABLE,
  PAPER002_SOURCE,
  type Paper002FailureRow,
  type Paper002LocomoFact,
  type Paper002MainRow,
  type TableCheck,
} from "./lib/scale/paper_tables.ts";

// --- Personalized retention (paper 003, PerMem-Bench): retention rate, gating, cohort, optimum ---
// Memory Retention Rate and the benchmark's files
export {
  type Aggregate,
  type BenchmarkRetention,
  type FactRetention,
  type FactTrack,
  type ReferenceFact,
  type ReferenceType,
  type RetentionOptions,
  retentionRate,
  type RetentionReport,
  type RetentionValues,
  type Reweight,
  type UserRetention,
} from "./lib/retention/retention_rate.ts";
export { type GtMemory, type SessionFile } from "./lib/retention/formats.ts";
export { readFactsAndPresence } from "./lib/retention/read.ts";
export {
  type GatingDecision,
  type GatingMetrics,
  gatingMetrics,
  readPredictionsCsv,
} from "./lib/retention/gating.ts";
// the SIMULATED cohort and memory system
export {
  type Cohort,
  type CohortOptions,
  cohortToJson,
  type CohortUser,
  DOMAINS,
  type Frequency,
  generateCohort,
  type Profile,
  type ProfileDomain,
} from "./lib/retention/cohort.ts";
export {
  type BankSnapshot,
  type MemoryEntry,
  type SessionWrites,
  simulateWrites,
  type SimulatorOptions,
} from "./lib/retention/replay.ts";
export { type PresenceJudge } from "./lib/retention/judges.ts";
// gating policies, the certified retention optimum, a whole simulated run
export {
  defaultPolicies,
  evaluatePolicies,
  type EvaluatePoliciesOptions,
  type GatingPolicy,
  type PolicyRow,
  type PolicyUser,
  type StructureClusterOptions,
  structureClusterPolicy,
} from "./lib/retention/policies.ts";
export {
  certifyOptima,
  type OptimumOptions,
  type OptimumUser,
  type PolicyRatioRow,
  ratiosToOptimum,
  requireRetentionOptimum,
  type RetentionBudget,
  type RetentionOptimum,
  retentionStreamDigest,
  type RetentionUse,
  type StreamEntry,
} from "./lib/retention/optimum.ts";
export {
  type SimulatedRunFiles,
  type SimulatedRunOptions,
  writeSimulatedRun,
} from "./lib/retention/simulate.ts";
