/**
 * Natural packages from public conversation data: LoCoMo loading, support
 * slices, and the data source (download, sha256 check, cache).
 *
 * @module
 */
export * from "./data_source.ts";
export * from "./load_locomo.ts";
export * from "./locomo.ts";
export * from "./locomo_slices.ts";
export * from "./slice_issue.ts";
