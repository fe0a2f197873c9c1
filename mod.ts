/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing for LLM agents.
 *
 * A package freezes, for a slice of an agent's history, the candidate memories of each
 * experience, their storage costs, the evidence units future queries need and a sparse coverage
 * matrix. Under a storage budget B the certified optimum OPT is the denominator writers and
 * exported memory stores are scored against.
 *
 * This file is the public API: it re-exports, by name, what a user of the toolkit needs, in
 * groups (packages and I/O, objective, solvers and certificates, writers, scorers, generators,
 * natural packages, adjudicators, store adapters, sweep, paper reference data, report and plot).
 * Everything else under `lib/` is internal and may change without notice.
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

// --- Errors ------------------------------------------------------------------------------------
export { InputError, type Where } from "./lib/errors.ts";

// --- Packages and I/O (JSON, CSV folders, the authors' JSONL export, JSON Schema, union) -------
export {
  CANDIDATE_KINDS,
  MAX_TOTAL_WEIGHT,
  UNIT_FAMILIES,
  UNIT_VALIDITY,
} from "./lib/package/schema.ts";
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
export {
  packageToJson,
  parsePackageJson,
  readPackageJson,
  writePackageJson,
} from "./lib/package/json_io.ts";
export { readPackageFrom } from "./lib/package/read_any.ts";
export { readPackageCsv, writePackageCsv } from "./lib/package/csv_io.ts";
export {
  type ArtifactCoercion,
  type ArtifactReadOptions,
  readArtifactPackage,
} from "./lib/package/artifact_jsonl.ts";
export { packageJsonSchema } from "./lib/package/json_schema.ts";
export { type ExternalMemory, unionCandidateId, unionPackage } from "./lib/package/union.ts";

// --- Objective: F, feasibility, coverage state (DESIGN §2) -------------------------------------
export {
  BUDGET_RTOL,
  checkFeasible,
  CoverageState,
  densityTol,
  evaluateStore,
  type Feasibility,
  singletonValues,
  TOL,
  VALUE_RTOL,
  valueOf,
  valueTol,
  withinBudget,
} from "./lib/objective.ts";

