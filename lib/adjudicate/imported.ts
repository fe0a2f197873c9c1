/**
 * Imported adjudication: coverage labels produced elsewhere (human
 * annotators, an LLM run, another tool) as CSV or JSONL rows keyed by the
 * content key of (memory text, unit text), so any package holding the same
 * texts can be re-scored without adjudicating again.
 *
 * File formats (one labeling per file):
 * - CSV with a header containing `key` and `value` (other columns, e.g. the
 *   ones `writeCoverageCells` writes, and an optional `rationale`, are kept
 *   or ignored);
 * - JSONL: one object per line with `key` and `value` (and optional
 *   `rationale`); blank lines are skipped.
 * `key` is 64 lowercase hex digits, `value` a number in [0, 1]. A key may
 * repeat only with the same value.
 *
 * @module
 */
import { readJsonl } from "../base/jsonl.ts";
import { parseCsv } from "../base/deps/csv_parse.ts";
import { InputError, type Where } from "../base/errors.ts";
import { readTextInput } from "../base/fs.ts";
import { coverageCellKey } from "./content_key.ts";
import type { AdjudicationRequest, Adjudicator, CoverageEdge, UnitView } from "./types.ts";

/** One imported label. */
export interface ImportedCell {
  /** a_ur in [0, 1]. */
  value: number;
  /** Why, when the labeling says. */
  rationale?: string;
}

/** An imported labeling: labels by content key. */
export type ImportedLabels = ReadonlyMap<string, ImportedCell>;

const KEY = /^[0-9a-f]{64}$/;

function readRow(
  file: string,
  where: (column: string) => Where,
  row: Record<string, unknown>,
  out: Map<string, ImportedCell>,
): void {
  const key = row.key;
  if (typeof key !== "string" || !KEY.test(key)) {
    throw new InputError(file, where("key"), "a content key of 64 lowercase hex digits");
  }
  const rawValue = row.value;
  const value = typeof rawValue === "number"
    ? rawValue
    : typeof rawValue === "string" && rawValue.trim() !== ""
    ? Number(rawValue)
    : NaN;
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw new InputError(
      file,
      where("value"),
      `a coverage value in [0, 1], got ${JSON.stringify(rawValue)}`,
    );
  }
  const prev = out.get(key);
  if (prev && prev.value !== value) {
    throw new InputError(
      file,
      where("value"),
      `the same value as the earlier row for key ${
        key.slice(0, 12)
      }… (${prev.value}), got ${value}`,
    );
  }
  const cell: ImportedCell = { value };
  if (typeof row.rationale === "string" && row.rationale !== "") cell.rationale = row.rationale;
  if (!prev) out.set(key, cell);
}

/**
 * Parses an imported labeling.
 *
 * @param text the file content
 * @param format `csv` or `jsonl`
 * @param file the file name for errors
 * @returns labels by content key
 * @throws {InputError} naming the row (CSV: row and column, 1-based data rows; JSONL: `line N`) and what was expected
 */
export function parseImportedCoverage(
  text: string,
  format: "csv" | "jsonl",
  file = "<memory>",
): ImportedLabels {
  const out = new Map<string, ImportedCell>();
  if (format === "csv") {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(text, { columns: true, skip_empty_lines: true, bom: true });
    } catch (e) {
      throw InputError.atRoot(file, `valid CSV (${(e as Error).message})`);
    }
    if (rows.length > 0 && (!("key" in rows[0]) || !("value" in rows[0]))) {
      throw new InputError(file, { row: 0, column: "key" }, "a header with columns key and value");
    }
    rows.forEach((r, i) => readRow(file, (column) => ({ row: i + 1, column }), r, out));
    return out;
  }
  for (const { line, value } of readJsonl(text, file)) {
    readRow(
      file,
      (column) => ({ path: `line ${line}.${column}` }),
      value as Record<string, unknown>,
      out,
    );
  }
  return out;
}

/**
 * Reads an imported labeling from a `.csv` or `.jsonl` file.
 *
 * @param path the file
 * @returns labels by content key
 * @throws {InputError} for a missing file, another extension, or a bad row
 */
export async function loadImportedCoverage(path: string): Promise<ImportedLabels> {
  const format = path.endsWith(".csv") ? "csv" : path.endsWith(".jsonl") ? "jsonl" : null;
  if (!format) throw InputError.atRoot(path, "a .csv or .jsonl file");
  return parseImportedCoverage(await readTextInput(path), format, path);
}

/**
 * An adjudicator answering from an imported labeling (provenance
 * `imported:<name>`); cells it does not hold go to the fallback adjudicator
 * or count as 0. `hits` and `misses` count looked-up cells.
 */
export class ImportedAdjudicator implements Adjudicator {
  /** `imported:<label>`. */
  readonly name: string;
  /** Cells found in the labeling so far. */
  hits = 0;
  /** Cells not found in the labeling so far. */
  misses = 0;

  /**
   * An adjudicator answering from `labels`.
   *
   * @param label short name of the labeling (e.g. `human_a`)
   * @param labels labels by content key
   * @param opts fallback adjudicator
   */
  constructor(
    label: string,
    readonly labels: ImportedLabels,
    readonly opts: {
      /** Adjudicates the cells the labeling does not hold (default: none, they count as 0). */
      fallback?: Adjudicator;
    } = {},
  ) {
    this.name = `imported:${label}`;
  }

  /**
   * The imported value of a cell, or undefined when the labeling lacks it.
   *
   * @param memory memory text
   * @param unit unit text
   */
  lookup(memory: string, unit: string): ImportedCell | undefined {
    const cell = this.labels.get(coverageCellKey(memory, unit));
    if (cell) this.hits++;
    else this.misses++;
    return cell;
  }

  /**
   * Edges from the labeling (value > 0 only), then the fallback's edges for
   * the missing units.
   *
   * @param request memory and units
   * @returns edges in unit order (imported first, then fallback)
   */
  async adjudicate(request: AdjudicationRequest): Promise<CoverageEdge[]> {
    const out: CoverageEdge[] = [];
    const missing: UnitView[] = [];
    for (const u of request.units) {
      const cell = this.lookup(request.memory.text, u.text);
      if (!cell) missing.push(u);
      else if (cell.value > 0) {
        const edge: CoverageEdge = { unit: u.id, value: cell.value, provenance: this.name };
        if (cell.rationale) edge.rationale = cell.rationale;
        out.push(edge);
      }
    }
    if (missing.length > 0 && this.opts.fallback) {
      out.push(...await this.opts.fallback.adjudicate({ ...request, units: missing }));
    }
    return out;
  }
}
