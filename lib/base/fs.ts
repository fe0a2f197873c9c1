/**
 * File helpers shared by every writer and reader: atomic text writes (DESIGN
 * §7, "nothing half-written") and strict UTF-8 reads that turn a missing
 * file, a folder where a file was expected, or bytes that are not UTF-8 into
 * an {@linkcode InputError} naming the path; JSON files read with the strict
 * reader of `json_text.ts`, and JSON lists written and read one element per line.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { InputError } from "./errors.ts";
import { parseJsonText } from "./json_text.ts";

let tempCounter = 0;

/**
 * Writes `text` to `path` atomically: the text goes to a temporary file in the
 * same folder, which is then renamed over `path`. A reader sees the old file
 * or the new one, never a half-written one. Parent folders are created.
 *
 * @example Write a file
 * ```ts
 * import { writeTextAtomic } from "./fs.ts";
 * const dir = await Deno.makeTempDir();
 * await writeTextAtomic(`${dir}/a/b.txt`, "hello\n");
 * ```
 *
 * @param path the file to write
 * @param text the full content (UTF-8)
 * @returns nothing once the file is in place
 * @throws {InputError} if `path` is a folder ("expected a file") or a parent of it is a file
 *   ("expected a folder"), or the folder cannot be written (no permission, a read-only or full
 *   file system: "expected a writable folder", naming the folder); nothing is written then
 * @throws another `Deno.errors` error if the write fails otherwise
 */
export function writeTextAtomic(path: string, text: string): Promise<void> {
  return writeAtomic(path, (temp) => Deno.writeTextFile(temp, text));
}

/** The atomic write of {@linkcode writeTextAtomic}, with `write` filling the temporary file. */
async function writeAtomic(path: string, write: (temp: string) => Promise<void>): Promise<void> {
  const dir = dirname(path);
  await makeFolder(dir);
  if ((await statOrNull(path))?.isDirectory) {
    throw InputError.atRoot(path, "expected a file, found a folder", "write");
  }
  const temp = join(dir, `.${basename(path)}.${Deno.pid}.${tempCounter++}.tmp`);
  try {
    await renameOver(temp, path, () => write(temp));
  } catch (err) {
    // Named by the folder the user gave, not by the temporary file's path alone.
    if (isUnwritable(err)) throw unwritableFolder(dir, err, "write");
    throw err;
  }
}

/** The InputError of a folder the system refuses to write in (or to create). */
function unwritableFolder(dir: string, err: unknown, verb: string): InputError {
  const what = verb === "create" ? "a folder that can be created" : "a writable folder";
  return InputError.atRoot(dir, `expected ${what} (${(err as Error).message})`, verb);
}

/**
 * The last step of an atomic write: `write` fills the temporary file `temp`
 * (in the folder of `path`), which is then renamed over `path`; if either
 * fails, `temp` is removed and the error is thrown on.
 *
 * @param temp the temporary file, next to `path`
 * @param path the file to replace
 * @param write writes the full content to `temp`
 * @returns nothing once the file is in place
 * @throws whatever `write` or the rename throws
 */
export async function renameOver(
  temp: string,
  path: string,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
    await Deno.rename(temp, path);
  } catch (err) {
    await Deno.remove(temp).catch(() => {});
    throw err;
  }
}