// --- Solvers and certificates (only these make an OPT) -----------------------------------------
export { type Certificate, isCertified, type SolveStatus } from "./lib/solve/result.ts";
export { solve, type SolveOptions } from "./lib/solve/solve.ts";
export { BNB_MAX_OPTIONS, BNB_MAX_TABLE, type BnbOptions, solveBnb } from "./lib/solve/bnb.ts";
export { solveBrute } from "./lib/solve/brute.ts";
export {
  type HighsRuntime,
  type LoadMilpOptions,
  loadMilpSolver,
  MILP_TIMED_MAX_CANDIDATES,
  MILP_VERIFY_RTOL,
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

// --- Writers (GVT, density-only, greedy, recency, ...; exact to the authors' artifact) ---------
export type { Writer, WriterResult, WriterStep } from "./lib/writers/types.ts";
export { getWriter, WRITER_LABELS, WRITERS } from "./lib/writers/registry.ts";
export { oracleGvt } from "./lib/writers/oracle_gvt.ts";
export { densityOnly } from "./lib/writers/density_only.ts";
export { factOnly, greedy, type GreedyOptions, summaryOnly } from "./lib/writers/greedy.ts";
export { recencyRaw, reservoirRaw } from "./lib/writers/raw_selectors.ts";
export { gvtTheorem2, type Theorem2Options } from "./lib/writers/gvt_theorem2.ts";
export { estimatedGvt, estimatedUtility } from "./lib/writers/estimated_writers.ts";
export {
  ESTIMATOR_PROFILES,
  type EstimatorOptions,
  type EstimatorProfile,
} from "./lib/writers/estimate.ts";
export { amemGraph, mem0Extract } from "./lib/writers/proxy_writers.ts";
export {
  genericCandidateGvt,
  noTombstoneGreedy,
  noTombstoneGvt,
} from "./lib/writers/restricted_writers.ts";
export { restrictPackage } from "./lib/package/restrict.ts";

// --- Scorers: ratios, bootstrap, update metrics, aggregation, failure audit, ledger ------------
export {
  DEGENERATE_TOL,
  type Ratio,
  ratioToOpt,
  scoreStore,
  type StoreScore,
} from "./lib/score/ratio.ts";
export { artifactBootstrap, type ArtifactBootstrapOptions } from "./lib/score/bootstrap.ts";
export { bootstrapCi, type BootstrapCiOptions } from "./lib/score/bootstrap_ci.ts";
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
export {
  type AggregatableRow,
  type AggregateOptions,
  type AggregateRow,
  aggregateRows,
  type BestByBudget,
  bestByBudget,
} from "./lib/score/aggregate.ts";
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
export {
  type AgreementStats,
  agreementStats,
  cohensKappa,
  type Confusion,
  confusionMatrix,
  gwetAc1,
  kendallTau,
  type Label,
  percentAgreement,
} from "./lib/score/agreement.ts";

// --- Generators: the artifact's synthetic distributions, budgets, package hashes ---------------
export {
  checkDistributionName,
  type DistributionName,
  DISTRIBUTIONS,
  generate,
  type Generator,
  STRESS_DISTRIBUTIONS,
} from "./lib/generate/distributions.ts";
export {
  budgetBasis,
  budgetsFromBasis,
  budgetsFromTokens,
  type BudgetToken,
  packageCostTotal,
  parseBudgetToken,
} from "./lib/generate/budgets.ts";
export { canonicalJson } from "./lib/generate/canonical_json.ts";
export { packageHash } from "./lib/generate/package_hash.ts";

// --- Random streams (CPython's Mersenne Twister for the artifact; seeded for new work) ---------
export type { Rng } from "./lib/rng/rng.ts";
export type { WordRng } from "./lib/rng/_word_rng.ts";
export { PyRandom } from "./lib/rng/py_random.ts";
export { SeededRandom } from "./lib/rng/seeded_random.ts";

// --- Natural packages (LoCoMo): data, slices, conversion, audit trail, cost rules, scoring -----
export {
  describeLocomo,
  type FetchedLocomo,
  fetchLocomo,
  type FetchLocomoOptions,
  type LocatedLocomo,
  locateLocomo,
  type LocateLocomoOptions,
  LOCOMO_CACHE_PATH,
  LOCOMO_ENV,
  LOCOMO_SHA256,
  LOCOMO_SHARED_PATH,
  locomoHowTo,
} from "./lib/natural/data_source.ts";
export { SHARED_DATA_DIR, sharedDataPath } from "./lib/natural/shared_data.ts";
export {
  loadLocomo,
  type LocomoQa,
  type LocomoSample,
  type LocomoTurn,
  parseLocomo,
} from "./lib/natural/load_locomo.ts";
export {
  LOCOMO_DEFAULT_BUDGETS,
  LOCOMO_REPRESENTATIONS,
  locomoLexicalAdjudicator,
  type LocomoRepresentation,
  type LocomoSlice,
  type LocomoSliceOptions,
  locomoSupportSlice,
} from "./lib/natural/locomo.ts";
export {
  type CountStats,
  type CoverageCounts,
  type LocomoSlices,
  locomoSlices,
  type SliceOutcome,
  type SliceRecord,
  type SliceSummary,
  summarizeSlices,
} from "./lib/natural/locomo_slices.ts";
export {
  type IssueSeverity,
  SLICE_ISSUE_CODES,
  type SliceIssue,
  type SliceIssueCode,
} from "./lib/natural/slice_issue.ts";
export {
  LOCOMO_CATEGORIES,
  type LocomoCategory,
  locomoCategory,
} from "./lib/natural/categories.ts";
export {
  AUDIT_REASONS,
  AUDIT_STATUSES,
  auditByCategory,
  type AuditCounts,
  auditCounts,
  auditLocomo,
  type AuditReason,
  type AuditStatus,
  type QaAuditOptions,
  type QaAuditRecord,
} from "./lib/natural/audit.ts";
export {
  convertLocomo,
  type ConvertLocomoOptions,
  isSourceLinked,
  lexicalLabeling,
  type LocomoConversion,
} from "./lib/natural/convert.ts";
export {
  byteOverheadCost,
  candidateCost,
  COST_RULES,
  type CostRule,
  naturalCost,
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

// --- Adjudicators: who says which candidate covers which evidence unit -------------------------
export type {
  AdjudicationRequest,
  Adjudicator,
  CoverageEdge,
  UnitView,
} from "./lib/adjudicate/types.ts";
export {
  LEXICAL_DEFAULTS,
  LexicalAdjudicator,
  type LexicalOptions,
  type LexicalScore,
  type LexicalThresholds,
} from "./lib/adjudicate/lexical.ts";
export {
  LLM_PROMPT_VERSION,
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
  parseImportedCoverage,
} from "./lib/adjudicate/imported.ts";
export {
  adjudicatePackage,
  type AdjudicatePackageOptions,
  type CandidateFilter,
  type CellLabel,
  type CellLabeler,
  relabelPackage,
} from "./lib/adjudicate/relabel.ts";
export {
  type CoverageAgreement,
  coverageAgreement,
  coverageGrid,
  type CoverageGridCell,
  writeCoverageCells,
} from "./lib/adjudicate/cells.ts";

// --- Store adapters: Mem0, Letta, A-Mem, generic JSONL; union scoring (DESIGN §6) -------------
export {
  type AdapterProblem,
  type MemoryStore,
  type ProblemCode,
  STORE_FORMATS,
  type StoredMemory,
  type StoreFormat,
  type Tombstone,
} from "./lib/systems/memory_store.ts";
export { ExportFormatError, type ExportRecordRef } from "./lib/systems/export_error.ts";
export {
  readStore,
  readStoreFile,
  readStoreFileDetected,
  type ReadStoreFileResult,
  type ReadStoreOptions,
  type StoreFormatChoice,
} from "./lib/systems/read_store.ts";
export { type Mem0ReadOptions, readMem0GetAll } from "./lib/systems/mem0_get_all.ts";
export { MEM0_EVENTS, replayMem0Events } from "./lib/systems/mem0_events.ts";
export { readLettaMemory } from "./lib/systems/letta_memory.ts";
export { type LettaAgentFileOptions, readLettaAgentFile } from "./lib/systems/letta_agent_file.ts";
export type { CoreMode, LettaReadOptions } from "./lib/systems/_letta_builder.ts";
export {
  AMEM_VIEWS,
  type AmemNote,
  type AmemReadOptions,
  type AmemView,
  readAmemNotes,
} from "./lib/systems/amem_notes.ts";
export {
  type GenericMemory,
  type GenericReadOptions,
  type GenericStoreRow,
  readGenericJsonl,
  toGenericJsonl,
} from "./lib/systems/generic_jsonl.ts";
export {
  MEMORY_COST_MODELS,
  type MemoryCostModel,
  type MemoryCosts,
  storeCosts,
} from "./lib/systems/cost_models.ts";
export {
  type CandidateExportOptions,
  exportCandidates,
  exportWriterStore,
} from "./lib/systems/writer_export.ts";
export { packageTextAdjudicator } from "./lib/systems/package_text_adjudicator.ts";
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

// --- Sweep: the grid runner (workers, resumable journal, results JSONL/CSV, summary) ----------
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
export {
  EXACT_METHODS,
  EXACT_SWEEP_METHODS,
  type ExactMethod,
  methodLabel,
  STRESS_METHODS,
  type SweepMethod,
  type WriterMethod,
} from "./lib/sweep/methods.ts";
export {
  CSV_COLUMNS,
  RESULT_SCHEMA_VERSION,
  type ResultRow,
  type TimingRow,
} from "./lib/sweep/row.ts";
export type { SweepAggregateRow, SweepSummary } from "./lib/sweep/summary.ts";

// --- Paper reference data (the papers' reported numbers, shown beside ours, never as ours) -----
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

// --- Report and plot: tables, checks that raise, output paths, Vega-Lite figures with SVG ------
export { outPath, outRoot } from "./lib/report/out.ts";
export { type Column, Table } from "./lib/report/table.ts";
export { type Check, Checks, type ChecksSummary, type SkipOptions } from "./lib/report/checks.ts";
export {
  Figure,
  makeFigure,
  VEGALITE_MIME,
  VEGALITE_SCHEMA,
  VEGALITE_VERSION,
  type VegaLiteSpec,
} from "./lib/plot/figure.ts";

// Certificates that cannot be laundered (issue 10, finding 4): solver-made, checked for
// package, budget and k by every scorer. `issueCertificate` stays internal (solvers only).
export {
  type CertificateUse,
  isIssued,
  issuedFor,
  raiseCap,
  requireCertificate,
} from "./lib/certificate.ts";

// Real systems' stores (issue 14, real-stores): OpenAI memory text and Mem0 search-results
// readers, --format auto detection, a store scored on a LoCoMo conversation, proxy stores.
export {
  contentMemoryId,
  LOCOMO10_ORDER,
  openAiMemoryConversation,
  type OpenAiMemoryOptions,
  readOpenAiMemory,
} from "./lib/systems/openai_memory.ts";
export {
  MEM0_SPEAKER_FIELDS,
  mem0SearchConversations,
  type Mem0SearchMemoryRaw,
  type Mem0SearchMeta,
  type Mem0SearchOptions,
  readMem0SearchResults,
  readMem0SearchResultsAll,
} from "./lib/systems/mem0_search_results.ts";
export { type DetectedFormat, detectStoreFormat } from "./lib/systems/detect_format.ts";
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
  proxyStoreIds,
  type ProxyStoreOptions,
  type ProxyStoreScores,
  type RoundTripResult,
  roundTripWriters,
  scoreProxyStores,
} from "./lib/systems/proxy_stores.ts";
export {
  type AgreementRow,
  agreementRow,
  certifyAll,
  type ConversionTallies,
  conversionTallies,
  importedLabeler,
  lexicalGridLabels,
  sameCoverage,
  tally,
  tallyText,
} from "./lib/natural/notebook_tallies.ts";
export {
  certifyBudgets,
  readPackageAny,
  storeAdjudicatorFor,
  type WriterRatioRow,
  writerRatios,
} from "./lib/systems/own_package.ts";

// --- retention (paper 003, PerMem-Bench): lib/retention, issue 12 ---
export * from "./lib/retention/mod.ts";
// Scale-conditioned reliability (paper 002)
export * from "./lib/scale/mod.ts";

// --- cli-core (issue 14): shards of a run and the public summation type ---
export {
  checkShardSet,
  inShard,
  MAX_SHARDS,
  mergeShards,
  parseShard,
  type Shard,
  shardItems,
  shardSize,
} from "./lib/shard.ts";
export { DEFAULT_SUMMATION, type Summation } from "./lib/score/summation.ts";
