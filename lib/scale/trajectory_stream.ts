/**
 * A trajectory JSONL file read line by line, each line once (issue 29 item 7): the file's
 * bytes are read in blocks, so neither the file's text nor its records are held; the caller
 * aggregates each record as it comes (e.g. with `ScaleScorer` of score.ts). A short-form line
 * in its common shape is read from its bytes ({@linkcode ShortLineReader}); any other line is
 * decoded and read by the strict reader. Lines, line numbers, the byte-order mark, `\r\n`
 * endings, blank lines and every error are those of `readTrajectories` (trajectory.ts) on the
 * file's text as `readTextInput` (base/fs.ts) decodes it: a line that is not UTF-8 is named even
 * after an earlier bad line (the rest of the file is then checked for UTF-8 only).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { statOrNull, utf8LineError } from "../base/fs.ts";
import {
  readTrajectoryLine,
  type ScoreRecord,
  shortRecord,
  TrajectoryInputError,
} from "./trajectory.ts";
import { ShortLineReader } from "./short_line_bytes.ts";

/** Bytes read at a time (a longer line grows the buffer). */
const BLOCK = 1 << 20;

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of a line's bytes, or the InputError naming the line if they are not UTF-8. */
function decodeLine(bytes: Uint8Array, file: string, line: number): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw utf8LineError(bytes, file, line);
  }
}

/**
 * Calls `visit(line, b, start, end)` for each line of a file that is not empty, with `b[start,
 * end)` its bytes (no `\n`, no `\r` before it, no byte-order mark), reading the file in blocks.
 * `b` is valid only during the call.
 */
