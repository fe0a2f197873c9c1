/**
 * Natural packages from public conversation data: LoCoMo loading, support
 * slices with every representation, the audit trail, cost rules, scoring
 * with clustered intervals and the sensitivity comparisons, and the data
 * source (download, sha256 check, cache).
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./data_source.ts";
export * from "./shared_data.ts";
export * from "./load_locomo.ts";
export * from "./locomo.ts";
export * from "./locomo_slices.ts";
export * from "./slice_issue.ts";
export * from "./categories.ts";
export * from "./audit.ts";
export * from "./convert.ts";
export * from "./cost_rules.ts";
export * from "./score_natural.ts";
export * from "./paper_natural.ts";
export * from "./score_parallel.ts";
