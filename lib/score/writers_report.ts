/**
 * The `memaudit writers` workflow as one function (issue 27 item 1): at each budget B, certify
 * OPT_P(B) with an exact solver, run each writer of the registry (lib/writers/registry.ts) and
 * score its store against that certificate (paper 000 §3, definition 1: the package ratio
 * F(X) / OPT_P(B); lib/score/ratio.ts). Its machine shape is declared once
 * ({@linkcode WRITERS_REPORT}): the `--json` keys, the `--csv` columns
 * ({@linkcode WRITER_ROW_COLUMNS}) and `data/schema/writers_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { isCertified } from "../certificate/result.ts";
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { solve } from "../solve/solve.ts";
import { WRITERS } from "../writers/registry.ts";
import { scoreStore } from "./ratio.ts";

/** Relative tolerance of the "F <= OPT" check. */
const OPT_TOL = 1e-9;

/** One writer's store at one budget. */
const WriterSchema = z.strictObject({
  method: z.string().describe("writer id (lib/writers/registry.ts)"),
  value: z.number().describe("F of its store (weight units)"),
  cost: z.number().describe("cost of its store (cost units)"),
  feasible: z.boolean().describe("cost <= B and at most k per experience"),
  ratio: z.number().nullable().describe("F / OPT against the certificate; null when undefined"),
  flag: z.string().describe("ok, or why the ratio is not a plain number (degenerate, ...)"),
  reasons: z.array(z.string()).describe("why the store is infeasible, if it is"),
});

/** One budget: the certificate of OPT and every writer. */
const BudgetSchema = z.strictObject({
  budget: z.number().describe("budget B (cost units)"),
  opt: z.strictObject({
    status: z.string().describe("optimal, time_limit, unverified or no_certificate"),
    certified: z.boolean().describe("optimal with its gap within the tolerance"),
    value: z.number().nullable().describe("OPT_P(B) as certified (F of the optimal store)"),
    bound: z.number().nullable().describe("the proven upper bound"),
    gap: z.number().nullable().describe("bound - value, relative"),
    solver: z.string().describe("which solver proved it"),
  }),
  writers: z.array(WriterSchema),
});

/** The zod schema of a {@linkcode WritersReport}. */
export const WritersReportSchema = z.strictObject({
  package: z.string().describe("the package file as given"),
  id: z.string().describe("the package's id"),
  k: z.number().int().describe("group cap k of OPT and the writers"),
  budgets: z.array(BudgetSchema),
});

/** One writer's store at one budget of a {@linkcode WritersReport}. */
export type WriterScoreRow = z.output<typeof WriterSchema>;

/** One budget of a {@linkcode WritersReport}: the certificate of OPT and every writer. */
export type WritersBudget = z.output<typeof BudgetSchema>;

/** The report of {@linkcode writersReport} (`memaudit writers --json`), as its schema states it. */
export type WritersReport = z.output<typeof WritersReportSchema>;

/** The shape of {@linkcode WritersReport}: its JSON and JSON Schema. */
export const WRITERS_REPORT: ReportShape<typeof WritersReportSchema> = reportShape(
  "writers_report",
  WritersReportSchema,
  "Generated from lib/score/writers_report.ts by `deno task schema`; do not edit. " +
    "`memaudit writers --json` writes one object of this shape.",
);

/** Columns of `--csv` and the text table: one row per (budget, writer). */
export const WRITER_ROW_COLUMNS: readonly string[] = [
  "budget",
  "method",
  "value",
  "cost",
  "feasible",
  "opt",
  "certificate",
  "ratio",
  "flag",
];

/** Options of {@linkcode writersReport}. */
export interface WritersReportOptions {
  /** The package file as given (the report's `package`). */
  file: string;
  /** Budgets (default the package's). */
  budgets?: readonly number[];
  /** Writer ids (default every writer of the registry). */
  methods?: readonly string[];
  /** Group cap k (default the package's). */
  k?: number;
  /** `auto` (default), `bnb` or `milp`. */
  solver?: "auto" | "bnb" | "milp";
  /** Milliseconds per certificate (default none). */
  timeLimitMs?: number;
  /** Called after each certificate and each writer (done, total). */
  onProgress?: (done: number, total: number) => void;
}

/** What {@linkcode writersReport} returns: the report, its table rows, the failed claims. */
export interface WritersResult {
  /** The report (`--json`). */
  report: WritersReport;
  /** One row per (budget, writer), with the keys {@linkcode WRITER_ROW_COLUMNS}. */
  rows: Record<string, unknown>[];
  /** Places where a feasible store beat a certified OPT (a wrong certificate); empty when none. */
  claimFailed: string[];
}

/**
 * Runs the writers on a package at each budget and scores them against a certified OPT.
 *
 * @param pkg the package
 * @param opts file name, budgets, writers, k, solver, time limit, progress
 * @returns the report, its rows, and the claims that failed
 * @throws {RangeError} for an unknown writer id, no budget, or a bad k (from compilePackage)
 */
export async function writersReport(
  pkg: Package,
  opts: WritersReportOptions,
): Promise<WritersResult> {
  const methods = [...(opts.methods ?? Object.keys(WRITERS))];
  for (const m of methods) {
    if (!(m in WRITERS)) throw new RangeError(`Cannot run writer '${m}': no such writer`);
  }
  const budgets = [...(opts.budgets ?? pkg.budgets)];
  if (budgets.length === 0) throw new RangeError("Cannot run writers: no budget given");
  const cp = compilePackage(pkg, opts.k === undefined ? {} : { k: opts.k });
  const total = budgets.length * (methods.length + 1);
  let done = 0;
  const claimFailed: string[] = [];
  const rows: Record<string, unknown>[] = [];
  const out: WritersBudget[] = [];
  for (const budget of budgets) {
    const cert = await solve(cp, budget, {
      solver: opts.solver ?? "auto",
      k: cp.k,
      timeLimitMs: opts.timeLimitMs,
    });
    opts.onProgress?.(++done, total);
    const certified = isCertified(cert);
    const writers: WriterScoreRow[] = [];
    for (const method of methods) {
      const s = scoreStore(cp, WRITERS[method](cp, budget).store, cert);
      const opt = cert.objective!;
      if (certified && s.feasible && s.value > opt + OPT_TOL * Math.max(1, Math.abs(opt))) {
        claimFailed.push(`B=${budget} ${method}: F ${s.value} > OPT ${opt}`);
      }
      const { value, cost, feasible, ratio, flag, reasons } = s;
      writers.push({ method, value, cost, feasible, ratio, flag, reasons });
      const opt_ = certified ? cert.objective : null;
      rows.push({
        budget,
        method,
        value,
        cost,
        feasible,
        opt: opt_,
        certificate: cert.status,
        ratio,
        flag,
      });
      opts.onProgress?.(++done, total);
    }
    const { status, objective: value, bound, gap, solver } = cert;
    out.push({ budget, opt: { status, certified, value, bound, gap, solver }, writers });
  }
  const report = WRITERS_REPORT.json({ package: opts.file, id: pkg.id, k: cp.k, budgets: out });
  return { report, rows, claimFailed };
}
