/**
 * Paper 000's natural-package reliability table (§5, Table "Natural package reliability"), as
 * reported: reference data to show beside memaudit's counts, never ours.
 *
 * @module
 */

/** One row of the paper's reliability table (flagged null where the paper prints "--"). */
export interface PaperReliabilityRow {
  /** The package set. */
  package: string;
  /** Examples attempted. */
  attempted: number;
  /** Accepted or corrected. */
  accepted: number;
  /** Flagged, or null ("--" in the paper). */
  flagged: number | null;
  /** The paper's audit role. */
  role: string;
}

/** The paper's table, in its order (paper 000 §5). */
export const PAPER_RELIABILITY: readonly PaperReliabilityRow[] = Object.freeze([
  {
    package: "Natural-200 primary",
    attempted: 200,
    accepted: 200,
    flagged: null,
    role: "scalable package construction",
  },
  {
    package: "Adjudicated subset",
    attempted: 100,
    accepted: 87,
    flagged: 13,
    role: "main natural scoring set",
  },
  {
    package: "Flash-Lite spot-check",
    attempted: 30,
    accepted: 29,
    flagged: 1,
    role: "independent consistency check",
  },
  {
    package: "Human-edited seed set",
    attempted: 100,
    accepted: 100,
    flagged: null,
    role: "prompt/schema development",
  },
]);
