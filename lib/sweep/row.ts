/**
 * The result row of a sweep (ARTIFACT-SPEC §1.2) and its text forms.
 *
 * @module
 */
import denoConfig from "../../deno.json" with { type: "json" };
import { canonicalJson } from "../generate/package_hash.ts";
import { compareIds } from "../package/compile.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import type { UpdateMetrics } from "../score/metrics.ts";

/** Version of the result-row format (the artifact's `schema_version`). */
export const RESULT_SCHEMA_VERSION = 1;

/** Versions recorded in every row: the memaudit module and the package schema. */
export const VERSIONS: Readonly<{ memaudit: string; schema: number }> = Object.freeze({
  memaudit: denoConfig.version,
  schema: PACKAGE_SCHEMA_VERSION,
});

/**
 * One result row: one (instance, budget, method) (ARTIFACT-SPEC §1.2).
 * Wall times are kept out (see {@linkcode TimingRow}) so that results are
 * byte-identical across runs and worker counts.
 */
export interface ResultRow {
  schema_version: number;
  instance_id: string;
  seed: number;
  distribution: string;
  /** Budget B in cost units. */
  budget: number;
  method: string;
  /** Candidate ids in the method's selection order (OPT: DFS path order). */
  selected_candidate_ids: string[];
  /** Σ cost of the selected candidates, in cost units. */
  selected_cost: number;
  /** F(selected) under the package weights, in weight units. */
  objective_value: number;
  /** `exact_opt` when the full OPT is certified, else `none`. */
  denominator_label: string;
  /**
   * Safe ratio F / OPT (ARTIFACT-SPEC §6.1); null when undefined. When OPT
   * is degenerate (|OPT| <= 1e-12) the artifact's rule gives 1.0 for F = 0
   * (kept, the paper's means depend on it): see `opt_degenerate`.
   */
  ratio_to_opt: number | null;
  /**
   * True when the certified OPT is degenerate (|OPT| <= 1e-12): the ratio
   * then says nothing about the method (1.0 by convention when F = 0, null
   * otherwise). False when OPT is not degenerate or not certified.
   */
  opt_degenerate: boolean;
  ratio_to_upper_bound: number | null;
  /** Safe ratio F / F(greedy). */
  ratio_to_reference: number | null;
  /** Certified OPT of the full package, or null. */
  optimum_value: number | null;
  upper_bound: number | null;
  upper_bound_source: string | null;
  /** F of the `greedy` store (always computed). */
  reference_value: number;
  /** cost <= B. */
  budget_feasible: boolean;
  /** At most k candidates per experience. */
  group_feasible: boolean;
  /** Representation type → count. */
  representation_mix: Record<string, number>;
  update_metrics: UpdateMetrics;
  /** Always empty: retrieval decomposition is not run by the sweep. */
  retrieval_metrics: Record<string, never>;
  /** Provenance flags of the method family. */
  policy_metadata: Record<string, string>;
  /** Status of the method's own exact solve (exact methods only). */
  certificate_status?: string;
  versions: { memaudit: string; schema: number };
}

/** Wall time of one row, kept out of the results file. */
export interface TimingRow {
  distribution: string;
  seed: number;
  budget: number;
  method: string;
  /** Seconds; exact methods report their solver time. */
  runtime_sec: number;
}

/** The key of a (distribution, seed) unit. */
export function unitKey(distribution: string, seed: number): string {
  return `${distribution}\u0000${seed}`;
}

/**
 * Orders rows by (distribution, seed, budget, method): names in code-point
 * order, numbers numerically.
 *
 * @param a a row
 * @param b another row
 * @returns negative, zero or positive
 */
export function compareRows(
  a: { distribution: string; seed: number; budget: number; method: string },
  b: { distribution: string; seed: number; budget: number; method: string },
): number {
  return compareIds(a.distribution, b.distribution) || a.seed - b.seed ||
    a.budget - b.budget || compareIds(a.method, b.method);
}

/** Keys of a result row, sorted (the canonical order of its JSON line). */
const ROW_KEYS: readonly string[] = [
  "budget",
  "budget_feasible",
  "certificate_status",
  "denominator_label",
  "group_feasible",
  "instance_id",
  "method",
  "objective_value",
  "opt_degenerate",
  "optimum_value",
  "policy_metadata",
  "ratio_to_opt",
  "ratio_to_reference",
  "ratio_to_upper_bound",
  "reference_value",
  "representation_mix",
  "retrieval_metrics",
  "schema_version",
  "seed",
  "selected_candidate_ids",
  "selected_cost",
  "update_metrics",
  "upper_bound",
  "upper_bound_source",
  "versions",
];
const TIMING_KEYS: readonly string[] = ["budget", "distribution", "method", "runtime_sec", "seed"];

/**
 * `canonicalJson` of a flat record whose keys are all in `keys` (sorted):
 * the same text, without sorting or recursing per row. Any other shape
 * (an unknown key, a nested value where a scalar is expected) falls back to
 * `canonicalJson`.
 */
function recordJson(r: Record<string, unknown>, keys: readonly string[]): string {
  let s = "{", n = 0, present = 0;
  for (const k of keys) {
    if (!Object.hasOwn(r, k)) continue;
    present++;
    const v = r[k];
    if (v === undefined) continue;
    s += (n++ === 0 ? '"' : ',"') + k + '":' + valueJson(v);
  }
  return present === Object.keys(r).length ? s + "}" : canonicalJson(r);
}

function valueJson(v: unknown): string {
  if (typeof v !== "object" || v === null) return JSON.stringify(v) ?? "null";
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) {
    return v.length === 0
      ? "[]"
      : '["' + v.map((x) => JSON.stringify(x).slice(1, -1)).join('","') + '"]';
  }
  return canonicalJson(v);
}

