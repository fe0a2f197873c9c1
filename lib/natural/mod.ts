/**
 * Natural packages from LoCoMo (paper 000 §5; ARTIFACT-SPEC §1.4, §6.6): where the
 * LoCoMo file is and how to get it, support slices in every representation, the QA audit
 * trail, conversion to packages, the cost rules, certified scoring with clustered intervals,
 * the OPT-shift and rescoring comparisons, the tallies the notebooks print (the paper's
 * reported natural-package numbers: `memaudit/paper`).
 *
 * Entry point `memaudit/natural` (deno.json `exports["./natural"]`): this list is what the part
 * offers; anything under `lib/natural/` it does not name is internal and may change.
 *
 * @example Where the shared LoCoMo file is looked for
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOCOMO_SHARED_PATH } from "./mod.ts";
 * assert.ok(LOCOMO_SHARED_PATH.endsWith("locomo8.json"));
 * ```
 *
 * @module
 */
// the LoCoMo file: where it is, how to get it, what it holds
export {
  describeLocomo,
  type LocatedLocomo,
  locateLocomo,
  LOCOMO_CACHE_PATH,
  LOCOMO_SHARED_PATH,
  locomoHowTo,
} from "./data_source.ts";
export { SHARED_DATA_DIR, sharedDataPath } from "./shared_data.ts";
export { loadLocomo, type LocomoQa, type LocomoSample, type LocomoTurn } from "./load_locomo.ts";
// support slices, their issues and the QA audit trail
export {
  LOCOMO_REPRESENTATIONS,
  locomoLexicalAdjudicator,
  type LocomoRepresentation,
  type LocomoSliceOptions,
} from "./locomo.ts";
export {
  type LocomoSlices,
  locomoSlices,
  type SliceOutcome,
  type SliceRecord,
} from "./locomo_slices.ts";
export {
  type IssueSeverity,
  SLICE_ISSUE_CODES,
  type SliceIssue,
  type SliceIssueCode,
} from "./slice_issue.ts";
export {
  AUDIT_REASONS,
  auditByCategory,
  type AuditCounts,
  auditCounts,
  type AuditReason,
  type AuditStatus,
  type QaAuditOptions,
  type QaAuditRecord,
} from "./audit.ts";
// conversion to packages, cost rules, certified scoring
export { convertLocomo, isSourceLinked, lexicalLabeling } from "./convert.ts";
export { byteOverheadCost, COST_RULES, type CostRule, recostPackage } from "./cost_rules.ts";
export {
  certifyNatural,
  NATURAL_METHODS,
  type NaturalScoreRow,
  type NaturalSummaryRow,
  optShift,
  rescoringShift,
  scoreNatural,
  type ScoreNaturalOptions,
  type ShiftRow,
  summarizeNatural,
} from "./score_natural.ts";
export { scoreNaturalParallel } from "./score_parallel.ts";
// tallies the natural-package notebooks print
export {
  agreementRow,
  certifyAll,
  conversionTallies,
  importedLabeler,
  lexicalGridLabels,
  sameCoverage,
  tallyText,
} from "./notebook_tallies.ts";
