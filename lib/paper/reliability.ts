/**
 * Paper 000's natural-package reliability table (§5, Table "Natural package reliability"), as
 * reported: reference data to show beside memaudit's counts, never ours.
 *
 * @module
 */
import { PAPER_NATURAL87 } from "./natural87.ts";

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

/**
 * The paper's table, in its order (paper 000 §5): the rows of
 * `data/expected/paper_000_natural87.json`, `accepted_corrected` as `accepted`.
 */
export const PAPER_RELIABILITY: readonly PaperReliabilityRow[] = Object.freeze(
  PAPER_NATURAL87.reliability.map((r) => ({
    package: r.package,
    attempted: r.attempted,
    accepted: r.accepted_corrected,
    flagged: r.flagged,
    role: r.role,
  })),
);