/**
 * One JSON line per row, keys sorted at every level (the text of
 * `canonicalJson`), each line ending in "\n".
 *
 * @param rows rows in output order
 * @returns the JSONL text
 */
export function rowsToJsonl(rows: readonly (ResultRow | TimingRow)[]): string {
  let s = "";
  for (const r of rows) {
    const rec = r as unknown as Record<string, unknown>;
    s += recordJson(rec, "runtime_sec" in r ? TIMING_KEYS : ROW_KEYS) + "\n";
  }
  return s;
}

/** CSV columns of {@linkcode rowsToCsv}, in order. */
export const CSV_COLUMNS: readonly string[] = [
  "distribution",
  "seed",
  "budget",
  "method",
  "instance_id",
  "objective_value",
  "optimum_value",
  "ratio_to_opt",
  "opt_degenerate",
  "ratio_to_upper_bound",
  "ratio_to_reference",
  "reference_value",
  "selected_cost",
  "budget_feasible",
  "group_feasible",
  "certificate_status",
  "denominator_label",
  "upper_bound",
  "upper_bound_source",
  "current_units_total",
  "current_units_covered",
  "invalidation_units_total",
  "invalidation_units_covered",
  "stale_units_total",
  "stale_positive_units_covered",
  "selected_tombstone_like",
  "selected_candidate_ids",
  "representation_mix",
  "policy_metadata",
  "schema_version",
  "memaudit_version",
  "package_schema_version",
];

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "object" ? canonicalJson(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The CSV columns read from `update_metrics` (flattened). */
const UPDATE_COLUMNS: ReadonlySet<string> = new Set([
  "current_units_total",
  "current_units_covered",
  "invalidation_units_total",
  "invalidation_units_covered",
  "stale_units_total",
  "stale_positive_units_covered",
  "selected_tombstone_like",
]);

/** How each CSV column is read from a row. */
const CSV_GETTERS: readonly ((r: ResultRow) => unknown)[] = CSV_COLUMNS.map((c) => {
  if (c === "memaudit_version") return (r) => r.versions.memaudit;
  if (c === "package_schema_version") return (r) => r.versions.schema;
  if (UPDATE_COLUMNS.has(c)) {
    return (r) => (r.update_metrics as unknown as Record<string, unknown>)[c];
  }
  return (r) => (r as unknown as Record<string, unknown>)[c];
});

/**
 * The rows as CSV (RFC 4180, "\n" line ends): one header line, then one
 * line per row. Update metrics are flattened into columns; ids, the mix and
 * the policy flags are JSON; null is an empty cell.
 *
 * @param rows rows in output order
 * @returns the CSV text
 */
export function rowsToCsv(rows: readonly ResultRow[]): string {
  let s = CSV_COLUMNS.join(",") + "\n";
  for (const r of rows) {
    for (let i = 0; i < CSV_GETTERS.length; i++) {
      s += (i === 0 ? "" : ",") + cell(CSV_GETTERS[i](r));
    }
    s += "\n";
  }
  return s;
}

/**
 * One unit's share of the output files, serialized where the unit ran (a
 * worker), so the main thread only concatenates: the rows and timings
 * sorted by {@linkcode compareRows}, as JSONL and as CSV lines without the
 * header.
 */
export interface UnitText {
  jsonl: string;
  csv: string;
  timings: string;
  /** The fields the summary reads, per row (cheap to pass between threads). */
  lite: LiteRow[];
}

/** The fields of a result row that the sweep summary reads. */
export type LiteRow =
  & Pick<
    ResultRow,
    | "distribution"
    | "seed"
    | "instance_id"
    | "budget"
    | "method"
    | "objective_value"
    | "ratio_to_opt"
    | "ratio_to_upper_bound"
    | "ratio_to_reference"
    | "selected_cost"
    | "budget_feasible"
    | "group_feasible"
    | "opt_degenerate"
  >
  & { update_metrics: { invalidation_units_covered?: number } };

/** The summary fields of a row. */
export function liteRow(r: ResultRow): LiteRow {
  return {
    distribution: r.distribution,
    seed: r.seed,
    instance_id: r.instance_id,
    budget: r.budget,
    method: r.method,
    objective_value: r.objective_value,
    ratio_to_opt: r.ratio_to_opt,
    ratio_to_upper_bound: r.ratio_to_upper_bound,
    ratio_to_reference: r.ratio_to_reference,
    selected_cost: r.selected_cost,
    budget_feasible: r.budget_feasible,
    group_feasible: r.group_feasible,
    opt_degenerate: r.opt_degenerate,
    update_metrics: { invalidation_units_covered: r.update_metrics.invalidation_units_covered },
  };
}

/**
 * Serializes a unit for the output files. Concatenating the chunks of all
 * units in (distribution, seed) order gives exactly `rowsToJsonl`,
 * `rowsToCsv` (after its header line) and the timings JSONL of the sorted
 * rows, because every row of a unit shares its (distribution, seed).
 *
 * @param unit one unit's rows and timings
 * @returns its text chunks
 */
export function unitText(
  unit: {
    distribution: string;
    seed: number;
    rows: readonly ResultRow[];
    timings: readonly TimingRow[];
  },
): UnitText {
  const rows = [...unit.rows].sort(compareRows);
  const csv = rowsToCsv(rows);
  return {
    jsonl: rowsToJsonl(rows),
    csv: csv.slice(csv.indexOf("\n") + 1),
    timings: rowsToJsonl([...unit.timings].sort(compareRows)),
    lite: rows.map(liteRow),
  };
}
