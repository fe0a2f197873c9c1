/**
 * The result row of a sweep (ARTIFACT-SPEC §1.2) and its text forms.
 *
 * @module
 */
import denoConfig from "../../deno.json" with { type: "json" };
import { canonicalJson } from "../base/canonical_json.ts";
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
  /** Version of the result-row format ({@linkcode RESULT_SCHEMA_VERSION}). */
  schema_version: number;
  /** Id of the generated package. */
  instance_id: string;
  /** Seed of the package. */
  seed: number;
  /** Distribution name of the package. */
  distribution: string;
  /** Budget B in cost units. */
  budget: number;
  /** Method id (an exact method or a writer). */
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
  /** Safe ratio F / upper bound; null when undefined. */
  ratio_to_upper_bound: number | null;
  /** Safe ratio F / F(greedy). */
  ratio_to_reference: number | null;
  /** Certified OPT of the full package, or null. */
  optimum_value: number | null;
  /** An upper bound on OPT (OPT itself on exact-small packages), or null. */
  upper_bound: number | null;
  /** Where the upper bound comes from, or null. */
  upper_bound_source: string | null;
  /** F of the `greedy` store (always computed). */
  reference_value: number;
  /** cost <= B. */
  budget_feasible: boolean;
  /** At most k candidates per experience. */
  group_feasible: boolean;
  /** Representation type → count. */
  representation_mix: Record<string, number>;
  /** Coverage of current, invalidation and stale units (lib/score/metrics.ts). */
  update_metrics: UpdateMetrics;
  /** Always empty: retrieval decomposition is not run by the sweep. */
  retrieval_metrics: Record<string, never>;
  /** Provenance flags of the method family. */
  policy_metadata: Record<string, string>;
  /** Status of the method's own exact solve (exact methods only). */
  certificate_status?: string;
  /** Versions of memaudit and of the package schema. */
  versions: { memaudit: string; schema: number };
}

