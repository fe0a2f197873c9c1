/**
 * Coverage adjudication (paper 000 §2, definition 2; paper 001 coverage
 * audit): the Adjudicator interface, a deterministic lexical adjudicator,
 * imported labelings keyed by content hash, an optional LLM adjudicator,
 * package relabelling, the coverage grid, and the agreement statistics.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./types.ts";
export * from "./content_key.ts";
export * from "./lexical.ts";
export * from "./relabel.ts";
export * from "./cells.ts";
export * from "./imported.ts";
export * from "./llm.ts";
export * from "../score/agreement.ts";
export * from "../score/cluster_bootstrap.ts";
