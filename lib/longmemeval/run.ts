/**
 * Natural packages from a LongMemEval file as a run with files (paper 000 §5, reliability
 * table): the rows and summary of lib/natural/run.ts's LoCoMo runs, with the reliability counts,
 * and every package built written for the user to open, edit and solve again.
 *
 * @module
 */
import { join } from "node:path";
import { sha256File } from "../base/hash.ts";
import { InputError } from "../base/errors.ts";
import { canonicalJson, sortedPrettyJson } from "../base/canonical_json.ts";
import { writeFileSet } from "../base/write_files.ts";
import type { Adjudicator } from "../adjudicate/types.ts";
import { NATURAL_FILES, type NaturalGrid, summaryOf } from "../natural/run.ts";
import type { LongMemEvalNaturalReportSchema } from "./report.ts";
import type { z } from "../base/deps/zod.ts";

/** Options of {@linkcode runNaturalLongMemEval}. */
export interface LongMemEvalNaturalOptions {
  /** A LongMemEval file (official `.json` or a gzip copy). */
  longmemeval: string;
  /** Budgets (default 30, 60, 100). */
  budgets?: readonly number[];
  /** Writer ids (default `NATURAL_METHODS`). */
  methods?: readonly string[];
  /** Group cap k of OPT. */
  k?: number;
  /** Coverage adjudicator replacing the lexical rows of every package (imported or LLM); default lexical. */
  adjudicator?: Adjudicator;
  /** Output folder. */
  outDir: string;
}

/**
 * The summary of a LongMemEval natural run (`--json`): a LoCoMo run's summary with the questions'
 * reliability counts, flags and warnings (`LongMemEvalNaturalReportSchema` of report.ts).
 */
export type LongMemEvalNaturalSummary = z.output<typeof LongMemEvalNaturalReportSchema>;

/**
 * Natural packages from a LongMemEval file (paper 000 §5, reliability table): one support-slice
 * package per question (lib/longmemeval/natural.ts), certified OPT and every writer at each budget
 * on the accepted ones; writes `natural_rows.jsonl`, `natural_summary.json` (with the reliability
 * counts) and every package built (accepted and flagged) as `packages/<question id>.json`.
 * Questions are streamed: memory holds one question and the rows. The reader's and the scoring's
 * warnings are in the summary's `warnings` (`memaudit natural --longmemeval` prints them after the
 * run; it draws no progress bar, the number of questions being unknown until the file ends).
 *
 * @param opts data, budgets, writers, k, adjudicator, output folder
 * @returns the summary written
 * @throws {InputError} for a bad LongMemEval file (naming question and field), or two question ids
 *   that become one package id
 * @throws {RangeError} for an unknown writer id
 */
export async function runNaturalLongMemEval(
  opts: LongMemEvalNaturalOptions,
): Promise<LongMemEvalNaturalSummary> {
  const [{ naturalLongMemEval }, { packageToJson }] = await Promise.all([
    import("./score.ts"),
    import("../package/json_io.ts"),
  ]);
  const budgets = [...(opts.budgets ?? [30, 60, 100])];
  const built: [string, string][] = [];
  const byId = new Map<string, string>();
  const run = await naturalLongMemEval(opts.longmemeval, {
    budgets,
    methods: opts.methods,
    k: opts.k,
    adjudicator: opts.adjudicator,
    onPackage: (pkg, slice) => {
      // Two question ids can make one package id ('a b' and 'a_b'): one file would replace the other.
      const first = byId.get(pkg.id);
      if (first !== undefined) {
        throw new InputError(
          opts.longmemeval,
          { path: slice.question_id },
          `expected question ids that stay distinct as package ids: '${first}' and '${slice.question_id}' both become '${pkg.id}'`,
        );
      }
      byId.set(pkg.id, slice.question_id);
      built.push([join(opts.outDir, "packages", `${pkg.id}.json`), packageToJson(pkg)]);
    },
  });
  const { NATURAL_METHODS } = await import("../natural/score_natural.ts");
  const methods = [...(opts.methods ?? NATURAL_METHODS)];
  const rows = run.rows;
  const accepted = run.reliability.all.accepted;
  const grid: NaturalGrid = {
    data: {
      file: opts.longmemeval.replace(/^.*[\\/]/, ""),
      sha256: await sha256File(opts.longmemeval),
    },
    conversations: null,
    packages: accepted,
    budgets,
    methods,
    k: opts.k ?? null,
  };
  const base = await summaryOf(grid, rows);
  const summary: LongMemEvalNaturalSummary = {
    source: "longmemeval",
    attempted: run.reliability.all.attempted,
    accepted,
    flagged: run.flagged,
    reliability: run.reliability,
    whole_turn_units: run.whole_turn_units,
    adjudicator: opts.adjudicator?.name ?? "lexical",
    warnings: run.warnings,
    ...base,
  };
  const rowsText = rows.map((r) => canonicalJson(r) + "\n").join("");
  await writeFileSet([
    ...built,
    [join(opts.outDir, NATURAL_FILES.rows), rowsText],
    [join(opts.outDir, NATURAL_FILES.summary), sortedPrettyJson(summary)],
  ]);
  return summary;
}