/** Wall time of one row, kept out of the results file. */
export interface TimingRow {
  /** Distribution name of the package. */
  distribution: string;
  /** Seed of the package. */
  seed: number;
  /** Budget B in cost units. */
  budget: number;
  /** Method id (an exact method or a writer). */
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

/**
 * The texts of strings that recur on many rows (names, ids, labels, keys),
 * computed once: JSON, CSV cell, and the JSON as it reads inside a quoted
 * CSV cell (quotes doubled). Cleared when it grows past a bound, so a long
 * sweep does not keep every instance id.
 */
const stringTexts = new Map<string, readonly [json: string, csv: string, jsonInCsv: string]>();
/** CSV cells of JSON texts that recur (representation mixes, policy flags), computed once. */
const jsonCells = new Map<string, string>();
const CACHE_MAX = 4096;

function stringText(s: string): readonly [json: string, csv: string, jsonInCsv: string] {
  let t = stringTexts.get(s);
  if (t === undefined) {
    if (stringTexts.size >= CACHE_MAX) stringTexts.clear();
    const json = JSON.stringify(s);
    t = [json, csvQuote(s), json.replaceAll('"', '""')];
    stringTexts.set(s, t);
  }
  return t;
}

/** The CSV cell of a JSON text ({@linkcode csvQuote}), cached. */
function jsonCell(json: string): string {
  if (json === "{}") return json;
  let t = jsonCells.get(json);
  if (t === undefined) {
    if (jsonCells.size >= CACHE_MAX) jsonCells.clear();
    t = csvQuote(json);
    jsonCells.set(json, t);
  }
  return t;
}

/** JSON of a string or null (a JSON string or `null`). */
function jstr(s: string | null | undefined): string {
  return s === null || s === undefined ? "null" : stringText(s)[0];
}

/** CSV cell of a string or null (quoted when needed; null is empty). */
function cstr(s: string | null | undefined): string {
  return s === null || s === undefined ? "" : stringText(s)[1];
}

/** `canonicalJson` of a small record (keys sorted); nested values through `canonicalJson`. */
function recordJson(o: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(o);
  if (keys.length === 0) return "{}";
  if (keys.length > 1) keys.sort();
  let s = "{";
  for (const k of keys) {
    const v = o[k];
    if (v === undefined) continue;
    s += (s.length === 1 ? "" : ",") + stringText(k)[0] + ":" +
      (typeof v === "object" && v !== null
        ? canonicalJson(v)
        : typeof v === "string"
        ? stringText(v)[0]
        : scalar(v));
  }
  return s + "}";
}

/** The JSON of a list of ids and its CSV cell (the JSON, quoted, when not empty). */
function idsTexts(ids: readonly string[]): [json: string, csv: string] {
  if (ids.length === 0) return ["[]", "[]"];
  let t = stringText(ids[0]);
  let json = "[" + t[0], csv = '"[' + t[2];
  for (let i = 1; i < ids.length; i++) {
    t = stringText(ids[i]);
    json += "," + t[0];
    csv += "," + t[2];
  }
  return [json + "]", csv + ']"'];
}

/** Own keys of a result row with `certificate_status`; one fewer without it. */
const ROW_KEY_COUNT = 26;

/** A number's text (`String(v)`), or null for null. */
function num(v: number | null): string | null {
  return v === null ? null : String(v);
}

/** The CSV cell of a {@linkcode num} text (numbers never need quoting; null is empty). */
function plain(t: string | null): string {
  return t ?? "";
}

/** The JSON of a {@linkcode num} text, as `JSON.stringify` writes it (null for null and non-finite). */
function jnum(t: string | null): string {
  return t === null || t === "NaN" || t === "Infinity" || t === "-Infinity" ? "null" : t;
}

/** The keys of {@linkcode UpdateMetrics}, in sorted (canonical JSON) order. */
const METRIC_KEYS_SORTED = [
  "current_units_covered",
  "current_units_total",
  "invalidation_units_covered",
  "invalidation_units_total",
  "selected_tombstone_like",
  "stale_positive_units_covered",
  "stale_units_total",
] as const;

/** The JSON of the versions every row of this build carries, and its two CSV cells. */
const VERSIONS_JSON = canonicalJson(VERSIONS);
const VERSIONS_CSV = csvQuote(VERSIONS.memaudit) + "," + String(VERSIONS.schema);

const isNum = (v: unknown): v is number => typeof v === "number";
const isNumOrNull = (v: unknown) => v === null || typeof v === "number";
const isStr = (v: unknown): v is string => typeof v === "string";
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether update metrics are exactly the seven keys of {@linkcode UpdateMetrics}, finite numbers. */
function isMetrics(u: unknown): boolean {
  if (!isRecord(u) || Object.keys(u).length !== METRIC_KEYS_SORTED.length) return false;
  for (const k of METRIC_KEYS_SORTED) if (!Number.isFinite(u[k])) return false;
  return true;
}

/**
 * Whether a row has exactly the own keys and value types of
 * {@linkcode ResultRow} (certificate_status a string or absent, the seven
 * update metrics finite): the rows {@linkcode rowLines} writes field by
 * field. Anything else (extra, missing or undefined fields, other types,
 * non-finite metrics) goes through the generic writers.
 */
function isResultRowShape(r: ResultRow): boolean {
  const status = r.certificate_status;
  if (Object.keys(r).length !== (status === undefined ? ROW_KEY_COUNT - 1 : ROW_KEY_COUNT)) {
    return false;
  }
  const ids = r.selected_candidate_ids, u = r.update_metrics, v = r.versions;
  if (!Array.isArray(ids)) return false;
  for (let i = 0; i < ids.length; i++) if (typeof ids[i] !== "string") return false;
  return (status === undefined || isStr(status)) && isNum(r.schema_version) &&
    isStr(r.instance_id) && isNum(r.seed) && isStr(r.distribution) && isNum(r.budget) &&
    isStr(r.method) && isNum(r.selected_cost) && isNum(r.objective_value) &&
    isStr(r.denominator_label) && isNumOrNull(r.ratio_to_opt) && isBool(r.opt_degenerate) &&
    isNumOrNull(r.ratio_to_upper_bound) && isNumOrNull(r.ratio_to_reference) &&
    isNumOrNull(r.optimum_value) && isNumOrNull(r.upper_bound) &&
    (r.upper_bound_source === null || isStr(r.upper_bound_source)) &&
    isNum(r.reference_value) && isBool(r.budget_feasible) && isBool(r.group_feasible) &&
    isRecord(r.representation_mix) &&
    isMetrics(u) && isRecord(r.retrieval_metrics) &&
    Object.keys(r.retrieval_metrics).length === 0 && isRecord(r.policy_metadata) &&
    isRecord(v) && isStr(v.memaudit) && isNum(v.schema);
}

/** The CSV line of a row of any shape: each column's value through {@linkcode cell}. */
function genericCsvLine(r: ResultRow): string {
  const o = r as unknown as Record<string, unknown>;
  const u = isRecord(o.update_metrics) ? o.update_metrics : {};
  const v = isRecord(o.versions) ? o.versions : {};
  return CSV_COLUMNS.map((col) =>
    cell(
      col === "memaudit_version"
        ? v.memaudit
        : col === "package_schema_version"
        ? v.schema
        : (METRIC_KEYS_SORTED as readonly string[]).includes(col)
        ? u[col]
        : o[col],
    )
  ).join(",");
}

/**
 * A result row's JSON line (`canonicalJson(row)`, without "\n") and CSV
 * line (in {@linkcode CSV_COLUMNS} order, without "\n"), written field by
 * field with each number converted to text once and recurring strings
 * quoted once (the sweep writes both for every row, so this is its hot
 * path). A row of another shape falls back to `canonicalJson` for its JSON
 * line.
 */
function rowLines(r: ResultRow): [string, string] {
  if (!isResultRowShape(r)) return [canonicalJson(r), genericCsvLine(r)];
  const u = r.update_metrics;
  const budget = num(r.budget), seed = num(r.seed), objective = num(r.objective_value);
  const optimum = num(r.optimum_value), ratioOpt = num(r.ratio_to_opt);
  const ratioUb = num(r.ratio_to_upper_bound), ratioRef = num(r.ratio_to_reference);
  const reference = num(r.reference_value), cost = num(r.selected_cost);
  const upper = num(r.upper_bound), schemaVersion = num(r.schema_version);
  const budgetFeasible = scalar(r.budget_feasible), groupFeasible = scalar(r.group_feasible);
  const degenerate = scalar(r.opt_degenerate);
  const [ids, idsCell] = idsTexts(r.selected_candidate_ids);
  const mix = recordJson(r.representation_mix);
  const policy = recordJson(r.policy_metadata);
  const status = r.certificate_status;
  const v = r.versions;
  const ownVersions = v.memaudit === VERSIONS.memaudit && v.schema === VERSIONS.schema &&
    Object.keys(v).length === 2;
  const curTotal = cell(u.current_units_total), curCovered = cell(u.current_units_covered);
  const invTotal = cell(u.invalidation_units_total);
  const invCovered = cell(u.invalidation_units_covered);
  const staleTotal = cell(u.stale_units_total);
  const staleCovered = cell(u.stale_positive_units_covered);
  const tombstoneLike = cell(u.selected_tombstone_like);
  const csv = cstr(r.distribution) + "," + plain(seed) + "," + plain(budget) + "," +
    cstr(r.method) + "," + cstr(r.instance_id) + "," + plain(objective) + "," +
    plain(optimum) + "," + plain(ratioOpt) + "," + degenerate + "," + plain(ratioUb) + "," +
    plain(ratioRef) + "," + plain(reference) + "," + plain(cost) + "," + budgetFeasible + "," +
    groupFeasible + "," + cstr(status) + "," + cstr(r.denominator_label) + "," + plain(upper) +
    "," + cstr(r.upper_bound_source) + "," + curTotal + "," + curCovered + "," + invTotal + "," +
    invCovered + "," + staleTotal + "," + staleCovered + "," + tombstoneLike + "," +
    idsCell + "," + jsonCell(mix) + "," + jsonCell(policy) + "," + plain(schemaVersion) +
    "," + (ownVersions ? VERSIONS_CSV : cell(v.memaudit) + "," + cell(v.schema));
  const json = '{"budget":' + jnum(budget) +
    ',"budget_feasible":' + budgetFeasible +
    (status === undefined ? "" : ',"certificate_status":' + jstr(status)) +
    ',"denominator_label":' + jstr(r.denominator_label) +
    ',"distribution":' + jstr(r.distribution) +
    ',"group_feasible":' + groupFeasible +
    ',"instance_id":' + jstr(r.instance_id) +
    ',"method":' + jstr(r.method) +
    ',"objective_value":' + jnum(objective) +
    ',"opt_degenerate":' + degenerate +
    ',"optimum_value":' + jnum(optimum) +
    ',"policy_metadata":' + policy +
    ',"ratio_to_opt":' + jnum(ratioOpt) +
    ',"ratio_to_reference":' + jnum(ratioRef) +
    ',"ratio_to_upper_bound":' + jnum(ratioUb) +
    ',"reference_value":' + jnum(reference) +
    ',"representation_mix":' + mix +
    ',"retrieval_metrics":' + recordJson(r.retrieval_metrics) +
    ',"schema_version":' + jnum(schemaVersion) +
    ',"seed":' + jnum(seed) +
    ',"selected_candidate_ids":' + ids +
    ',"selected_cost":' + jnum(cost) +
    ',"update_metrics":{"current_units_covered":' + curCovered +
    ',"current_units_total":' + curTotal +
    ',"invalidation_units_covered":' + invCovered +
    ',"invalidation_units_total":' + invTotal +
    ',"selected_tombstone_like":' + tombstoneLike +
    ',"stale_positive_units_covered":' + staleCovered +
    ',"stale_units_total":' + staleTotal + "}" +
    ',"upper_bound":' + jnum(upper) +
    ',"upper_bound_source":' + jstr(r.upper_bound_source) +
    ',"versions":' + (ownVersions ? VERSIONS_JSON : recordJson(v)) + "}";
  return [json, csv];
}

/** `canonicalJson(timing)` written field by field (falls back for another shape). */
function timingRowJson(t: TimingRow): string {
  if (
    Object.keys(t).length !== 5 || !isNum(t.budget) || !isStr(t.distribution) ||
    !isStr(t.method) || !isNum(t.runtime_sec) || !isNum(t.seed)
  ) return canonicalJson(t);
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
    s += ("runtime_sec" in r ? timingRowJson(r) : rowLines(r)[0]) + "\n";
  }
  return s;
}

