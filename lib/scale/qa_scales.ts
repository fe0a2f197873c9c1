/**
 * Paper 002's scale analysis on graded QA outputs without tool calls: one LongMemEval
 * `evaluate_qa.py` output per scale (JSONL `{question_id, hypothesis, autoeval_label: {model,
 * label}}`, COMPANIONS §3.1), scales in a given order. Per scale: n and accuracy (the share
 * judged correct) with a percentile-bootstrap interval paired over question ids; per pair of
 * consecutive scales the per-question transitions (kept, lost, gained, never) and the accuracy
 * difference on the shared ids with its paired interval; s*_alpha on accuracy (paper 002 §1(a)
 * item 7, memaudit's rule of {@linkcode usableScaleBoundary}).
 *
 * No tool calls are recorded, so R(τ), the budget, p_exh and P90R do not apply: accuracy is
 * Pass@B with an unbounded budget.
 *
 * Pairing: one bootstrap draw takes as many question ids as the union of all scales holds, with
 * replacement, from the sorted union (so nothing depends on line or file order); each scale's
 * accuracy is over the drawn ids it has, each difference over the drawn ids both scales have.
 * Intervals: the (1 − level)/2 and (1 + level)/2 quantiles, linear interpolation (simple-
 * statistics' `quantileSorted`, as `scoreScale` does); a draw holding none of a scale's (or a
 * pair's shared) ids does not count for that interval.
 *
 * @module
 */
import { quantileSorted } from "../base/deps/simple_statistics.ts";
import { SeededRandom } from "../base/rng/seeded_random.ts";
import { reliabilityOptionIssue, usableScaleBoundary } from "./boundary.ts";
import type { Interval } from "./score.ts";
import { type JudgeVerdict, readJudgeLog, TrajectoryInputError } from "./trajectory.ts";

/** One scale's graded outputs. */
export interface QaScaleRun {
  /** The scale's label (e.g. `oracle`, `s`). */
  label: string;
  /** Where the verdicts came from (errors and output). */
  file: string;
  /** The verdicts, one per question id. */
  verdicts: readonly JudgeVerdict[];
}

/** Options of {@linkcode scoreQaScales}. */
export interface QaScalesOptions {
  /** Reliability threshold alpha of s*_alpha (default 0.7). */
  alpha?: number;
  /** Bootstrap resamples (default 2,000; 0 = no intervals). */
  resamples?: number;
  /** Confidence level (default 0.95). */
  level?: number;
  /** Bootstrap seed (default 0). */
  seed?: number | string;
}

/** One scale's accuracy. */
export interface QaScaleScore {
  /** The label. */
  label: string;
  /** The file. */
  file: string;
  /** Number of graded questions. */
  n: number;
  /** Questions judged correct. */
  correct: number;
  /** correct / n. */
  accuracy: number;
  /** Paired bootstrap interval of the accuracy, or null without resamples. */
  ci: Interval | null;
  /** Abstention questions (ids ending in `_abs`): their number and accuracy (null if none). */
  abstention: { n: number; accuracy: number | null };
  /** The judge models named by `autoeval_label.model`, sorted. */
  judge_models: string[];
}

/** Per-question changes between two consecutive scales (over the ids both have). */
export interface QaTransition {
  /** The earlier scale. */
  from: string;
  /** The later scale. */
  to: string;
  /** Question ids graded at both. */
  shared: number;
  /** Correct at both. */
  kept: number;
  /** Correct at `from`, wrong at `to`. */
  lost: number;
  /** Wrong at `from`, correct at `to`. */
  gained: number;
  /** Wrong at both. */
  never: number;
  /**
   * accuracy(to) − accuracy(from) on the shared ids = (gained − lost) / shared; null when no id
   * is graded at both (a warning says so).
   */
  delta: number | null;
  /** Paired bootstrap interval of `delta`, or null (no resamples, or no shared id). */
  delta_ci: Interval | null;
  /** Ids graded at `from` only, sorted. */
  missing_at_to: string[];
  /** Ids graded at `to` only, sorted. */
  missing_at_from: string[];
}

/** Result of {@linkcode scoreQaScales}. */
export interface QaScalesScore {
  /** Per scale, in the order given. */
  scales: QaScaleScore[];
  /** Per consecutive pair, in order. */
  transitions: QaTransition[];
  /** s*_alpha on accuracy, by label (">LAST" when no scale is below alpha). */
  boundary: {
    alpha: number;
    s_star: string;
    recovers: boolean;
    s_star_sustained: string;
    points: { scale: string; accuracy: number; n: number }[];
  };
  /** Bootstrap settings. */
  bootstrap: { resamples: number; level: number; seed: number | string; unit: "question_id" };
  /** Assumptions and gaps that change or qualify a number, one sentence each. */
  warnings: string[];
}

