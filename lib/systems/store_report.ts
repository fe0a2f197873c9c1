/**
 * The machine shape of a scored store file (`memaudit store --json`, notebook 10), declared once as
 * a zod schema ({@linkcode STORE_REPORT}): it gives the `--json` keys and their order, the `--csv`
 * and table columns ({@linkcode STORE_BUDGET_COLUMNS}, {@linkcode PER_MEMORY_COLUMNS}) and the JSON
 * Schema `data/schema/store_report.schema.json`. Paper 000 definition 2, Table 4.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { flatRow, type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";

const ratio = z.number().nullable();

/** One ratio per pruning rule (null when no item has one). */
const Ratios = z.strictObject({
  recency: ratio.describe("recency-pruned selection (newest first)"),
  salience: ratio.describe("salience-pruned selection"),
  upper: ratio.describe("exact upper-pruned bound: the best subset of the store, certified"),
});

/** Means at one budget over the same items (certified, OPT(P) > 0). */
export const StoreBudgetSchema = z.strictObject({
  budget: z.number().describe("budget B (words on LoCoMo; the package's cost units)"),
  items: z.number().int().describe("packages scored (LoCoMo: one per QA item; a package: 1)"),
  certified: z.number().int().describe("items whose every OPT is certified"),
  union_ratio: Ratios.meta({ column: "union" }).describe("mean F / OPT(P+(Y)), at most 1"),
  package_ratio: Ratios.meta({ column: "package" }).describe("mean F / OPT(P)"),
  scored: z.number().int().describe("items the means are over: certified, OPT(P) > 0"),
  degenerate: z.number().int().describe("certified items with OPT(P) = 0, left out"),
});

/** One memory: what it costs, what it covers, where the upper-pruned selection keeps it. */
export const PerMemorySchema = z.strictObject({
  memory: z.string().describe("memory id in the store"),
  cost: z.number().describe("cost (words)"),
  units: z.array(z.strictObject({
    unit: z.string(),
    weight: z.number().describe("the unit's weight"),
    value: z.number().describe("coverage in [0, 1]"),
  })).describe("units of positive weight it covers (value > 0), in package order"),
  weight: z.number().describe("sum of weight * value over its units"),
  kept_upper: z.array(z.number()).describe(
    "budgets at which the upper-pruned selection keeps it (LoCoMo: in at least one package)",
  ),
  covers_nothing: z.boolean().describe("it covers no unit of positive weight"),
});

/** The report of {@linkcode scoreStoreFile}: a store scored on LoCoMo or on a package. */
export const StoreReportSchema = z.strictObject({
  conversation: z.string().optional().describe("LoCoMo sample id (LoCoMo mode)"),
  package: z.string().optional().describe("the package's id (package mode)"),
  format: z.string().describe("the store format used"),
  memories: z.number().int().describe("memories in the store (after the reader's merges)"),
  budgets: z.array(StoreBudgetSchema),
  format_reason: z.string().describe("why this format: 'given', or what auto detected"),
  store: z.string().describe("the store file as given"),
  locomo_data: z.strictObject({ name: z.string(), path: z.string(), via: z.string() })
    .optional().describe("the LoCoMo file used and how it was chosen (LoCoMo mode)"),
  package_file: z.string().optional().describe("the package file as given (package mode)"),
  longmemeval: z.strictObject({
    file: z.string().describe("the LongMemEval file as given"),
    questions: z.number().int().describe("questions in the file"),
    scored: z.array(z.string()).describe("questions whose store was scored, in file order"),
    missing: z.array(z.string()).describe("questions without a store file (left out)"),
    flagged: z.array(z.strictObject({ question_id: z.string(), reason: z.string() }))
      .describe("questions with a store but no package to score it on (not scored)"),
    unused: z.array(z.string()).describe("store files naming no question of the file"),
  }).optional().describe("LongMemEval mode: one store per question, DIR/<question_id>.<ext>"),
  adjudicator: z.string().describe("the coverage adjudicator's name"),
  salience_source: z.enum(["system", "estimate"]),
  warnings: z.array(z.string()).describe("every assumption that changes a number, also on stderr"),
  unmatchable: z.strictObject({
    units: z.array(z.string()),
    weight: z.number(),
    share: z.number(),
  }).optional().describe(
    "package mode, lexical: weighted units no memory can cover (no text, no covering candidate text)",
  ),
  covers_nothing: z.strictObject({
    memories: z.number().int(),
    share: z.number().describe("of the store's memories"),
    cost_share: z.number().describe("of the store's cost"),
  }).optional().describe("with --per-memory: the memories that cover no unit of positive weight"),
  per_memory: z.array(PerMemorySchema).optional().describe("with --per-memory, in time order"),
});

/** One ratio per pruning rule (null when no item has one). */
export interface StoreRatios {
  /** Recency-pruned selection (newest first). */
  recency: number | null;
  /** Salience-pruned selection. */
  salience: number | null;
  /** The exact upper-pruned bound: the best subset of the store, certified. */
  upper: number | null;
}

