/**
 * Adjudicators (DESIGN §1, natural packages; paper 000 §5): who says which candidate memory covers which evidence unit. The
 * lexical judge (an offline stand-in, labelled as such), an LLM judge behind any OpenAI-style
 * endpoint, labels imported from a file, relabelling a package with any of them, and the
 * coverage grid written for review.
 *
 * Entry point `memaudit/adjudicate` (deno.json `exports["./adjudicate"]`): this list is what the part
 * offers; anything under `lib/adjudicate/` it does not name is internal and may change.
 *
 * @example The lexical judge's thresholds
 * ```ts
 * import assert from "node:assert/strict";
 * import { LEXICAL_DEFAULTS } from "./mod.ts";
 * assert.ok(Object.isFrozen(LEXICAL_DEFAULTS));
 * ```
 *
 * @module
 */
export type { AdjudicationRequest, Adjudicator, CoverageEdge, UnitView } from "./types.ts";
export { LEXICAL_DEFAULTS, LexicalAdjudicator, type LexicalThresholds } from "./lexical.ts";
export { LlmAdjudicator, type LlmMessages, LlmVerdictError } from "./llm.ts";
export {
  ImportedAdjudicator,
  type ImportedCell,
  type ImportedLabels,
  loadImportedCoverage,
} from "./imported.ts";
export { type CandidateFilter, type CellLabeler, relabelPackage } from "./relabel.ts";
export { coverageGrid, type CoverageGridCell, writeCoverageCells } from "./cells.ts";
