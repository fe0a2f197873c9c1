/**
 * The paper's natural-package numbers (Natural-87: LongMemEval-S support
 * slices with Gemini labels; ARTIFACT-SPEC §7.4), kept as data in
 * `data/expected/paper_000_natural87.json`, to show beside ours. Different data:
 * never asserted equal to LoCoMo results.
 *
 * @module
 */
import raw from "../../data/expected/paper_000_natural87.json" with { type: "json" };

/** Shape of `data/expected/paper_000_natural87.json`. */
export interface PaperNatural {
  /** Where the numbers come from (paper, section, figure or table). */
  source: string;
  /** The budgets B the ratios are given at (30, 60, 100). */
  budgets: number[];
  /** Mean package ratio per writer and budget (and the B = 100 interval where reported). */
  writers: Record<string, { label: string; ratio: number[]; ci_b100?: number[] }>;
  /** Sensitivity of OPT to k and to the byte-overhead cost rule. */
  sensitivity: {
    opt_k1: number[];
    opt_k2: number[];
    mean_k2_over_k1: number[];
    byte_overhead_opt: number[];
    mean_byte_over_default: number[];
    k2_change_pct_range: number[];
  };
  /** Package construction reliability (Table 2 rows). */
  reliability: {
    package: string;
    attempted: number;
    accepted_corrected: number;
    flagged: number | null;
    role: string;
  }[];
  /** Agreement of coverage labels between annotators and models. */
  coverage_audit: {
    cells: number;
    human_human: { kappa: number; percent: number };
    human_gemini: { kappa: number; percent: number; cells: number };
    sonnet_gemini_kappa: number;
    ratio_mean_abs_diff: number;
    rank_correlation: number;
  };
}

/** The paper's Natural-87 numbers (B = 30, 60, 100). */
export const PAPER_NATURAL87: Readonly<PaperNatural> = raw as PaperNatural;
