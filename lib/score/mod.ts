/** Scorers: ratios, bootstrap, update metrics, aggregation, audits. @module */
export * from "./ratio.ts";
export { artifactBootstrap, type ArtifactBootstrapOptions } from "./bootstrap.ts";
export * from "./bootstrap_ci.ts";
export * from "./metrics.ts";
export * from "./aggregate.ts";
export * from "./audit.ts";
export * from "./ledger.ts";
export * from "./agreement.ts";
export * from "./cluster_bootstrap.ts";
