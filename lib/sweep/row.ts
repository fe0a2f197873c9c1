/**
 * The result row of a sweep (ARTIFACT-SPEC §1.2) and its text forms.
 *
 * @module
 */
import denoConfig from "../../deno.json" with { type: "json" };
import { canonicalJson } from "../generate/canonical_json.ts";
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

/** JSON of a scalar, as `JSON.stringify` writes it. */
function scalar(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  return JSON.stringify(v) ?? "null";
}

/** `canonicalJson` of a small record (keys sorted); nested values through `canonicalJson`. */
function recordJson(o: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(o);
  if (keys.length > 1) keys.sort();
  let s = "{";
  for (const k of keys) {
    const v = o[k];
    if (v === undefined) continue;
    s += (s.length === 1 ? "" : ",") + JSON.stringify(k) + ":" +
      (typeof v === "object" && v !== null ? canonicalJson(v) : scalar(v));
  }
  return s + "}";
}

function idsJson(ids: readonly string[]): string {
  let s = "[";
  for (let i = 0; i < ids.length; i++) s += (i === 0 ? "" : ",") + JSON.stringify(ids[i]);
  return s + "]";
}

/** Own keys of a result row with `certificate_status`; one fewer without it. */
const ROW_KEY_COUNT = 26;

/**
 * `canonicalJson(row)` written field by field (the sweep writes one line per
 * row, so this is its hot path); a row of another shape falls back to
 * `canonicalJson`.
 */
function resultRowJson(r: ResultRow): string {
  const n = Object.keys(r).length;
  const status = r.certificate_status;
  if (n !== (status === undefined ? ROW_KEY_COUNT - 1 : ROW_KEY_COUNT)) return canonicalJson(r);
  return '{"budget":' + scalar(r.budget) +
    ',"budget_feasible":' + scalar(r.budget_feasible) +
    (status === undefined ? "" : ',"certificate_status":' + scalar(status)) +
    ',"denominator_label":' + scalar(r.denominator_label) +
    ',"distribution":' + scalar(r.distribution) +
    ',"group_feasible":' + scalar(r.group_feasible) +
    ',"instance_id":' + scalar(r.instance_id) +
    ',"method":' + scalar(r.method) +
    ',"objective_value":' + scalar(r.objective_value) +
    ',"opt_degenerate":' + scalar(r.opt_degenerate) +
    ',"optimum_value":' + scalar(r.optimum_value) +
    ',"policy_metadata":' + recordJson(r.policy_metadata) +
    ',"ratio_to_opt":' + scalar(r.ratio_to_opt) +
    ',"ratio_to_reference":' + scalar(r.ratio_to_reference) +
    ',"ratio_to_upper_bound":' + scalar(r.ratio_to_upper_bound) +
    ',"reference_value":' + scalar(r.reference_value) +
    ',"representation_mix":' + recordJson(r.representation_mix) +
    ',"retrieval_metrics":' + recordJson(r.retrieval_metrics) +
    ',"schema_version":' + scalar(r.schema_version) +
    ',"seed":' + scalar(r.seed) +
    ',"selected_candidate_ids":' + idsJson(r.selected_candidate_ids) +
    ',"selected_cost":' + scalar(r.selected_cost) +
    ',"update_metrics":' + recordJson(r.update_metrics as unknown as Record<string, unknown>) +
    ',"upper_bound":' + scalar(r.upper_bound) +
    ',"upper_bound_source":' + scalar(r.upper_bound_source) +
    ',"versions":' + recordJson(r.versions) + "}";
}

/** `canonicalJson(timing)` written field by field (falls back for another shape). */
function timingRowJson(t: TimingRow): string {
  if (Object.keys(t).length !== 5) return canonicalJson(t);
  return '{"budget":' + scalar(t.budget) +
    ',"distribution":' + scalar(t.distribution) +
    ',"method":' + scalar(t.method) +
    ',"runtime_sec":' + scalar(t.runtime_sec) +
    ',"seed":' + scalar(t.seed) + "}";
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
    s += ("runtime_sec" in r ? timingRowJson(r) : resultRowJson(r)) + "\n";
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
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const s = typeof v === "object" ? canonicalJson(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line (without "\n"), in {@linkcode CSV_COLUMNS} order. */
function csvLine(r: ResultRow): string {
  const u = r.update_metrics;
  return cell(r.distribution) + "," + cell(r.seed) + "," + cell(r.budget) + "," +
    cell(r.method) + "," + cell(r.instance_id) + "," + cell(r.objective_value) + "," +
    cell(r.optimum_value) + "," + cell(r.ratio_to_opt) + "," + cell(r.opt_degenerate) + "," +
    cell(r.ratio_to_upper_bound) + "," + cell(r.ratio_to_reference) + "," +
    cell(r.reference_value) + "," + cell(r.selected_cost) + "," + cell(r.budget_feasible) + "," +
    cell(r.group_feasible) + "," + cell(r.certificate_status) + "," +
    cell(r.denominator_label) + "," + cell(r.upper_bound) + "," + cell(r.upper_bound_source) +
    "," + cell(u.current_units_total) + "," + cell(u.current_units_covered) + "," +
    cell(u.invalidation_units_total) + "," + cell(u.invalidation_units_covered) + "," +
    cell(u.stale_units_total) + "," + cell(u.stale_positive_units_covered) + "," +
    cell(u.selected_tombstone_like) + "," + cell(idsJson(r.selected_candidate_ids)) + "," +
    cell(recordJson(r.representation_mix)) + "," + cell(recordJson(r.policy_metadata)) + "," +
    cell(r.schema_version) + "," + cell(r.versions.memaudit) + "," + cell(r.versions.schema);
}

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
  for (const r of rows) s += csvLine(r) + "\n";
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
  /** The rows, sorted. */
  rows: ResultRow[];
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
    rows,
  };
}
