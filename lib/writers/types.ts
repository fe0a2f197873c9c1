/**
 * Result types shared by every memory-writing policy (writer).
 *
 * A writer result is a heuristic store, never a certificate: it has no status, bound or gap and
 * must never be labelled OPT. Exact optima come from the solvers (`lib/certificate/result.ts`).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";

export { TOL } from "../objective.ts";

/** One insertion made by a writer, in selection order. */
export interface WriterStep {
  /** Candidate id inserted at this step. */
  candidate: string;
  /** Oracle marginal gain Δ(c | store before the step), in weight units. */
  gain: number;
  /** Storage cost of the candidate, in cost units. */
  cost: number;
  /** gain / max(cost, 1e-12), in weight units per cost unit. */
  density: number;
  /** F of the store after the step, in weight units. */
  value: number;
  /** Estimated marginal used for the decision (estimated writers only). */
  estimated?: number;
}

/** What a writer returns: its store, its value under the oracle F and its trace. */
export interface WriterResult {
  /** Method id, e.g. "oracle_gvt". */
  writer: string;
  /** Display name, e.g. "MemAudit-GVT". */
  label: string;
  /** Budget B, in cost units. */
  budget: number;
  /** Candidate ids in the writer's selection order (see each writer). */
  store: string[];
  /** F(store), re-evaluated on the full package, in weight units. */
  value: number;
  /** Total cost of the store, in cost units. */
  cost: number;
  /** One step per insertion, in selection order. */
  trace: WriterStep[];
  /** Writer-specific facts, e.g. the chosen threshold and the grid size. */
  details?: Record<string, unknown>;
}

/** A memory-writing policy: a compiled package and a budget B to a store. */
export type Writer = (cp: CompiledPackage, budget: number) => WriterResult;
