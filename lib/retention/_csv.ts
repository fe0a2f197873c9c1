/**
 * Private helper of the retention readers: the one CSV parser of the facts,
 * presence and predictions tables (RFC 4180: comma-separated fields, records
 * ended by CRLF, LF or CR, a field in double quotes may hold commas, line
 * breaks and `""` for a quote), streaming over the text so that a presence
 * table of millions of rows is never held as rows. Errors name the file and
 * the line, or the data row and column; the header is checked.
 *
 * It replaced csv-parse here: on the 2.3 M-row presence table of issue 22,
 * parsing into arrays of rows and then objects took most of `retention rr`'s
 * time and memory (bench/retention_rr_vs_pandas.ts).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";

/** One data row: its 1-based number (header excluded) and its cells by column name. */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
}

const COMMA = 44, QUOTE = 34, LF = 10, CR = 13;

/** Where the parser is: the text, the offset of the next character and the 1-based line. */
interface Cursor {
  text: string;
  file: string;
  pos: number;
  line: number;
}

function csvError(c: Cursor, what: string): InputError {
  return new InputError(c.file, { path: `line ${c.line}` }, `expected valid CSV (${what})`);
}

/** Skips a record end (CRLF, LF or CR) at the cursor, if any; true when one was there. */
function skipBreak(c: Cursor): boolean {
  const ch = c.text.charCodeAt(c.pos);
  if (ch === LF || ch === CR) {
    c.pos += ch === CR && c.text.charCodeAt(c.pos + 1) === LF ? 2 : 1;
    c.line++;
    return true;
  }
  return false;
}

/** Reads a quoted field starting at the opening quote; leaves the cursor after the closing one. */
function quotedField(c: Cursor): string {
  const { text } = c;
  let out = "", from = ++c.pos;
  for (;;) {
    const q = text.indexOf('"', c.pos);
    if (q < 0) throw csvError(c, "a quoted field that is not closed");
    for (let i = c.pos; i < q; i++) {
      const ch = text.charCodeAt(i);
      if (ch === LF || (ch === CR && text.charCodeAt(i + 1) !== LF)) c.line++;
    }
    if (text.charCodeAt(q + 1) === QUOTE) {
      out += text.slice(from, q + 1);
      c.pos = from = q + 2;
      continue;
    }
    c.pos = q + 1;
    out += text.slice(from, q);
    const next = text.charCodeAt(c.pos);
    if (c.pos < text.length && next !== COMMA && next !== LF && next !== CR) {
      throw csvError(c, "a comma or a line break after a closing quote");
    }
    return out;
  }
}

/**
 * Reads one record's fields into `cells` (emptied first); the cursor ends
 * after the record's line break.
 */
function readRecord(c: Cursor, cells: string[]): void {
  cells.length = 0;
  const { text } = c;
  for (;;) {
    let field: string;
    if (text.charCodeAt(c.pos) === QUOTE) field = quotedField(c);
    else {
      const start = c.pos;
      let i = start;
      for (; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        if (ch === COMMA || ch === LF || ch === CR) break;
        if (ch === QUOTE) {
          throw csvError(c, `a quote only around a whole field (field ${cells.length + 1})`);
        }
      }
      field = text.slice(start, i);
      c.pos = i;
    }
    cells.push(field);
    if (text.charCodeAt(c.pos) === COMMA) {
      c.pos++;
      continue;
    }
    skipBreak(c);
    return;
  }
}

/**
 * Calls `visit(cells, row, column)` for each data row of a CSV table whose
 * header holds at least `required` (each column once). `cells` is one array
 * reused for every row (copy what you keep); `column` maps a header name to
 * its index. Empty lines are skipped.
 *
 * @param text the CSV text (a byte-order mark is skipped)
 * @param file the file name for errors
 * @param required the columns that must be present
 * @param visit called once per data row, in order (row 1 is the first after the header)
 * @throws {InputError} "expected valid CSV (...)" at the line of a quote problem or of a row
 *   with another number of fields than the header; at `header` for a missing, empty or
 *   repeated column
 */
export function forEachCsvRow(
  text: string,
  file: string,
  required: readonly string[],
  visit: (cells: readonly string[], row: number, column: ReadonlyMap<string, number>) => void,
): void {
  const c: Cursor = { text, file, pos: text.charCodeAt(0) === 0xfeff ? 1 : 0, line: 1 };
  const cells: string[] = [];
  while (c.pos < text.length && skipBreak(c));
  if (c.pos >= text.length) {
    throw new InputError(file, { path: "header" }, `expected a header ${required.join(",")}`);
  }
  readRecord(c, cells);
  const column = headerColumns(cells, file, required);
  let row = 0;
  while (c.pos < text.length) {
    if (skipBreak(c)) continue;
    const line = c.line;
    readRecord(c, cells);
    if (cells.length !== column.size) {
      throw csvError({ ...c, line }, `${column.size} fields as in the header, got ${cells.length}`);
    }
    visit(cells, ++row, column);
  }
}

function headerColumns(
  cells: readonly string[],
  file: string,
  required: readonly string[],
): Map<string, number> {
  const bad = (expected: string) => new InputError(file, { path: "header" }, expected);
  const column = new Map<string, number>();
  for (const [j, raw] of cells.entries()) {
    const h = raw.trim();
    if (column.has(h)) throw bad(`expected each column once; '${h}' repeats`);
    column.set(h, j);
  }
  for (const name of required) {
    if (!column.has(name)) throw bad(`expected a column '${name}' (header ${required.join(",")})`);
  }
  return column;
}

/**
 * {@linkcode forEachCsvRow}'s data rows kept as rows of named cells.
 *
 * @throws {InputError} as {@linkcode forEachCsvRow}
 */
export function parseCsvRows(text: string, file: string, required: readonly string[]): CsvRow[] {
  const rows: CsvRow[] = [];
  forEachCsvRow(text, file, required, (cells, row, column) => {
    const named: Record<string, string> = {};
    for (const [h, j] of column) named[h] = cells[j];
    rows.push({ row, cells: named });
  });
  return rows;
}
