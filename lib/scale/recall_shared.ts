/**
 * Evidence recall on the shared LongMemEval files (`../shared/data/longmemeval/`, issue 28 item
 * 6; notebook 08): the real ladder oracle → S with intermediate rungs cut from each S haystack
 * (evidence sessions fixed, the question's own non-evidence sessions added in a seeded order,
 * {@linkcode buildLadder} with N_irr 0, 10, 20, 30, all), BM25 evidence recall at every rung
 * ({@linkcode scaleRecall}) on the questions every rung has, and the join with the shared
 * reader's graded outputs ({@linkcode readerRetrievalJoin}).
 *
 * @module
 */
import { join } from "node:path";
import { readLongMemEval } from "../longmemeval/read.ts";
import { sharedDataPath } from "../natural/shared_data.ts";
import { buildLadder, writeLadder } from "./ladder.ts";
import { type RecallReport, type RecallRung, scaleRecall } from "./recall.ts";
import type { QaScaleRun } from "./qa_scales.ts";
import { longMemEvalLadderSource } from "./sources/longmemeval.ts";

/** The shared files, inside `../shared/data/`. */
export const SHARED_LONGMEMEVAL_FILES = {
  oracle: "longmemeval/longmemeval_oracle_301.json.gz",
  s: "longmemeval/longmemeval_s_30.json.gz",
} as const;

/** The intermediate rungs cut from S (the last, `all`, is S's own haystack). */
export const SHARED_RUNG_N_IRR: readonly (number | "all")[] = [0, 10, 20, 30, "all"];

/**
 * Builds the intermediate rungs from the shared S file into `tmp` and scores BM25 evidence
 * recall along oracle → n0 … n30 → all → S, on the questions every rung has (the 30 S
 * questions), at turn level.
 *
 * @param tmp a folder for the rung files (written atomically; the caller removes it)
 * @param opts seed, cut-offs, resamples, alpha, data folder
 * @returns the rungs, the report and the ladder summary, or null when the shared files are absent
 * @throws {InputError} when a shared file is there but malformed
 */
export async function sharedLongMemEvalRecall(
  tmp: string,
  opts: {
    /** Ladder seed (default 0). */
    seed?: number | string;
    /** Cut-offs (default 5, 10, 50). */
    ks?: readonly number[];
    /** Bootstrap resamples (default 2,000). */
    resamples?: number;
    /** Threshold of s* (default 0.7). */
    alpha?: number;
    /** The shared data folder (default `../shared/data/` beside the checkout). */
    dir?: string;
  } = {},
): Promise<
  {
    /** Rungs in order: oracle, n0, n10, n20, n30, all (S's own sessions), s (the S file). */
    rungs: RecallRung[];
    /** The recall report over the questions every rung has. */
    report: RecallReport;
    /** Per intermediate rung: N_irr (the `all` rung: its largest) and mean sessions per question. */
    ladder: { label: string; nIrr: number | "all"; meanSessions: number }[];
    /** Ladder issues (e.g. a session id repeated in an S haystack, left out of the rungs). */
    ladderIssues: { code: string; ref: string; detail: string }[];
  } | null
> {
  const oracle = sharedDataPath(SHARED_LONGMEMEVAL_FILES.oracle, opts.dir);
  const s = sharedDataPath(SHARED_LONGMEMEVAL_FILES.s, opts.dir);
  if (oracle === null || s === null) return null;
  // Read and checked once. The reader's notes on S (one numeric answer, two repeated session ids,
  // questions without an evidence turn) change no recall number here: the repeats come back as
  // ladder issues (`ladderIssues`), and scaleRecall reads every rung again with its own warnings.
  const items = await Array.fromAsync(readLongMemEval(s, { onWarning: () => {} }));
  const source = longMemEvalLadderSource(items, [s]);
  const ladder = buildLadder(source, { seed: opts.seed ?? 0, nIrr: SHARED_RUNG_N_IRR });
  await writeLadder(ladder, tmp);
  const labels = ladder.scales.map((sc) => sc.all ? "all" : `n${sc.nIrr}`);
  const rungs: RecallRung[] = [
    { label: "oracle", path: oracle },
    ...ladder.scales.map((sc, j) => ({
      label: labels[j],
      path: join(tmp, `instances_${sc.label}.json`),
    })),
    { label: "s", path: s },
  ];
  const report = await scaleRecall(rungs, {
    ks: opts.ks ?? [5, 10, 50],
    resamples: opts.resamples,
    alpha: opts.alpha,
    seed: opts.seed,
    sharedOnly: true,
  });
  return {
    rungs,
    report,
    ladder: ladder.scales.map((sc, j) => ({
      label: labels[j],
      nIrr: sc.all ? "all" : sc.nIrr,
      meanSessions: ladder.queries.reduce((a, q) => a + q.rungs[j].sessions.length, 0) /
        ladder.queries.length,
    })),
    ladderIssues: ladder.issues,
  };
}

