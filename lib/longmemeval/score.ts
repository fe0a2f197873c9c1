/**
 * Natural packages of a whole LongMemEval file, scored (paper 000 §5): each question streamed,
 * converted ({@linkcode longMemEvalSupportSlice}), its coverage optionally re-adjudicated, and the
 * accepted packages certified and scored with every writer (`scoreNatural`, the LoCoMo packages'
 * certification). The CLI's `natural --longmemeval` and notebook 05 both call this.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import type { Adjudicator } from "../adjudicate/types.ts";
import { adjudicatePackage } from "../adjudicate/relabel.ts";
import { NATURAL_METHODS, type NaturalScoreRow, scoreNatural } from "../natural/score_natural.ts";
import {
  LONGMEMEVAL_FLAG_REASONS,
  type LongMemEvalReliability,
  type LongMemEvalSlice,
  longMemEvalSupportSlice,
  reliabilityCounts,
} from "./natural.ts";
import { readLongMemEval } from "./read.ts";

/**
 * Converts and scores every question of a LongMemEval file.
 *
 * @param path the file (plain JSON list or gzip)
 * @param opts budgets, writers, k, adjudicator, callbacks
 * @returns reliability counts, flagged questions, score rows, warnings
 * @throws {InputError} for a bad file (see `readLongMemEval`)
 * @throws {RangeError} for an unknown writer id
 */
export async function naturalLongMemEval(
  path: string,
  opts: {
    /** Budgets (default 30, 60, 100). */
    budgets?: readonly number[];
    /** Writer ids (default `NATURAL_METHODS`). */
    methods?: readonly string[];
    /** Group cap k of OPT (default each package's). */
    k?: number;
    /** Replaces the lexical coverage of every package (imported or LLM labels). */
    adjudicator?: Adjudicator;
    /** Given every package built (accepted and flagged), e.g. to write it. */
    onPackage?: (pkg: Package, slice: LongMemEvalSlice) => void;
    /** Told each warning (also returned). */
    onWarning?: (w: string) => void;
  } = {},
): Promise<{
  /** Reliability counts, over all and per question type. */
  reliability: LongMemEvalReliability;
  /** Flagged questions and why. */
  flagged: { question_id: string; reason: string }[];
  /** Rows of the accepted packages, as `scoreNatural` gives them. */
  rows: NaturalScoreRow[];
  /** Evidence turns of accepted questions whose answer was not located (whole-turn units). */
  whole_turn_units: number;
  /** Every warning of the reader and the run. */
  warnings: string[];
}> {
  const budgets = [...(opts.budgets ?? [30, 60, 100])];
  const methods = [...(opts.methods ?? NATURAL_METHODS)];
  const warnings: string[] = [];
  const warn = (w: string) => {
    warnings.push(w);
    opts.onWarning?.(w);
  };
  const rows: NaturalScoreRow[] = [];
  const slices: Pick<LongMemEvalSlice, "question_type" | "status">[] = [];
  const flagged: { question_id: string; reason: string }[] = [];
  let wholeTurn = 0;
  scoreNatural([], { budgets, methods }); // an unknown writer id fails before any reading
  for await (const q of readLongMemEval(path, { onWarning: warn })) {
    const slice = longMemEvalSupportSlice(q, {
      budgets,
      ...(opts.adjudicator ? { lexical: false as const } : {}),
    });
    let pkg = slice.package;
    if (pkg && opts.adjudicator) pkg = await adjudicatePackage(pkg, opts.adjudicator);
    slices.push({ question_type: slice.question_type, status: slice.status });
    if (slice.status === "flagged") {
      for (const r of slice.reasons) {
        flagged.push({ question_id: slice.question_id, reason: LONGMEMEVAL_FLAG_REASONS[r] });
      }
    } else {
      wholeTurn += slice.not_located.length;
      rows.push(...scoreNatural([pkg!], { budgets, methods, k: opts.k }));
    }
    if (pkg) opts.onPackage?.(pkg, slice);
  }
  if (wholeTurn > 0) {
    warn(
      `${wholeTurn} evidence turn(s) of accepted questions have no sentence carrying the answer: each is one whole-turn unit (packages' meta.not_located)`,
    );
  }
  return {
    reliability: reliabilityCounts(slices),
    flagged,
    rows,
    whole_turn_units: wholeTurn,
    warnings,
  };
}