/**
 * Reads one `evaluate_qa.py` output and refuses a question id graded twice.
 *
 * @param text the JSONL content
 * @param file file name for errors
 * @returns the verdicts in file order
 * @throws {TrajectoryInputError} on a bad line or a repeated question id (naming both lines)
 */
export function readQaEvaluation(text: string, file = "<memory>"): JudgeVerdict[] {
  const verdicts = readJudgeLog(text, file);
  const seen = new Map<string, number>();
  for (const v of verdicts) {
    const before = seen.get(v.question_id);
    if (before !== undefined) {
      throw new TrajectoryInputError(
        file,
        v.line,
        "question_id",
        `expected one verdict per question: ${
          JSON.stringify(v.question_id)
        } is also line ${before}`,
      );
    }
    seen.set(v.question_id, v.line);
  }
  if (verdicts.length === 0) {
    throw new TrajectoryInputError(file, 0, "", "expected at least one graded question");
  }
  return verdicts;
}

function check(runs: readonly QaScaleRun[], o: QaScalesOptions): void {
  if (runs.length === 0) throw new RangeError("Cannot score QA scales: no scales");
  const labels = new Set<string>();
  for (const r of runs) {
    if (labels.has(r.label)) throw new RangeError(`Cannot score QA scales: "${r.label}" twice`);
    labels.add(r.label);
    if (r.verdicts.length === 0) {
      throw new RangeError(`Cannot score QA scales: ${r.file} has no graded questions`);
    }
  }
  const bad = reliabilityOptionIssue(o);
  if (bad !== undefined) throw new RangeError(`Cannot score QA scales: ${bad}`);
}

/** Per scale, per id of the sorted union: 1 correct, 0 wrong, -1 not graded. */
function gradeMatrix(runs: readonly QaScaleRun[]): { ids: string[]; grade: Int8Array[] } {
  const ids = [...new Set(runs.flatMap((r) => r.verdicts.map((v) => v.question_id)))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const grade = runs.map((r) => {
    const g = new Int8Array(ids.length).fill(-1);
    for (const v of r.verdicts) g[index.get(v.question_id)!] = v.label ? 1 : 0;
    return g;
  });
  return { ids, grade };
}

/** The percentile interval; draws where the statistic is undefined (NaN) are left out. */
function intervalOf(values: Float64Array, level: number): Interval {
  const sorted = Array.from(values.sort()).filter((x) => !Number.isNaN(x));
  if (sorted.length === 0) return { low: NaN, high: NaN, half_width: NaN };
  const low = quantileSorted(sorted, (1 - level) / 2);
  const high = quantileSorted(sorted, (1 + level) / 2);
  return { low, high, half_width: (high - low) / 2 };
}

/**
 * The paired bootstrap: per resample, every scale's accuracy and every consecutive
 * difference from the same draw of question ids.
 */
function pairedBootstrap(
  grade: Int8Array[],
  o: { resamples: number; level: number; seed: number | string },
): { acc: Interval[]; delta: Interval[] } {
  const g = grade[0].length, S = grade.length;
  const acc = grade.map(() => new Float64Array(o.resamples));
  const delta = grade.slice(1).map(() => new Float64Array(o.resamples));
  const rng = new SeededRandom(`${o.seed}|qa-scales`);
  const draw = new Float64Array(g);
  const hit = new Float64Array(S), seen = new Float64Array(S);
  const dSum = new Float64Array(S), dN = new Float64Array(S);
  for (let b = 0; b < o.resamples; b++) {
    rng.fillRandbelow(g, draw);
    hit.fill(0), seen.fill(0), dSum.fill(0), dN.fill(0);
    for (let k = 0; k < g; k++) {
      const i = draw[k];
      for (let s = 0; s < S; s++) {
        const x = grade[s][i];
        if (x < 0) continue;
        seen[s]++;
        hit[s] += x;
        if (s > 0 && grade[s - 1][i] >= 0) {
          dSum[s] += x - grade[s - 1][i];
          dN[s]++;
        }
      }
    }
    // A draw that holds none of a scale's ids gives NaN (left out of its interval).
    for (let s = 0; s < S; s++) acc[s][b] = hit[s] / seen[s];
    for (let s = 1; s < S; s++) delta[s - 1][b] = dSum[s] / dN[s];
  }
  return {
    acc: acc.map((m) => intervalOf(m, o.level)),
    delta: delta.map((m) => intervalOf(m, o.level)),
  };
}

function transition(
  from: QaScaleRun,
  to: QaScaleRun,
  ids: string[],
  a: Int8Array,
  b: Int8Array,
): Omit<QaTransition, "delta_ci"> {
  let kept = 0, lost = 0, gained = 0, never = 0;
  const missingAtTo: string[] = [], missingAtFrom: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (a[i] < 0 && b[i] < 0) continue;
    if (b[i] < 0) missingAtTo.push(ids[i]);
    else if (a[i] < 0) missingAtFrom.push(ids[i]);
    else if (a[i] === 1) b[i] === 1 ? kept++ : lost++;
    else b[i] === 1 ? gained++ : never++;
  }
  const shared = kept + lost + gained + never;
  return {
    from: from.label,
    to: to.label,
    shared,
    kept,
    lost,
    gained,
    never,
    delta: shared === 0 ? null : (gained - lost) / shared,
    missing_at_to: missingAtTo,
    missing_at_from: missingAtFrom,
  };
}

