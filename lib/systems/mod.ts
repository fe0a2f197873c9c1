/**
 * Exported memory systems (paper 000 definition 2, Table 4; ARTIFACT-SPEC
 * §1.5, §6.5, §6.6): adapters reading Mem0, Letta, A-Mem and generic JSONL
 * exports into one memory-store type, memory cost models, the union
 * denominator with pruning selectors, writer-store export for round trips,
 * and the paper's Table 4 numbers.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./memory_store.ts";
export * from "./export_error.ts";
export * from "./cost_models.ts";
export * from "./mem0_get_all.ts";
export * from "./mem0_events.ts";
export * from "./core_atoms.ts";
export * from "./letta_memory.ts";
export * from "./letta_agent_file.ts";
export * from "./filter_scope.ts";
export * from "./amem_notes.ts";
export * from "./generic_jsonl.ts";
export * from "./read_store.ts";
export * from "./writer_export.ts";
export * from "./time_order.ts";
export * from "./package_text_adjudicator.ts";
export * from "./salience_estimate.ts";
export * from "./pruning.ts";
export * from "./union_score.ts";
export * from "./paper_table4.ts";
export * from "./summarize_union.ts";
