/**
 * The writer registry: method id → writer (ARTIFACT-SPEC §4.4, App. A.1).
 *
 * @module
 */
import { densityOnly } from "./density_only.ts";
import { estimatedGvt, estimatedUtility } from "./estimated_writers.ts";
import { factOnly, greedy, summaryOnly } from "./greedy.ts";
import { gvtTheorem2 } from "./gvt_theorem2.ts";
import { oracleGvt } from "./oracle_gvt.ts";
import { amemGraph, mem0Extract } from "./proxy_writers.ts";
import { recencyRaw, reservoirRaw } from "./raw_selectors.ts";
import { genericCandidateGvt, noTombstoneGreedy, noTombstoneGvt } from "./restricted_writers.ts";
import type { Writer } from "./types.ts";

/**
 * Every writer by method id, with default options (`gvt_theorem2` uses the singleton bounds on OPT
 * and ε = 0.1; the estimated writers use the `gemini_flash_lite_v1` profile; `mem0_extract` and
 * `amem_graph` are the App. A.2 text proxies). The exact methods (`opt`, `no_tombstone_opt`, ...)
 * are solvers, not writers, and are not here.
 */
export const WRITERS: Readonly<Record<string, Writer>> = {
  oracle_gvt: oracleGvt,
  density_only: densityOnly,
  greedy: (cp, budget) => greedy(cp, budget),
  fact_only: factOnly,
  summary_only: summaryOnly,
  recency_raw: recencyRaw,
  reservoir_raw: reservoirRaw,
  no_tombstone_gvt: noTombstoneGvt,
  no_tombstone_greedy: noTombstoneGreedy,
  generic_candidate_gvt: genericCandidateGvt,
  gvt_theorem2: (cp, budget) => gvtTheorem2(cp, budget),
  estimated_gvt: (cp, budget) => estimatedGvt(cp, budget),
  estimated_utility: (cp, budget) => estimatedUtility(cp, budget),
  mem0_extract: mem0Extract,
  amem_graph: amemGraph,
};

/** Display names by method id (as plotted; `oracle_gvt` is "MemAudit-GVT"). */
export const WRITER_LABELS: Readonly<Record<string, string>> = {
  oracle_gvt: "MemAudit-GVT",
  density_only: "Density-only",
  greedy: "Greedy",
  fact_only: "Fact-only",
  summary_only: "Summary-only",
  recency_raw: "Recency raw",
  reservoir_raw: "Reservoir raw",
  no_tombstone_gvt: "No-tombstone GVT",
  no_tombstone_greedy: "No-tombstone greedy",
  generic_candidate_gvt: "Generic-candidate GVT",
  gvt_theorem2: "GVT (theorem-2 grid)",
  estimated_gvt: "Estimated-GVT",
  estimated_utility: "Estimated utility",
  mem0_extract: "Mem0 proxy",
  amem_graph: "A-Mem proxy",
};

/**
 * Looks up a writer by method id.
 *
 * @param id method id, e.g. "oracle_gvt"
 * @returns the writer
 * @throws {RangeError} if no writer has that id
 */
export function getWriter(id: string): Writer {
  // Own keys only: `toString` names no writer (Object.prototype's is not one).
  const w = Object.hasOwn(WRITERS, id) ? WRITERS[id] : undefined;
  if (w === undefined) {
    throw new RangeError(
      `Cannot find writer '${id}': expected one of ${Object.keys(WRITERS).join(", ")}`,
    );
  }
  return w;
}
