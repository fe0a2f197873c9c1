/**
 * LongMemEval (Wu et al., ICLR 2025; paper 000 §5 and appendix "LongMemEval Transfer
 * Diagnostics"): the files as published, streamed; natural support-slice packages with their
 * reliability counts; the transfer diagnostic's offline half (the paper's reliability table:
 * `memaudit/paper`).
 *
 * Entry point `memaudit/longmemeval` (deno.json `exports["./longmemeval"]`).
 *
 * @example The reader half of the transfer diagnostic is labelled, not skipped
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRANSFER_READER_STATUS } from "./mod.ts";
 * assert.ok(TRANSFER_READER_STATUS.startsWith("not run offline"));
 * ```
 *
 * @module
 */
// read.ts names them LongMemEvalInstance / LongMemEvalTurn, and `memaudit/scale` exports the same
// types under those names; this entry point has always called them LongMemEvalQuestion /
// LongMemEvalQuestionTurn, and keeps doing so.
export {
  type LongMemEvalInstance as LongMemEvalQuestion,
  type LongMemEvalTurn as LongMemEvalQuestionTurn,
  readLongMemEval,
} from "./read.ts";
export {
  LONGMEMEVAL_FLAG_REASONS,
  type LongMemEvalFlagReason,
  type LongMemEvalReliability,
  type LongMemEvalSlice,
  type ReliabilityCounts,
} from "./natural.ts";
export { naturalLongMemEval } from "./score.ts";
export { TRANSFER_READER_STATUS, transferDiagnostic, type TransferRow } from "./transfer.ts";