/** One budget of a {@linkcode StoreReport}: means over the same items. */
export interface StoreBudgetRow {
  /** Budget B (words on LoCoMo; the package's cost units). */
  budget: number;
  /** Packages scored (LoCoMo: one per QA item; a package: 1). */
  items: number;
  /** Items whose every OPT is certified. */
  certified: number;
  /** Mean F / OPT(P+(Y)), at most 1 (columns `union_*`). */
  union_ratio: StoreRatios;
  /** Mean F / OPT(P) (columns `package_*`). */
  package_ratio: StoreRatios;
  /** Items the means are over: certified, OPT(P) > 0. */
  scored: number;
  /** Certified items with OPT(P) = 0, left out. */
  degenerate: number;
}

/** One memory of a {@linkcode StoreReport}'s `per_memory`. */
export interface PerMemoryRow {
  /** Memory id in the store. */
  memory: string;
  /** Cost (words). */
  cost: number;
  /** Units of positive weight it covers (value > 0), in package order (LoCoMo: every package's). */
  units: { unit: string; weight: number; value: number }[];
  /** Sum of weight * value over its units (weight units). */
  weight: number;
  /** Budgets at which the upper-pruned selection keeps it (LoCoMo: in at least one package). */
  kept_upper: number[];
  /** It covers no unit of positive weight. */
  covers_nothing: boolean;
}

/** A {@linkcode StoreReport}'s `longmemeval`: one store per question. */
export interface LongMemEvalStores {
  /** The LongMemEval file as given. */
  file: string;
  /** Questions in the file. */
  questions: number;
  /** Questions whose store was scored, in file order. */
  scored: string[];
  /** Questions without a store file (left out of the means). */
  missing: string[];
  /** Questions with a store but no package to score it on (no evidence turn, answer not located). */
  flagged: { question_id: string; reason: string }[];
  /** Store files naming no question of the file. */
  unused: string[];
}

/** The report of a scored store file (`memaudit store --json`); optional keys by mode. */
export interface StoreReport {
  /** LoCoMo sample id (LoCoMo mode). */
  conversation?: string;
  /** The package's id (package mode). */
  package?: string;
  /** The store format used. */
  format: string;
  /** Memories in the store (after the reader's merges). */
  memories: number;
  /** Per budget. */
  budgets: StoreBudgetRow[];
  /** Why this format: `given`, or what auto detected. */
  format_reason: string;
  /** The store file as given. */
  store: string;
  /** The LoCoMo file used and how it was chosen (LoCoMo mode). */
  locomo_data?: { name: string; path: string; via: string };
  /** The package file as given (package mode). */
  package_file?: string;
  /** LongMemEval mode: the file, and which questions had a store that was scored. */
  longmemeval?: LongMemEvalStores;
  /** The coverage adjudicator's name. */
  adjudicator: string;
  /** Where salience pruning's scores came from. */
  salience_source: "system" | "estimate";
  /** Every assumption that changes a number (also on stderr). */
  warnings: string[];
  /** Package mode, lexical: weighted units no memory can cover (ids, weight, share). */
  unmatchable?: { units: string[]; weight: number; share: number };
  /** With per-memory: the memories that cover no unit of positive weight (count, shares). */
  covers_nothing?: { memories: number; share: number; cost_share: number };
  /** With per-memory: each memory, in time order. */
  per_memory?: PerMemoryRow[];
}

// The types above are written out for readers; the compiler proves they are the schemas' types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShapes: [
  Same<StoreReport, z.output<typeof StoreReportSchema>>,
  Same<StoreBudgetRow, z.output<typeof StoreBudgetSchema>>,
  Same<PerMemoryRow, z.output<typeof PerMemorySchema>>,
] = [true, true, true];

/** The shape of {@linkcode StoreReport}: its JSON and JSON Schema. */
export const STORE_REPORT: ReportShape<typeof StoreReportSchema> = reportShape(
  "store_report",
  StoreReportSchema,
  "Generated from lib/systems/store_report.ts by `deno task schema`; do not edit. " +
    "`memaudit store --json` writes one object of this shape.",
);

/** Columns of the `--csv` and text table of the budgets (flattened `budgets` rows). */
export const STORE_BUDGET_COLUMNS: readonly string[] = rowColumns(StoreBudgetSchema);

/** Columns of the `--per-memory` table (units as `id:value` words). */
export const PER_MEMORY_COLUMNS: readonly string[] = rowColumns(PerMemorySchema);

/**
 * The budgets of a report as flat rows with the keys {@linkcode STORE_BUDGET_COLUMNS} (the `--csv`
 * rows and notebook tables).
 *
 * @param report a store report
 * @returns one row per budget
 */
export function storeBudgetRows(report: Pick<StoreReport, "budgets">): Record<string, unknown>[] {
  return report.budgets.map((b) => flatRow(StoreBudgetSchema, b));
}

/**
 * The `per_memory` list as flat rows with the keys {@linkcode PER_MEMORY_COLUMNS}: units as
 * `id:value` words, the budgets space-separated.
 *
 * @param report a store report (with `per_memory`; none gives no rows)
 * @returns one row per memory
 */
export function perMemoryTableRows(
  report: Pick<StoreReport, "per_memory">,
): Record<string, unknown>[] {
  return (report.per_memory ?? []).map((m) => ({
    ...flatRow(PerMemorySchema, m),
    units: m.units.map((u) => `${u.unit}:${u.value}`).join(" "),
    kept_upper: m.kept_upper.join(" "),
  }));
}