function scaleScore(r: QaScaleRun, ci: Interval | null): QaScaleScore {
  const correct = r.verdicts.filter((v) => v.label).length;
  const abs = r.verdicts.filter((v) => v.question_id.endsWith("_abs"));
  const models = [...new Set(r.verdicts.map((v) => v.model ?? "(none)"))].sort();
  return {
    label: r.label,
    file: r.file,
    n: r.verdicts.length,
    correct,
    accuracy: correct / r.verdicts.length,
    ci,
    abstention: {
      n: abs.length,
      accuracy: abs.length === 0 ? null : abs.filter((v) => v.label).length / abs.length,
    },
    judge_models: models,
  };
}

/**
 * Scores graded QA outputs, one per scale, in the order given (see the module doc).
 *
 * @example Two scales sharing two questions
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreQaScales } from "./qa_scales.ts";
 * const v = (id: string, label: boolean, line: number) => ({ question_id: id, label, line });
 * const res = scoreQaScales([
 *   { label: "oracle", file: "o.jsonl", verdicts: [v("q1", true, 1), v("q2", true, 2)] },
 *   { label: "s", file: "s.jsonl", verdicts: [v("q1", true, 1), v("q2", false, 2)] },
 * ], { resamples: 0 });
 * assert.ok(res.scales[1].accuracy === 0.5 && res.transitions[0].lost === 1);
 * assert.ok(res.boundary.s_star === "s");
 * ```
 *
 * @param runs the scales' verdicts, in ladder order (distinct labels, none empty)
 * @param opts alpha, resamples, level, seed
 * @returns per-scale accuracy, transitions, boundary and warnings
 * @throws {RangeError} on no scales, a repeated label, an empty scale or bad options
 */
export function scoreQaScales(
  runs: readonly QaScaleRun[],
  opts: QaScalesOptions = {},
): QaScalesScore {
  check(runs, opts);
  const alpha = opts.alpha ?? 0.7, resamples = opts.resamples ?? 2000;
  const level = opts.level ?? 0.95, seed = opts.seed ?? 0;
  const { ids, grade } = gradeMatrix(runs);
  const boot = resamples > 0 ? pairedBootstrap(grade, { resamples, level, seed }) : null;
  const scales = runs.map((r, s) => scaleScore(r, boot?.acc[s] ?? null));
  const transitions: QaTransition[] = runs.slice(1).map((r, k) => ({
    ...transition(runs[k], r, ids, grade[k], grade[k + 1]),
    delta_ci: boot?.delta[k] ?? null,
  })).map((t) => t.shared === 0 ? { ...t, delta_ci: null } : t);
  const points = scales.map((s) => ({ scale: s.label, accuracy: s.accuracy, n: s.n }));
  const b = usableScaleBoundary(points.map((p) => ({ scale: p.scale, value: p.accuracy })), alpha);
  return {
    scales,
    transitions,
    boundary: {
      alpha,
      s_star: String(b.s_star),
      recovers: b.recovers,
      s_star_sustained: String(b.s_star_sustained),
      points,
    },
    bootstrap: { resamples, level, seed, unit: "question_id" },
    warnings: qaWarnings(scales, transitions),
  };
}

function qaWarnings(scales: QaScaleScore[], transitions: QaTransition[]): string[] {
  const out: string[] = [];
  for (const t of transitions) {
    if (t.shared === 0) {
      out.push(
        `no question id is graded at both ${t.from} and ${t.to}: their accuracy change on ` +
          "shared ids (delta) is undefined, left empty",
      );
    }
    const sides: [string[], string, string][] = [
      [t.missing_at_to, t.to, t.from],
      [t.missing_at_from, t.from, t.to],
    ];
    for (const [ids, at, of] of sides) {
      if (ids.length === 0) continue;
      out.push(
        `${ids.length} question id(s) of ${of} are not graded at ${at} (e.g. ${ids[0]}): the ` +
          `transitions ${t.from} -> ${t.to} count the ${t.shared} shared ids only; each ` +
          "accuracy is over its own scale's ids",
      );
    }
  }
  const models = new Set(scales.map((s) => s.judge_models.join(", ")));
  if (models.size > 1) {
    out.push(
      `the scales were graded by different judges (${
        scales.map((s) => `${s.label}: ${s.judge_models.join(", ")}`).join("; ")
      }): accuracy differences mix scale and judge`,
    );
  }
  return out;
}
