/**
 * Private helper of the retention readers: CSV text (csv-parse) to rows of
 * named cells, with the header checked and errors naming row and column.
 *
 * @module
 */
import { parseCsv } from "../deps.ts";
import { InputError } from "../errors.ts";

/** One data row: its 1-based number (header excluded) and its cells by column name. */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * Parses CSV with a header holding at least `required` (each column once).
 *
 * @param text the CSV text (a byte-order mark is skipped)
 * @param file the file name for errors
 * @param required the columns that must be present
 * @returns the data rows (blank lines skipped)
 * @throws {InputError} "valid CSV" at the row csv-parse stopped at; at `header` for a missing or
 *   repeated column
 */
export function parseCsvRows(text: string, file: string, required: readonly string[]): CsvRow[] {
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    const msg = (e as Error).message.replace(/\s+/g, " ");
    throw new InputError(
      file,
      typeof line === "number" ? { path: `line ${line}` } : { path: "" },
      `expected valid CSV (${msg})`,
    );
  }
  if (records.length === 0) {
    throw new InputError(file, { path: "header" }, `expected a header ${required.join(",")}`);
  }
  const header = records[0].map((h) => h.trim());
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) {
      throw new InputError(file, { path: "header" }, `expected each column once; '${h}' repeats`);
    }
    seen.add(h);
  }
  for (const c of required) {
    if (!seen.has(c)) {
      throw new InputError(
        file,
        { path: "header" },
        `expected a column '${c}' (header ${required.join(",")})`,
      );
    }
  }
  return records.slice(1).map((rec, r) => {
    const cells: Record<string, string> = {};
    header.forEach((h, j) => (cells[h] = rec[j] ?? ""));
    return { row: r + 1, cells };
  });
}
