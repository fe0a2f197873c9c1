/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing.
 *
 * Re-exports only; see each folder's mod.ts.
 *
 * @module
 */
export * from "./lib/errors.ts";
export * from "./lib/package/mod.ts";
export * from "./lib/objective.ts";
export * from "./lib/solve/mod.ts";
export * from "./lib/score/mod.ts";
export * from "./lib/report/mod.ts";
export * from "./lib/plot/mod.ts";
export * from "./lib/rng/mod.ts";
export * from "./lib/generate/mod.ts";
export * from "./lib/natural/mod.ts";
export * from "./lib/writers/mod.ts";
export * from "./lib/sweep/mod.ts";
export * from "./lib/repro/mod.ts";
export * from "./lib/adjudicate/mod.ts";
export * from "./lib/systems/mod.ts";
// Certificates that cannot be laundered (issue 10, finding 4): solver-made, checked for
// package, budget and k by every scorer. `issueCertificate` stays internal (solvers only).
export {
  type CertificateUse,
  certify,
  certifyBnb,
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
