/**
 * Scorers: ratios, bootstrap, update metrics, aggregation, audits.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./ratio.ts";
export { artifactBootstrap, type ArtifactBootstrapOptions } from "./bootstrap.ts";
export * from "./bootstrap_ci.ts";
export * from "./metrics.ts";
export * from "./aggregate.ts";
export * from "./audit.ts";
export * from "./ledger.ts";
export * from "./agreement.ts";
export * from "./cluster_bootstrap.ts";
export * from "./failure_summary.ts";
