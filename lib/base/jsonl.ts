/**
 * The one JSONL reader of lib/ (issue 27 item 2): every reader of a user's JSONL file (generic
 * stores, imported coverage labels, trajectories, judge logs, retrieval logs, filler corpora,
 * ladder manifests) splits and parses lines by these rules, so a file is read the same way by
 * every command:
 * - a leading UTF-8 byte-order mark is dropped; lines end at `\n`, a `\r` before it is dropped
 *   (a `\r` that ends the text, with no `\n` after it, is kept: it is no line ending, and an
 *   error's column counts it as the file has it);
 * - a line of white space only is skipped; line numbers count every physical line from 1;
 * - each line is parsed strictly ({@linkcode parseJsonlLine}): a syntax error, a key repeated in
 *   an object (`{"R":1,"R":5}`), a number that underflows to 0 or nesting deeper than 256 levels is
 *   an InputError naming the file and `line N` (with the column or the key's field).
 *
 * @module
 */
import { InputError } from "./errors.ts";
import { parseJsonText } from "./json_text.ts";

/**
 * Calls `visit(line, text)` for each non-blank line of JSONL text (1-based line numbers; `\r\n`
 * endings and a leading byte-order mark accepted).
 *
 * @param textIn the file content
 * @param visit called once per non-blank line, in order
 */
export function forEachJsonlLine(
  textIn: string,
  visit: (line: number, text: string) => void,
): void {
  let start = textIn.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  while (start <= textIn.length) {
    let end = textIn.indexOf("\n", start);
    const lf = end >= 0;
    if (!lf) end = textIn.length;
    line++;
    let stop = end;
    if (lf && stop > start && textIn.charCodeAt(stop - 1) === 13) stop--;
    if (stop > start) {
      const s = textIn.slice(start, stop);
      // A line is blank only if it is all whitespace; JSON lines start with "{" in practice.
      if (s.charCodeAt(0) === 123 || s.trim() !== "") visit(line, s);
    }
    start = end + 1;
  }
}

/**
 * Splits JSONL text into (1-based line number, text) pairs, skipping blank lines (see
 * {@linkcode forEachJsonlLine}).
 *
 * @param textIn the file content
 * @returns the non-blank lines with their numbers
 */
export function jsonlLines(textIn: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  forEachJsonlLine(textIn, (line, text) => out.push({ line, text }));
  return out;
}

/**
 * Parses one JSONL line strictly (see the module doc).
 *
 * @param text the line's text
 * @param file file name for errors
 * @param line its 1-based line number
 * @returns the parsed value
 * @throws {InputError} "expected valid JSON (...)" at `line N, column C`, or "expected each key
 *   once in an object" at `line N, field F`
 */
export function parseJsonlLine(text: string, file: string, line: number): unknown {
  return parseJsonText(text, file, { line, uniqueKeys: true });
}

/**
 * The values of JSONL text, each line parsed strictly and, unless `objects` is false, required
 * to be a JSON object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readJsonl } from "./jsonl.ts";
 * const rows = readJsonl('\uFEFF{"a":1}\r\n\n{"a":2}\n', "x.jsonl");
 * assert.deepEqual(rows, [{ line: 1, value: { a: 1 } }, { line: 3, value: { a: 2 } }]);
 * assert.throws(() => readJsonl('{"R":1,"R":5}', "x.jsonl"), /line 1, field R/);
 * ```
 *
 * @param text the file content
 * @param file file name for errors
 * @param opts `objects` (default true): refuse a line that is not an object
 * @returns the values with their line numbers, in order
 * @throws {InputError} naming the file and line (see {@linkcode parseJsonlLine}), or "expected a
 *   JSON object per line" at `line N`
 */
export function readJsonl(
  text: string,
  file: string,
  opts: { objects?: boolean } = {},
): { line: number; value: unknown }[] {
  const out: { line: number; value: unknown }[] = [];
  forEachJsonlLine(text, (line, s) => {
    const value = parseJsonlLine(s, file, line);
    if (
      opts.objects !== false &&
      (typeof value !== "object" || value === null || Array.isArray(value))
    ) {
      throw new InputError(file, { path: `line ${line}` }, "expected a JSON object per line");
    }
    out.push({ line, value });
  });
  return out;
}
