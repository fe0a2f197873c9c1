/**
 * Memory-writing policies (writers): MemAudit-GVT, density-only, greedy,
 * type-restricted and raw baselines, no-tombstone ablations, the theorem-2
 * GVT, the estimated-utility writers and two text proxies (paper 000 §3;
 * ARTIFACT-SPEC §4.4, App. A.1, A.2). A writer result is never a certificate.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./types.ts";
export * from "./oracle_gvt.ts";
export * from "./density_only.ts";
export * from "./greedy.ts";
export * from "./raw_selectors.ts";
export * from "./stable_hash.ts";
export * from "./restrict_package.ts";
export * from "./restricted_writers.ts";
export * from "./gvt_theorem2.ts";
export * from "./estimate.ts";
export * from "./estimated_writers.ts";
export * from "./proxy_writers.ts";
export * from "./registry.ts";