/**
 * Creates a folder and its parents. A parent that is a file is bad input.
 *
 * @param dir the folder
 * @returns nothing once the folder exists
 * @throws {InputError} if `dir` or one of its parents exists as a file ("expected a folder"), if
 *   the system cannot make it there (e.g. under /proc), or may not (no permission, a read-only
 *   file system: "expected a folder that can be created")
 * @throws another `Deno.errors` error if it cannot be created otherwise
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists || err instanceof Deno.errors.NotADirectory) {
      throw InputError.atRoot(dir, "expected a folder (it or a parent is a file)", "write");
    }
    if (err instanceof Deno.errors.NotFound) {
      // A recursive mkdir that still finds no parent: a place where folders cannot be made (/proc).
      const expected = `expected a parent folder that accepts new folders (${err.message})`;
      throw InputError.atRoot(dir, expected, "create");
    }
    if (isUnwritable(err)) {
      // Deno's permissions refuse even an existing folder: that one is not writable.
      const exists = (await statOrNull(dir).catch(() => null))?.isDirectory === true;
      throw unwritableFolder(dir, err, exists ? "write" : "create");
    }
    throw err;
  }
}

/**
 * Reads a UTF-8 text input. A missing file, a folder, or bytes that are not
 * UTF-8 are bad input, so they become an {@linkcode InputError} naming the
 * file; other I/O errors propagate. A byte-order mark is kept in the text.
 *
 * @example Read a file
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTextInput, writeTextAtomic } from "./fs.ts";
 * const dir = await Deno.makeTempDir();
 * await writeTextAtomic(`${dir}/a.txt`, "hi");
 * assert.ok((await readTextInput(`${dir}/a.txt`)) === "hi");
 * ```
 *
 * @param path the file to read
 * @returns the file content
 * @throws {InputError} if the file does not exist ("expected an existing file"), is a folder
 *   ("expected a file"), is not UTF-8 ("expected UTF-8 text", with the line of the first bad byte)
 *   or is too large for one string ("too large (N MiB; the limit is M MiB of text)")
 */
export async function readTextInput(path: string): Promise<string> {
  const text = await readTextInputIfExists(path);
  if (text === undefined) throw InputError.atRoot(path, "expected an existing file");
  return text;
}

/**
 * Like {@linkcode readTextInput}, but a missing file gives `undefined` (for optional inputs).
 *
 * @param path the file to read
 * @returns the file content, or undefined if there is no such file
 * @throws {InputError} if the path is a folder or the file is not UTF-8
 */
export async function readTextInputIfExists(path: string): Promise<string | undefined> {
  let bytes: Uint8Array;
  try {
    // A file that cannot become one string is refused before it is read into memory.
    const size = (await Deno.stat(path)).size;
    if (size > 3 * MAX_TEXT_UNITS) throw InputError.atRoot(path, tooLarge(size));
    bytes = await Deno.readFile(path);
  } catch (err) {
    // NotADirectory: a parent of the path is a file, so there is no such file either.
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory) {
      return undefined;
    }
    if (err instanceof Deno.errors.IsADirectory) {
      throw InputError.atRoot(path, "expected a file, found a folder");
    }
    throw err;
  }
  return decodeUtf8Input(bytes, path);
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The longest text an input may decode to, in UTF-16 code units: V8's
 * largest string (2^29 − 24 on 64-bit machines, about 512 MiB of ASCII).
 */
export const MAX_TEXT_UNITS = 2 ** 29 - 24;

const MIB = 1024 * 1024;

/** "too large (N MiB; the limit is M MiB)", for bytes that cannot become one string. */
function tooLarge(bytes: number): string {
  const n = bytes / MIB;
  return `too large (${n < 10 ? n.toFixed(1) : Math.round(n)} MiB; the limit is ` +
    `${Math.round(MAX_TEXT_UNITS / MIB)} MiB of text): split it or pass a smaller file`;
}

/**
 * Decodes bytes as strict UTF-8 (a byte-order mark is kept).
 *
 * @param bytes the raw content
 * @param file the file name used in error messages
 * @returns the text
 * @throws {InputError} "expected UTF-8 text" at `line N`, the line of the first invalid byte;
 *   "too large (N MiB; the limit is M MiB of text)" for bytes whose text would exceed
 *   {@linkcode MAX_TEXT_UNITS}
 */
