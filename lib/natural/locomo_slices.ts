/**
 * All LoCoMo QA items to support-slice packages, with issue records.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import type { LocomoSample } from "./load_locomo.ts";
import { type LocomoSliceOptions, locomoSupportSlice } from "./locomo.ts";
import type { SliceIssue } from "./slice_issue.ts";
import { indexSample } from "./dialogue.ts";

/** Outcome of one QA item. */
export type SliceOutcome = "package" | "unresolved" | "skipped";

/** One QA item's conversion. */
export interface SliceRecord {
  /** LoCoMo `sample_id` (e.g. `conv-26`). */
  sample_id: string;
  /** Index of the QA item in `sample.qa`. */
  qa_index: number;
  /** LoCoMo category code (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial). */
  category: number;
  /** What became of the item. */
  outcome: SliceOutcome;
  /** The support-slice package, or null when none was made. */
  package: Package | null;
  /** Issues the converter reported for the item. */
  issues: SliceIssue[];
}

/** Result of {@linkcode locomoSlices}. */
export interface LocomoSlices {
  /** Number of samples converted. */
  samples: number;
  /** One record per QA item, in (sample, QA) file order. */
  records: SliceRecord[];
  /** The packages produced, in record order. */
  packages: Package[];
  /** Sample-level issues (qa_index null) of each sample, then its slice issues. */
  issues: SliceIssue[];
}

/**
 * Converts every QA item of every sample with {@linkcode locomoSupportSlice}.
 *
 * @param samples validated LoCoMo samples
 * @param opts converter options (granularity, budgets, adversarial items)
 * @returns records, packages and all issues
 *
 * @example Count packages
 * ```ts
 * import assert from "node:assert/strict";
 * import { locomoSlices } from "./locomo_slices.ts";
 * const out = locomoSlices([]);
 * assert.ok(out.packages.length === 0);
 * ```
 */
export function locomoSlices(
  samples: readonly LocomoSample[],
  opts: LocomoSliceOptions = {},
): LocomoSlices {
  const records: SliceRecord[] = [];
  const packages: Package[] = [];
  const issues: SliceIssue[] = [];
  for (const sample of samples) {
    // Sample-level issues (sessions without turns or date, duplicate or misplaced turn ids).
    issues.push(...indexSample(sample).issues);
    sample.qa.forEach((qa, j) => {
      const r = locomoSupportSlice(sample, j, opts);
      const outcome: SliceOutcome = r.package
        ? "package"
        : r.issues.some((i) => i.severity === "skip")
        ? "skipped"
        : "unresolved";
      records.push({
        sample_id: sample.sample_id,
        qa_index: j,
        category: qa.category,
        outcome,
        package: r.package,
        issues: r.issues,
      });
      if (r.package) packages.push(r.package);
      issues.push(...r.issues);
    });
  }
  return { samples: samples.length, records, packages, issues };
}
