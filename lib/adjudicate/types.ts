/**
 * The adjudication layer's contract: given a memory's text and a package's
 * evidence units, say which units the memory covers and how fully
 * (a coverage row a_ur in [0, 1], paper 000 §2 and definition 2).
 * Implementations: source-backed (from the data's links), lexical
 * (deterministic), imported (rows produced elsewhere, keyed by a content
 * hash) and an optional LLM adjudicator.
 *
 * @module
 */

/** An evidence unit as an adjudicator sees it. */
export interface UnitView {
  /** Unit id. */
  id: string;
  /** The unit's text. */
  text: string;
  /** The unit's family (e.g. `fact`, `temporal`). */
  family: string;
}

/** One adjudication question: which of `units` does `memory` cover? */
export interface AdjudicationRequest {
  /** Package (or slice) the units belong to. */
  packageId: string;
  /** The memory to judge: its id and text. */
  memory: { id: string; text: string };
  /** The evidence units it may cover. */
  units: readonly UnitView[];
  /** The future query, when the adjudicator may see it. */
  question?: string;
}

/** One coverage cell with its provenance. */
export interface CoverageEdge {
  /** Unit id. */
  unit: string;
  /** a_ur in [0, 1]; 0 edges may be omitted. */
  value: number;
  /** `source`, `lexical`, `imported:<name>`, `llm:<model>`, ... */
  provenance: string;
  /** Why, when the adjudicator says. */
  rationale?: string;
}

/** Anything that produces coverage rows for memories. */
export interface Adjudicator {
  /** Short name, used in provenance labels. */
  readonly name: string;
  /** The coverage row of `request.memory` over `request.units` (edges with value 0 may be left out). */
  adjudicate(request: AdjudicationRequest): Promise<CoverageEdge[]>;
}