export function decodeUtf8Input(bytes: Uint8Array, file: string): string {
  // Each UTF-8 byte gives at most one UTF-16 unit, and 3 bytes at least one.
  if (bytes.length > 3 * MAX_TEXT_UNITS) throw InputError.atRoot(file, tooLarge(bytes.length));
  try {
    return strictDecoder.decode(bytes);
  } catch (err) {
    // V8 refuses a string past its largest length with a TypeError of its own.
    if (
      bytes.length > MAX_TEXT_UNITS && /maximum length|too long|Invalid string length/i
        .test(String((err as Error).message))
    ) {
      throw InputError.atRoot(file, tooLarge(bytes.length));
    }
    throw utf8LineError(bytes, file);
  }
}

/** "expected UTF-8 text" at `line N`, where the first bad byte is (`bytes` start at `firstLine`). */
export function utf8LineError(bytes: Uint8Array, file: string, firstLine = 1): InputError {
  let line = firstLine, start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      strictDecoder.decode(bytes.subarray(start, i));
    } catch {
      break;
    }
    line++;
    start = i + 1;
  }
  return new InputError(file, { path: `line ${line}` }, "expected UTF-8 text");
}

/**
 * `Deno.stat`, or null when nothing is at `path` (it is missing, or a parent of it is a file).
 *
 * @param path a path
 * @returns its file info, or null if it does not exist
 * @throws {InputError} "expected a file or folder, found a link that loops" for such a link;
 *   what `Deno.stat` throws for anything else but a missing path
 */
export async function statOrNull(path: string): Promise<Deno.FileInfo | null> {
  try {
    return await Deno.stat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory) {
      return null;
    }
    if (err instanceof Deno.errors.FilesystemLoop) {
      throw InputError.atRoot(path, "expected a file or folder, found a link that loops");
    }
    throw err;
  }
}

/**
 * True for the errors of an output path that cannot be written: no permission, a read-only file
 * system (EROFS has no `Deno.errors` class, so it is matched by its code), no space left. Commands
 * report these as bad input: one line naming the path, exit 2.
 *
 * @param err a caught error
 * @returns whether `err` says the output cannot be written
 */
export function isUnwritable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotCapable ||
    code === "EROFS" || code === "EACCES" || code === "EPERM" || code === "ENOSPC" ||
    code === "EDQUOT";
}

/**
 * Reads a JSON input file: strict UTF-8 ({@linkcode readTextInput}), then JSON with the package
 * readers' checks (a leading byte-order mark skipped; a syntax error at its line and column; a
 * repeated key, a number that underflows to 0 or too deep a nesting refused at its JSON path).
 *
 * @param path the file
 * @returns the parsed value
 * @throws {InputError} when the file is missing, a folder, not UTF-8 or not valid JSON
 */
export async function readJsonInput(path: string): Promise<unknown> {
  return parseJsonText(await readTextInput(path), path, { uniqueKeys: true });
}

/**
 * Reads and parses a JSON file. Reading errors that are bad input ({@linkcode InputError}: a
 * missing file, a folder, not UTF-8) pass as they are; anything else, a syntax error above all,
 * becomes an InputError naming the file.
 *
 * @param file the file
 * @param expected what was expected, from the error's message (e.g. its JSON.parse message)
 * @returns the parsed value (not validated)
 * @throws {InputError} naming the file, with `expected(message)` for a file that is not JSON
 */
export async function readJsonOr(
  file: string,
  expected: (message: string) => string,
): Promise<unknown> {
  try {
    return JSON.parse(await readTextInput(file));
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw InputError.atRoot(file, expected((err as Error).message));
  }
}

/**
 * Writes a JSON array atomically, one element per line (`[`, then each element's JSON followed by
 * `,` but the last, then `]`), streaming the elements to a temporary file that is then renamed over
 * `path`: a list too large for one string (a LongMemEval-format haystack of hundreds of MB) is
 * written without building it in memory. The text is valid JSON; read it back whole with
 * `JSON.parse` or line by line with {@linkcode readJsonArrayLines}.
 *
 * @param path the file to write
 * @param items the elements, in order
 * @returns nothing once the file is in place
 * @throws {InputError} as {@linkcode writeTextAtomic} does for a bad path
 */
