/**
 * `memaudit scale score LABEL=FILE ...` on LongMemEval `evaluate_qa.py` outputs, one per scale
 * in the order given (the scoring is {@linkcode scoreQaScales}). Private to the scale command.
 *
 * @module
 */
import {
  type CliIo,
  csvTable,
  emit,
  EXIT,
  type OutputForm,
  printWarnings,
  textTable,
  UsageError,
} from "../command.ts";
import { writeOutFiles } from "../shared.ts";
import { readTextInput } from "../../base/fs.ts";
import { type QaScalesScore, readQaEvaluation, scoreQaScales } from "../../scale/qa_scales.ts";

/**
 * One scale named on the command line: its label (LABEL of LABEL=FILE, else the file's base
 * name), its file, and the file's content when the caller has read it.
 */
export interface QaScaleArg {
  label: string;
  path: string;
  text?: string;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * The scales of `memaudit scale score oracle=FILE s=FILE ...`: every word that is not a file
 * and reads LABEL=PATH, in order, or null when no word is LABEL=PATH. A word naming an existing
 * file is a path, even with a `=` in it.
 *
 * @throws {UsageError} when only some words are LABEL=PATH, or a label repeats
 */
export function qaScaleArgs(positionals: readonly string[]): QaScaleArg[] | null {
  const parsed = positionals.map((p) => {
    const m = isFile(p) ? null : /^([^=/\\]+)=(.+)$/.exec(p);
    return m ? { label: m[1], path: m[2] } : null;
  });
  if (parsed.every((p) => p === null)) return null;
  const bare = positionals.find((_, i) => parsed[i] === null);
  if (bare !== undefined) {
    throw new UsageError(
      `expected every scale as LABEL=FILE (e.g. oracle=oracle.jsonl s=s.jsonl), got "${bare}"`,
    );
  }
  const runs = parsed as QaScaleArg[];
  const twice = runs.find((r, i) => runs.findIndex((x) => x.label === r.label) !== i);
  if (twice !== undefined) throw new UsageError(`the scale label "${twice.label}" is given twice`);
  return runs;
}

/**
 * What the QA path takes from `scale score`'s flags (already checked); `given`: the flags of the
 * trajectory scorer that were given (refused here).
 */
export interface QaFlags {
  alpha: number;
  resamples: number;
  seed: number | string;
  sustained: boolean;
  out?: string;
  form: OutputForm;
  given: string[];
}

const SCALE_COLUMNS = ["scale", "n", "correct", "accuracy", "ci_low", "ci_high", "judge", "file"];
const TRANSITION_COLUMNS = (
  "from to shared kept lost gained never delta delta_low delta_high missing_at_from missing_at_to"
).split(" ");

/** The `--json` shape: scales, transitions, boundary, warnings (issue 22 item 2). */
function qaJson(res: QaScalesScore, f: QaFlags): Record<string, unknown> {
  const b = res.boundary;
  return {
    format: "longmemeval-qa",
    scales: res.scales.map((s) => ({
      label: s.label,
      n: s.n,
      accuracy: s.accuracy,
      ci: s.ci,
      correct: s.correct,
      file: s.file,
      judge_models: s.judge_models,
      abstention: s.abstention,
    })),
    transitions: res.transitions,
    boundary: {
      metric: "accuracy",
      alpha: b.alpha,
      rule: f.sustained ? "sustained" : "first",
      s_star: f.sustained ? b.s_star_sustained : b.s_star,
      recovers: b.recovers,
      s_star_first: b.s_star,
      s_star_sustained: b.s_star_sustained,
      points: b.points,
    },
    bootstrap: res.bootstrap,
    warnings: res.warnings,
  };
}

function rows(res: QaScalesScore) {
  const scales = res.scales.map((s) => ({
    ...s,
    scale: s.label,
    ci_low: s.ci?.low ?? null,
    ci_high: s.ci?.high ?? null,
    judge: s.judge_models.join(" "),
  }));
  const transitions = res.transitions.map((t) => ({
    ...t,
    delta_low: t.delta_ci?.low ?? null,
    delta_high: t.delta_ci?.high ?? null,
    missing_at_from: t.missing_at_from.length,
    missing_at_to: t.missing_at_to.length,
  }));
  return { scales, transitions };
}

/**
 * Runs the QA-scales scoring of the scales in order, with the checked flags, and prints or writes
 * it; resolves to EXIT.ok.
 *
 * @throws {UsageError} when a flag of the trajectory scorer is given
 * @throws {InputError} on an unreadable or malformed file
 */
export async function runQaScales(args: QaScaleArg[], f: QaFlags, io: CliIo): Promise<number> {
  if (f.given.length > 0) {
    throw new UsageError(
      `--${f.given[0]} does not apply to LongMemEval evaluate_qa outputs (graded answers, no ` +
        "tool calls)",
    );
  }
  const runs = [];
  for (const a of args) {
    const text = a.text ?? await readTextInput(a.path);
    runs.push({ label: a.label, file: a.path, verdicts: readQaEvaluation(text, a.path) });
  }
  const res = scoreQaScales(runs, { alpha: f.alpha, resamples: f.resamples, seed: f.seed });
  const json = qaJson(res, f);
  const t = rows(res);
  await writeOutFiles(f.out, {
    "scales.csv": csvTable(SCALE_COLUMNS, t.scales),
    "transitions.csv": csvTable(TRANSITION_COLUMNS, t.transitions),
    "score.json": JSON.stringify(json, null, 2) + "\n",
  });
  emit(io, f.form, { json, columns: SCALE_COLUMNS, rows: t.scales, text: qaText(res, f, t) });
  printWarnings(io, res.warnings);
  return EXIT.ok;
}

function qaText(res: QaScalesScore, f: QaFlags, t: ReturnType<typeof rows>): string {
  const b = res.boundary;
  const boot = f.resamples > 0
    ? `95 % bootstrap paired over question ids (${f.resamples} resamples, seed ${f.seed})`
    : "no intervals";
  return `LongMemEval evaluate_qa outputs (longmemeval-qa), ${res.scales.length} scale(s) in ` +
    `the order given; accuracy = share judged correct; ${boot}\n\n` +
    textTable(SCALE_COLUMNS, t.scales) +
    (t.transitions.length > 0
      ? `\nPer-question transitions between consecutive scales (paired by question_id; delta = ` +
        `accuracy change on the shared ids):\n${textTable(TRANSITION_COLUMNS, t.transitions)}`
      : "") +
    `\nUsable-scale boundary s*_${b.alpha} on accuracy (${f.sustained ? "sustained" : "first"} ` +
    `crossing): ${f.sustained ? b.s_star_sustained : b.s_star}` +
    `${b.recovers ? " (recovers)" : ""}\n` +
    "No tool calls are recorded: R, the budget, p_exh and P90R do not apply.\n";
}
