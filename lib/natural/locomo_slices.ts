/**
 * All LoCoMo QA items to support-slice packages, with issue records and a
 * quick summary.
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
 * Sample-level issues of a LoCoMo sample (sessions with a date but no turns,
 * with turns but no date, duplicate or misplaced turn ids).
 *
 * @param sample a validated LoCoMo sample
 * @returns the issues, with `qa_index` null
 */
export function locomoSampleIssues(sample: LocomoSample): SliceIssue[] {
  return [...indexSample(sample).issues];
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
    issues.push(...locomoSampleIssues(sample));
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

/** Minimum, median (lower middle for even counts), mean and maximum of a count. */
export interface CountStats {
  /** Smallest count. */
  min: number;
  /** Median count. */
  median: number;
  /** Mean count. */
  mean: number;
  /** Largest count. */
  max: number;
}

/** Required-unit coverage counts over the packages (the own query's units). */
export interface CoverageCounts {
  /** Every required unit is covered by some candidate. */
  all: number;
  /** Some, not all. */
  some: number;
  /** None: OPT is 0 at every budget. */
  none: number;
}

/** Result of {@linkcode summarizeSlices}. */
export interface SliceSummary {
  /** Number of samples. */
  samples: number;
  /** Number of QA items. */
  qaItems: number;
  /** QA items per outcome. */
  outcomes: Record<SliceOutcome, number>;
  /** Per LoCoMo category code: QA items and outcomes. */
  byCategory: Record<string, { qa: number } & Record<SliceOutcome, number>>;
  /** Issue counts by code, codes sorted. */
  issuesByCode: Record<string, number>;
  /** Package sizes. */
  sizes: {
    experiences: CountStats;
    candidates: CountStats;
    units: CountStats;
    queries: CountStats;
  };
  /** Coverage of the own query's units by any candidate. */
  coverage: CoverageCounts;
  /** The same, counting only candidates whose cost is at most the package's largest budget. */
  coverageWithinBudget: CoverageCounts;
}

function stats(xs: number[]): CountStats {
  if (xs.length === 0) return { min: 0, median: 0, mean: 0, max: 0 };
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0],
    median: s[Math.floor((s.length - 1) / 2)],
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    max: s[s.length - 1],
  };
}

function coveredShare(pkg: Package, maxCost: number): "all" | "some" | "none" {
  const cost = new Map(pkg.candidates.map((c) => [c.id, c.cost]));
  const required = pkg.queries[0]?.required_units ?? [];
  const covered = new Set(
    pkg.coverage.filter((c) => c.value > 0 && cost.get(c.candidate)! <= maxCost).map((c) => c.unit),
  );
  const n = required.filter((u) => covered.has(u)).length;
  return n === 0 ? "none" : n === required.length ? "all" : "some";
}

/**
 * Counts of a conversion: outcomes overall and by category, issues by code,
 * package sizes, and how many packages have required units covered at all
 * (OPT > 0 needs at least one covered weighted unit).
 *
 * @param slices output of {@linkcode locomoSlices}
 * @returns the summary
 */
export function summarizeSlices(slices: LocomoSlices): SliceSummary {
  const outcomes: Record<SliceOutcome, number> = { package: 0, unresolved: 0, skipped: 0 };
  const byCategory: SliceSummary["byCategory"] = {};
  for (const r of slices.records) {
    outcomes[r.outcome]++;
    const c = byCategory[String(r.category)] ??= { qa: 0, package: 0, unresolved: 0, skipped: 0 };
    c.qa++;
    c[r.outcome]++;
  }
  const counts: Record<string, number> = {};
  for (const i of slices.issues) counts[i.code] = (counts[i.code] ?? 0) + 1;
  const issuesByCode: Record<string, number> = {};
  for (const k of Object.keys(counts).sort()) issuesByCode[k] = counts[k];
  const coverage: CoverageCounts = { all: 0, some: 0, none: 0 };
  const coverageWithinBudget: CoverageCounts = { all: 0, some: 0, none: 0 };
  for (const p of slices.packages) {
    coverage[coveredShare(p, Infinity)]++;
    coverageWithinBudget[coveredShare(p, Math.max(0, ...p.budgets))]++;
  }
  const ps = slices.packages;
  return {
    samples: slices.samples,
    qaItems: slices.records.length,
    outcomes,
    byCategory,
    issuesByCode,
    sizes: {
      experiences: stats(ps.map((p) => p.experiences.length)),
      candidates: stats(ps.map((p) => p.candidates.length)),
      units: stats(ps.map((p) => p.units.length)),
      queries: stats(ps.map((p) => p.queries.length)),
    },
    coverage,
    coverageWithinBudget,
  };
}