export async function writeJsonArrayLinesAtomic(
  path: string,
  items: Iterable<unknown>,
): Promise<void> {
  const enc = new TextEncoder();
  await writeAtomic(path, async (temp) => {
    const file = await Deno.open(temp, { write: true, create: true, truncate: true });
    try {
      const write = async (text: string) => {
        const bytes = enc.encode(text);
        let off = 0;
        while (off < bytes.length) off += await file.write(bytes.subarray(off));
      };
      await write("[\n");
      let first = true;
      for (const item of items) {
        await write((first ? "" : ",\n") + JSON.stringify(item));
        first = false;
      }
      await write(first ? "]\n" : "\n]\n");
    } finally {
      file.close();
    }
  });
}

/**
 * Reads a JSON array written by {@linkcode writeJsonArrayLinesAtomic} one line at a time (no string
 * of the whole file is built); any other layout is parsed whole with the strict JSON reader.
 *
 * @param path the file
 * @param wholeBelow files smaller than this many bytes are parsed whole (default 64 MiB)
 * @returns the elements
 * @throws {InputError} when the file is missing, not UTF-8 or not valid JSON (naming the line)
 */
export async function readJsonArrayLines(
  path: string,
  wholeBelow = 64 * 1024 * 1024,
): Promise<unknown[]> {
  const bad = (at: string, expected: string) => new InputError(path, { path: at }, expected);
  const info = await statOrNull(path);
  if (info === null || !info.isFile || info.size < wholeBelow) {
    const whole = await readJsonInput(path);
    if (!Array.isArray(whole)) throw InputError.atRoot(path, "expected a JSON list");
    return whole;
  }
  const out: unknown[] = [];
  const dec = new TextDecoder("utf-8", { fatal: true });
  const file = await Deno.open(path, { read: true });
  let rest = "", line = 0, closed = false;
  const take = (text: string) => {
    line++;
    const t = text.endsWith(",") ? text.slice(0, -1) : text;
    if (line === 1) {
      if (t !== "[") throw bad("line 1", "expected '[' alone on line 1");
      return;
    }
    if (t === "]") {
      closed = true;
      return;
    }
    if (closed) throw bad(`line ${line}`, "expected nothing after ']'");
    try {
      out.push(JSON.parse(t));
    } catch (e) {
      throw bad(`line ${line}`, `valid JSON (${(e as Error).message})`);
    }
  };
  try {
    for await (const chunk of file.readable) {
      rest += dec.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = rest.indexOf("\n")) >= 0) {
        take(rest.slice(0, nl));
        rest = rest.slice(nl + 1);
      }
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw bad(`line ${line + 1}`, `UTF-8 text (${(e as Error).message})`);
  }
  rest += dec.decode();
  if (rest.trim() !== "") take(rest);
  if (!closed) throw bad(`line ${line}`, "expected ']' to close the list");
  return out;
}

/**
 * Runs `f`, which writes in the folder `dir`, turning a refused write (no
 * permission, or a Deno permission the process lacks) into an InputError
 * naming the folder ("Cannot write DIR: expected a writable folder (...)").
 *
 * @param dir the folder `f` writes in
 * @param f the writes
 * @returns what `f` resolves to
 * @throws {InputError} when a write is refused; whatever else `f` throws
 */
export async function inWritableFolder<T>(dir: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotCapable) {
      throw unwritableFolder(dir, err, "write");
    }
    throw err;
  }
}

/**
 * Writes `bytes` to `path` atomically, like {@linkcode writeTextAtomic} (temporary file in the
 * same folder, then rename; parent folders are created).
 *
 * @param path the file to write
 * @param bytes the full content
 * @returns nothing once the file is in place
 * @throws {InputError} if `path` is a folder or a parent of it is a file; nothing is written then
 */
export function writeBytesAtomic(path: string, bytes: Uint8Array): Promise<void> {
  return writeAtomic(path, (temp) => Deno.writeFile(temp, bytes));
}