/** CSV columns of {@linkcode rowsToCsv}, in order. */
export const CSV_COLUMNS: readonly string[] = (
  "distribution seed budget method instance_id objective_value optimum_value ratio_to_opt " +
  "opt_degenerate ratio_to_upper_bound ratio_to_reference reference_value selected_cost " +
  "budget_feasible group_feasible certificate_status denominator_label upper_bound " +
  "upper_bound_source current_units_total current_units_covered invalidation_units_total " +
  "invalidation_units_covered stale_units_total stale_positive_units_covered " +
  "selected_tombstone_like selected_candidate_ids representation_mix policy_metadata " +
  "schema_version memaudit_version package_schema_version"
).split(" ");

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return csvQuote(typeof v === "object" ? canonicalJson(v) : String(v));
}

/** A text as an RFC 4180 cell: quoted, with quotes doubled, when it holds `"`, `,`, CR or LF. */
function csvQuote(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
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
  for (const r of rows) s += rowLines(r)[1] + "\n";
  return s;
}

/**
 * One unit's share of the output files, serialized where the unit ran (a
 * worker), so the main thread only concatenates: the rows and timings
 * sorted by {@linkcode compareRows}, as JSONL and as CSV lines without the
 * header.
 */
export interface UnitText {
  /** The rows' results JSONL. */
  jsonl: string;
  /** The rows' CSV lines, without the header. */
  csv: string;
  /** The timings JSONL. */
  timings: string;
  /** The rows, sorted. */
  rows: ResultRow[];
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
  const rows = isSorted(unit.rows) ? [...unit.rows] : [...unit.rows].sort(compareRows);
  let jsonl = "", csv = "";
  for (const r of rows) {
    const [j, c] = rowLines(r);
    jsonl += j + "\n";
    csv += c + "\n";
  }
  const timings = isSorted(unit.timings) ? unit.timings : [...unit.timings].sort(compareRows);
  return { jsonl, csv, timings: rowsToJsonl(timings), rows };
}

/** Whether rows are already in {@linkcode compareRows} order. */
function isSorted(
  rows: readonly { distribution: string; seed: number; budget: number; method: string }[],
): boolean {
  for (let i = 1; i < rows.length; i++) if (compareRows(rows[i - 1], rows[i]) > 0) return false;
  return true;
}
