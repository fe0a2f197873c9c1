/**
 * The papers' reported numbers, in one place: reference data, never ours. Each table is decoded
 * from its paper (JSON under data/expected/, or written out where the paper prints a table) and
 * is shown beside our numbers in the notebooks, labelled as the paper's:
 * - paper 000: the exact sweep's and the stress suite's cells (ARTIFACT-SPEC §7), the Natural-87
 *   table (§5), Table 4 (systems under the union denominator) and the LongMemEval reliability
 *   table;
 * - paper 002: the main table and the failure table (COMPANIONS §1), and a check of a run's
 *   numbers against them.
 *
 * @module
 */
export {
  compareExactSweep,
  compareStress,
  type Comparison,
  type PaperExpected,
  paperExpected,
  type StressCell,
  type SweepCell,
} from "./expected.ts";
export { PAPER_NATURAL87, type PaperNatural } from "./natural87.ts";
export {
  PAPER_COST_RULES_B100,
  PAPER_EXTERNAL_B100,
  PAPER_TABLE4,
  type PaperExternalRow,
  type PaperSystemRow,
} from "./table4.ts";
export { PAPER_RELIABILITY, type PaperReliabilityRow } from "./reliability.ts";
export {
  type CheckPaper002Options,
  checkPaper002Tables,
  PAPER002_FAILURE_TABLE,
  PAPER002_MAIN_TABLE,
  PAPER002_SOURCE,
  type Paper002FailureRow,
  type Paper002LocomoFact,
  type Paper002MainRow,
  type TableCheck,
} from "./paper002.ts";