/**
 * Joins a reader's graded outputs at two scales with evidence recall per question: of the
 * questions the reader lost (correct at `from`, wrong at `to`) among those retrieval scored at
 * `rung`, how many had all (and any) of their evidence turns in the top k.
 *
 * @param runs the reader's graded runs (e.g. {@linkcode loadSharedLongMemEvalRuns}), with labels
 * @param report a recall report holding `rung` and the metrics at k
 * @param o `from`, `to` (reader labels; default oracle, s), `rung` (default s), `k` (default 50)
 * @returns the counts and the ids
 * @throws {RangeError} when a label is missing or k was not scored
 */
export function readerRetrievalJoin(
  runs: readonly QaScaleRun[],
  report: RecallReport,
  o: { from?: string; to?: string; rung?: string; k?: number } = {},
): {
  /** The reader's scales joined (from → to) and the retrieval rung and k used. */
  from: string;
  /** The later scale. */
  to: string;
  /** Retrieval rung label. */
  rung: string;
  /** Cut-off k. */
  k: number;
  /** Questions graded at both reader scales and scored by retrieval at the rung. */
  joined: number;
  /** Of those, correct at `from` and wrong at `to`. */
  lost: string[];
  /** Of the lost, every evidence turn in the top k (recall_all@k = 1). */
  lostAllInTopK: string[];
  /** Of the lost, at least one evidence turn in the top k (recall_any@k = 1). */
  lostAnyInTopK: string[];
  /** The same counts for the questions the reader kept (correct at both). */
  kept: number;
  /** Kept questions with every evidence turn in the top k. */
  keptAllInTopK: number;
} {
  const from = o.from ?? "oracle", to = o.to ?? "s", rung = o.rung ?? "s", k = o.k ?? 50;
  const run = (label: string) => {
    const r = runs.find((x) => x.label === label);
    if (!r) throw new RangeError(`Cannot join: no reader run labelled "${label}"`);
    return new Map(r.verdicts.map((v) => [v.question_id, v.label]));
  };
  if (!report.params.ks.includes(k)) throw new RangeError(`Cannot join: k = ${k} was not scored`);
  const a = run(from), b = run(to);
  const rows = report.questions.filter((q) => q.label === rung);
  if (rows.length === 0) throw new RangeError(`Cannot join: no question scored at rung "${rung}"`);
  const joined = rows.filter((q) => a.has(q.question_id) && b.has(q.question_id));
  const lost = joined.filter((q) => a.get(q.question_id) && !b.get(q.question_id));
  const kept = joined.filter((q) => a.get(q.question_id) && b.get(q.question_id));
  const ids = (xs: typeof rows) => xs.map((q) => q.question_id);
  return {
    from,
    to,
    rung,
    k,
    joined: joined.length,
    lost: ids(lost),
    lostAllInTopK: ids(lost.filter((q) => q[`recall_all@${k}`] === 1)),
    lostAnyInTopK: ids(lost.filter((q) => q[`recall_any@${k}`] === 1)),
    kept: kept.length,
    keptAllInTopK: kept.filter((q) => q[`recall_all@${k}`] === 1).length,
  };
}
