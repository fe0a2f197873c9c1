/**
 * Exported memory systems (paper 000 definition 2, Table 4; ARTIFACT-SPEC §1.5, §6.5, §6.6): read a
 * system's store (Mem0, Letta, A-Mem, OpenAI memory, generic JSONL) into one memory-store type,
 * cost its memories, score it by union against a package or on a LoCoMo conversation, proxy stores
 * and round trips through the writers, your own package (the paper's Table 4: `memaudit/paper`).
 *
 * Entry point `memaudit/systems` (deno.json `exports["./systems"]`): this list is what the part
 * offers; anything under `lib/systems/` it does not name is internal and may change.
 *
 * @example The store formats read
 * ```ts
 * import assert from "node:assert/strict";
 * import { STORE_FORMATS } from "./mod.ts";
 * assert.ok(STORE_FORMATS.includes("mem0_get_all"));
 * ```
 *
 * @module
 */
// the store format and its readers
export {
  type AdapterProblem,
  type MemoryStore,
  type ProblemCode,
  STORE_FORMATS,
  type StoredMemory,
  type StoreFormat,
  type Tombstone,
} from "./memory_store.ts";
export {
  readStoreFile,
  readStoreFileDetected,
  type ReadStoreFileResult,
  type ReadStoreOptions,
  type StoreFormatChoice,
} from "./read_store.ts";
export { readLettaAgentFile } from "./letta_agent_file.ts";
export type { CoreMode, LettaReadOptions } from "./letta_memory.ts";
export { AMEM_VIEWS, type AmemView, readAmemNotes } from "./amem_notes.ts";
// union scoring against a package
export { MEMORY_COST_MODELS, type MemoryCostModel, storeCosts } from "./cost_models.ts";
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
} from "./union_score.ts";
export { summarizeUnion, type UnionSummaryRow } from "./summarize_union.ts";
export type { ExactSolveOptions } from "./pruning.ts";
export { LOCOMO10_ORDER } from "./openai_memory.ts";
// a store scored on a LoCoMo conversation, proxy stores, your own package
export {
  EVIDENCE_SERIES,
  type EvidencePoint,
  evidencePoints,
  type LocomoStoreScore,
  scoreStoreOnLocomo,
  type SelectionRatios,
  STORE_SELECTIONS,
  type StoreBudgetSummary,
  type StoreItemScore,
  type StoreSelection,
  summarizeStoreRows,
} from "./locomo_store.ts";
export {
  PROXY_STORES,
  type ProxyStore,
  type ProxyStoreScores,
  roundTripWriters,
  scoreProxyStores,
} from "./proxy_stores.ts";
export { certifyBudgets, ignoredSettings, writerRatios } from "./own_package.ts";
// stores written here by real systems (`memaudit write`), scored
export { writeLocomoStores, type WrittenStoreRow } from "./written_stores.ts";
// the `memaudit store` workflow and its report
export {
  perMemoryRows,
  type ScoredStoreFile,
  scoreStoreFile,
  type StoreFileOptions,
  type StoreTarget,
} from "./score_store_file.ts";
export {
  type LongMemEvalStores,
  PER_MEMORY_COLUMNS,
  type PerMemoryRow,
  perMemoryTableRows,
  STORE_BUDGET_COLUMNS,
  type StoreBudgetRow,
  storeBudgetRows,
  type StoreRatios,
  type StoreReport,
} from "./store_report.ts";
