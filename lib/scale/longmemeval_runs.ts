/**
 * The graded LongMemEval runs of the optional shared data folder
 * (`../shared/data/longmemeval-runs/`, see its README): one reader (Llama-3.1-8B with
 * Chain-of-Note, judged by gpt-4o-mini) at the oracle and the S scale, 500 shared question ids.
 * Notebook 08 scores them with {@linkcode scoreQaScales}; without the folder it skips them.
 *
 * @module
 */
import { sharedDataPath } from "../natural/shared_data.ts";
import { jsonlLines, parseJsonlLine } from "../base/jsonl.ts";
import { asObject } from "../base/json_object.ts";
import { type QaScaleRun, readQaEvaluation } from "./qa_scales.ts";

/** The two runs, in ladder order: label and path inside `../shared/data/`. */
export const SHARED_LONGMEMEVAL_RUNS: readonly { label: string; name: string }[] = [
  { label: "oracle", name: "longmemeval-runs/oracle_con_20251215-1521.jsonl" },
  { label: "s", name: "longmemeval-runs/s_rag-stella-turn-top50_con_20251212-0340.jsonl" },
];

/** One shared run, read: its verdicts and the reader's median prompt size. */
export interface SharedLongMemEvalRun extends QaScaleRun {
  /** Median of `tokens.prompt_tokens` (or `usage.prompt_tokens`) over the lines that have it. */
  medianPromptTokens: number | null;
}

/**
 * Median reader prompt size of an evaluate_qa output: `tokens.prompt_tokens`, else
 * `usage.prompt_tokens`, over the lines that carry one (the upper median of an even count is
 * averaged with the lower).
 *
 * @param text the JSONL content
 * @param file its name, for errors
 * @returns the median, or null when no line has a count
 * @throws {InputError} for a line that is not strict JSON (naming the file and line)
 */
export function medianPromptTokens(text: string, file = "<memory>"): number | null {
  const xs: number[] = [];
  for (const { line, text: s } of jsonlLines(text)) {
    const o = asObject(parseJsonlLine(s, file, line));
    const t = asObject(o?.tokens)?.prompt_tokens ?? asObject(o?.usage)?.prompt_tokens;
    if (typeof t === "number" && Number.isFinite(t)) xs.push(t);
  }
  if (xs.length === 0) return null;
  xs.sort((a, b) => a - b);
  const m = xs.length >> 1;
  return xs.length % 2 === 1 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

/**
 * Reads the shared runs, or returns null when any is missing.
 *
 * @param dir the shared data folder (default: `../shared/data/` beside the checkout)
 * @returns the runs in ladder order, or null
 * @throws {InputError} when a file is there but malformed
 */
export async function loadSharedLongMemEvalRuns(
  dir?: string,
): Promise<SharedLongMemEvalRun[] | null> {
  const out: SharedLongMemEvalRun[] = [];
  for (const r of SHARED_LONGMEMEVAL_RUNS) {
    const path = sharedDataPath(r.name, dir);
    if (path === null) return null;
    const text = await Deno.readTextFile(path);
    out.push({
      label: r.label,
      file: path,
      verdicts: readQaEvaluation(text, path),
      medianPromptTokens: medianPromptTokens(text, path),
    });
  }
  return out;
}