async function forEachFileLineBytes(
  path: string,
  visit: (line: number, b: Uint8Array, start: number, end: number) => boolean | void,
): Promise<void> {
  const info = await statOrNull(path);
  if (info === null) throw InputError.atRoot(path, "expected an existing file");
  if (info.isDirectory) throw InputError.atRoot(path, "expected a file, found a folder");
  using f = await Deno.open(path, { read: true });
  let buf = new Uint8Array(BLOCK);
  let held = 0, line = 0, first = true;
  // Visits the lines of buf[0, upTo) (the last one unterminated only at the end); false: stopped.
  const lines = (upTo: number): boolean => {
    let start = 0;
    if (first && upTo >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    first = false;
    while (start < upTo) {
      let end = buf.indexOf(0x0a, start);
      if (end < 0 || end > upTo) end = upTo;
      line++;
      const stop = end < upTo && end > start && buf[end - 1] === 13 ? end - 1 : end;
      if (stop > start && visit(line, buf, start, stop) === false) return false;
      start = end + 1;
    }
    return true;
  };
  for (;;) {
    if (held === buf.length) {
      const bigger = new Uint8Array(buf.length * 2);
      bigger.set(buf);
      buf = bigger;
    }
    const got = await f.read(buf.subarray(held));
    if (got === null) break;
    held += got;
    const cut = buf.lastIndexOf(0x0a, held - 1);
    if (cut < 0) continue;
    if (!lines(cut + 1)) return;
    buf.copyWithin(0, cut + 1, held);
    held -= cut + 1;
  }
  if (held > 0) lines(held);
}

/**
 * Calls `visit(line, text)` for each non-blank line of a UTF-8 file, reading it in blocks (the
 * lines and numbers of `forEachJsonlLine` on the whole text).
 *
 * @param path the file
 * @param visit called once per non-blank line, in order; returning false stops the reading
 * @returns nothing once the file is read (or `visit` stopped it)
 * @throws {InputError} if the file does not exist ("expected an existing file"), is a folder
 *   ("expected a file, found a folder") or is not UTF-8 ("expected UTF-8 text" at the line of
 *   the bad byte: lines before it are visited first); what `visit` throws
 */
export function forEachFileLine(
  path: string,
  visit: (line: number, text: string) => boolean | void,
): Promise<void> {
  return forEachFileLineBytes(path, (line, b, start, end) => {
    const s = decodeLine(b.subarray(start, end), path, line);
    if (s.charCodeAt(0) === 123 || s.trim() !== "") return visit(line, s);
  });
}

/** Whether a first line shows memaudit's format as `detectFormat` of adapters/mod.ts decides it. */
function isMemauditLine(s: string): boolean {
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    return false;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  // A one-line Letta agent file is detected before the line's own shape.
  return ("schema" in o || "R" in o) && !Array.isArray(o.agents) && !Array.isArray(o.messages);
}

/** Options of {@linkcode streamTrajectoryFile}. */
export interface StreamTrajectoriesOptions {
  /** Memory tool names for full-form lines that do not list their own (`--memory-tools`). */
  memoryTools?: readonly string[];
  /**
   * Stream only when the file's first non-blank line is memaudit's format (`--format auto`);
   * false: every line is read as memaudit's (`--format memaudit`). Default true.
   */
  detect?: boolean;
  /** The file's name in errors (default: `path`). */
  file?: string;
}

/**
 * Reads a memaudit trajectory file (full or short form, both may be mixed) line by line and
 * hands each record to `visit` as it is read; nothing of the file is kept.
 *
 * @example Count the records of a file
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamTrajectoryFile } from "./trajectory_stream.ts";
 * const path = await Deno.makeTempFile({ suffix: ".jsonl" });
 * await Deno.writeTextFile(path, '{"query_id":"q1","scale":0,"agent":"a","system":"m","R":2,"correct":true}\n');
 * let n = 0;
 * assert.equal(await streamTrajectoryFile(path, () => n++), true);
 * assert.equal(n, 1);
 * ```
 *
 * @param path the file
 * @param visit called with each record, in file order
 * @param opts memory tools, format detection, file name
 * @returns false, having visited nothing, when `detect` is on and the first non-blank line is
 *   not memaudit's format (or there is none): read the file another way; true once every line
 *   was visited
 * @throws {TrajectoryInputError} on the first bad line, naming the file, line and field (what
 *   `readTrajectories` (trajectory.ts) throws), or "expected at least one trajectory line"
 * @throws {InputError} if the file does not exist, is a folder or is not UTF-8 ("expected UTF-8
 *   text" at the line of the first bad byte, as `readTextInput` names it: also when an earlier
 *   line is bad)
 */
export async function streamTrajectoryFile(
  path: string,
  visit: (r: ScoreRecord) => void,
  opts: StreamTrajectoriesOptions = {},
): Promise<boolean> {
  const file = opts.file ?? path;
  const short = new ShortLineReader();
  let lines = 0, ours = opts.detect === false;
  const read = forEachFileLineBytes(path, (line, b, start, end) => {
    if (b[start] === 123 && (ours || lines > 0)) {
      // The short form's common case from its bytes; anything else decoded and read strictly.
      const o = short.parse(b, start, end);
      const r = o === undefined ? undefined : shortRecord(o, line);
      if (r !== undefined) {
        lines++;
        return visit(r);
      }
    }
    const s = decodeLine(b.subarray(start, end), path, line);
    if (s.charCodeAt(0) !== 123 && s.trim() === "") return;
    if (lines++ === 0 && !ours) {
      ours = isMemauditLine(s);
      if (!ours) return false;
    }
    visit(readTrajectoryLine(s, file, line, opts));
  });
  await read.catch(async (e) => {
    // The whole text is decoded before any line is read: a later line that is not UTF-8 wins.
    if (e instanceof TrajectoryInputError && e.line > 0) {
      await forEachFileLineBytes(path, (line, b, start, end) => {
        if (line > e.line) decodeLine(b.subarray(start, end), path, line);
      });
    }
    throw e;
  });
  if (!ours) return false;
  if (lines === 0) {
    throw new TrajectoryInputError(file, 0, "", "expected at least one trajectory line");
  }
  return true;
}
