/**
 * Storage-gating metrics of paper 003 (COMPANIONS §2(a) "Gating metrics"):
 * the positive class is memory-required; confusion counts are pooled over
 * every session of every user (micro); precision = TP/(TP+FP), recall =
 * TP/(TP+FN), F1 their harmonic mean, accuracy = (TP+TN)/n.
 *
 * Null conventions follow the benchmark's script: a ratio with a zero
 * denominator is null, and F1 is null when precision or recall is 0 (or
 * null). The script rounds to 4 decimals; here every value stays exact
 * (tables round only for display).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { readTextInput } from "../base/fs.ts";
import { parseCsvRows } from "./_csv.ts";
import { bitCell, nonEmpty, sessionCell } from "./read.ts";
import { type GatingOutput, PREDICTIONS_CSV_COLUMNS } from "./formats.ts";

/** One session's ground truth and a policy's decision. */
export interface GatingDecision {
  /** The user. */
  user: string;
  /** Session id. */
  session: number;
  /** Ground truth: the session is memory-required. */
  required: boolean;
  /** The policy stores the session. */
  predicted: boolean;
}

/** Pooled gating metrics (exact; null where the benchmark's script gives null). */
export interface GatingMetrics {
  /** Sessions scored. */
  n: number;
  /** Required and stored. */
  tp: number;
  /** Transient but stored. */
  fp: number;
  /** Required but skipped. */
  fn: number;
  /** Transient and skipped. */
  tn: number;
  /** TP/(TP+FP), null when nothing was predicted required. */
  precision: number | null;
  /** TP/(TP+FN), null when nothing is required. */
  recall: number | null;
  /** 2PR/(P+R), null when P or R is 0 or null. */
  f1: number | null;
  /** (TP+TN)/n, null when n = 0. */
  accuracy: number | null;
}

const count = z.number().int().min(0);
const rate = z.number().nullable();

/** `memaudit retention gating --json`: {@linkcode GatingMetrics} but `n`. */
const GatingReportSchema: z.ZodType<Omit<GatingMetrics, "n">> = z.strictObject({
  tp: count.describe("required and stored"),
  fp: count.describe("transient but stored"),
  fn: count.describe("required but skipped"),
  tn: count.describe("transient and skipped"),
  precision: rate.describe("TP/(TP+FP), null when nothing was predicted required"),
  recall: rate.describe("TP/(TP+FN), null when nothing is required"),
  f1: rate.describe("2PR/(P+R), null when P or R is 0 or null"),
  accuracy: rate.describe("(TP+TN)/n, null when n = 0"),
});

/** The shape of `memaudit retention gating --json` (and `--out DIR`'s gating.json). */
export const GATING_REPORT: ReportShape<typeof GatingReportSchema> = reportShape(
  "retention_gating_report",
  GatingReportSchema,
  "Generated from lib/retention/gating.ts by `deno task schema`; do not edit. " +
    "`memaudit retention gating --json` prints one object of this shape (--out DIR writes it " +
    "as gating.json).",
);

/**
 * Pooled confusion counts and the four rates.
 *
 * @example F1 is null when precision is 0
 * ```ts
 * import { gatingMetrics } from "./gating.ts";
 * const m = gatingMetrics([
 *   { user: "u", session: 1, required: true, predicted: false },
 *   { user: "u", session: 2, required: false, predicted: true },
 * ]);
 * if (m.precision !== 0 || m.recall !== 0 || m.f1 !== null || m.accuracy !== 0) throw new Error();
 * ```
 *
 * @param decisions one row per (user, session)
 * @returns the counts and rates
 */
export function gatingMetrics(decisions: Iterable<GatingDecision>): GatingMetrics {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const d of decisions) {
    if (d.required && d.predicted) tp++;
    else if (!d.required && d.predicted) fp++;
    else if (d.required) fn++;
    else tn++;
  }
  const n = tp + fp + fn + tn;
  const precision = tp + fp === 0 ? null : tp / (tp + fp);
  const recall = tp + fn === 0 ? null : tp / (tp + fn);
  const f1 = precision === null || recall === null || precision === 0 || recall === 0
    ? null
    : (2 * precision * recall) / (precision + recall);
  return { n, tp, fp, fn, tn, precision, recall, f1, accuracy: n === 0 ? null : (tp + tn) / n };
}

/**
 * Parses a predictions CSV `user,session,required,predicted` (0/1).
 *
 * @param text the CSV text
 * @param file the file name for errors
 * @returns the decisions in row order
 * @throws {InputError} at `header` for a missing column; at row N, column C for an empty user, a
 *   session that is not an integer >= 1, a value other than 0 / 1, or a (user, session) twice
 */
export function parsePredictionsCsv(text: string, file = "<memory>"): GatingDecision[] {
  const seen = new Set<string>();
  return parseCsvRows(text, file, PREDICTIONS_CSV_COLUMNS).map(({ row, cells }) => {
    const at = (column: string) => ({ row, column });
    const user = nonEmpty(file, at("user"), cells.user, "a user id");
    const session = sessionCell(file, at("session"), cells.session);
    const key = JSON.stringify([user, session]);
    if (seen.has(key)) {
      const expected =
        `expected each (user, session) once; session ${session} of '${user}' repeats`;
      throw new InputError(file, at("session"), expected);
    }
    seen.add(key);
    const required = bitCell(file, at("required"), cells.required);
    return { user, session, required, predicted: bitCell(file, at("predicted"), cells.predicted) };
  });
}

/**
 * Reads a predictions CSV file ({@linkcode parsePredictionsCsv}).
 *
 * @throws {InputError} as {@linkcode parsePredictionsCsv}, or for a missing or non-UTF-8 file
 */
export async function readPredictionsCsv(path: string): Promise<GatingDecision[]> {
  return parsePredictionsCsv(await readTextInput(path), path);
}

/**
 * The decisions in the benchmark's gating outputs (`session_records`).
 *
 * @param outputs per-user gating outputs (from `readGatingFolder`)
 * @returns one decision per session record
 */
export function decisionsFromGatingOutputs(outputs: readonly GatingOutput[]): GatingDecision[] {
  return outputs.flatMap((o) =>
    o.session_records.map((r) => ({
      user: r.uuid ?? o.uuid,
      session: r.session_id,
      required: r.gt_required,
      predicted: r.pred_required,
    }))
  );
}
