/**
 * JSON text to a value, with errors that say where (the library's one JSON reader: packages,
 * stores, trajectories, run files). A syntax error is reported at `line L, column C` (from V8's
 * position when it gives one, else from a small scan of the text that finds the first offending
 * character), with a one-line reason. In strict mode (`uniqueKeys`) one linear scan also refuses,
 * at the JSON path: a duplicate object key (JSON.parse silently keeps the last value), a number
 * literal that underflows to 0 (`1e-400`: JSON.parse gives 0 without a word), and nesting deeper
 * than {@linkcode MAX_JSON_DEPTH} (such a value could be read but not written back: JSON.stringify
 * would overflow the call stack).
 *
 * @module
 */
import { formatPath, InputError } from "./errors.ts";

/** Deepest nesting of arrays and objects accepted in strict mode. */
export const MAX_JSON_DEPTH = 256;

/** Options of {@linkcode parseJsonText}. */
export interface JsonTextOptions {
  /** Physical line of the text in its file (JSONL rows); locations become `line N, column C`. */
  line?: number;
  /**
   * Strict mode (one linear scan of the text): refuse an object with the same key twice, a number
   * literal that underflows to 0 and nesting deeper than {@linkcode MAX_JSON_DEPTH}.
   */
  uniqueKeys?: boolean;
}

/** A problem found by the strict scan: what, and its JSON path. */
export interface JsonIssue {
  path: PropertyKey[];
  /** What was expected, for the message. */
  expected: string;
}

/**
 * Parses JSON text strictly. A leading UTF-8 byte-order mark is skipped.
 *
 * @param text the JSON text
 * @param file the file name used in error messages
 * @param opts line of the text in its file; whether to refuse duplicate keys
 * @returns the parsed value
 * @throws {InputError} "expected valid JSON (reason)" at `line L, column C` (or at `line N` when
 *   no position can be found); "expected each key once" at the key's JSON path
 */
export function parseJsonText(text: string, file: string, opts: JsonTextOptions = {}): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw syntaxError(body, message, file, opts.line);
  }
  if (opts.uniqueKeys) {
    const issue = strictJsonIssue(body);
    if (issue !== undefined) {
      const at = formatPath(issue.path);
      const path = opts.line === undefined
        ? at
        : `line ${opts.line}${at === "" ? "" : `, field ${at}`}`;
      throw new InputError(file, { path }, issue.expected);
    }
  }
  return data;
}

/** Builds the InputError of a JSON syntax error. */
function syntaxError(text: string, message: string, file: string, line?: number): InputError {
  const m = /at position (\d+)/.exec(message);
  const offset = m
    ? Number(m[1])
    : /end of JSON input/.test(message)
    ? text.length
    : firstSyntaxError(text);
  // Control characters (a raw newline in V8's token quote) are escaped: one-line messages.
  let reason = message
    .replace(/, (\.\.\.)?"[\s\S]*"(\.\.\.)? is not valid JSON$/, "")
    .replace(/( in JSON)? at position \d+( \(line \d+ column \d+\))?/, "")
    .replace("Unexpected token '''", `Unexpected token "'"`)
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u001f\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1));
  if (offset !== undefined && !/Unexpected token|end of JSON/.test(reason)) {
    reason += `, found ${describe(text, offset)}`;
  }
  let where: string;
  if (offset === undefined) where = line === undefined ? "" : `line ${line}`;
  else {
    const before = text.slice(0, offset).split("\n");
    const l = (line ?? 1) + before.length - 1;
    where = `line ${l}, column ${before[before.length - 1].length + 1}`;
  }
  return new InputError(file, { path: where }, `expected valid JSON (${reason})`);
}

/** Names the character at `offset` for an error message. */
function describe(text: string, offset: number): string {
  if (offset >= text.length) return "the end of the text";
  const ch = String.fromCodePoint(text.codePointAt(offset)!);
  return ch === "'" ? `"'"` : `'${JSON.stringify(ch).slice(1, -1)}'`;
}

/**
 * The first strict-mode problem of JSON text that JSON.parse accepted (see the module doc), or
 * undefined: one pass over the structural characters, jumping from quote to quote inside strings,
 * reading number tokens outside them.
 *
 * @param text valid JSON text (no byte-order mark)
 * @returns the problem and its JSON path, or undefined
 */
export function strictJsonIssue(text: string): JsonIssue | undefined {
  // One frame per open container: the keys seen (null for an array; a short list, or a Set
  // once an object has many keys) and the current key or index.
  const stack: { keys: string[] | Set<string> | null; at: string | number }[] = [];
  const here = () => stack.map((f) => f.at);
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let q = i;
      for (;;) {
        q = text.indexOf('"', q + 1);
        let b = q - 1;
        while (text.charCodeAt(b) === 0x5c) b--;
        if ((q - 1 - b) % 2 === 0) break; // an even run of backslashes: the closing quote
      }
      if (expectKey) {
        const top = stack[stack.length - 1];
        const raw = text.slice(i + 1, q);
        const key: string = raw.includes("\\") ? JSON.parse(`"${raw}"`) : raw;
        let keys = top.keys!;
        if (Array.isArray(keys) && keys.length >= 32) keys = top.keys = new Set(keys);
        if (Array.isArray(keys) ? keys.includes(key) : keys.has(key)) {
          return {
            path: [...stack.slice(0, -1).map((f) => f.at), key],
            expected: `expected each key once in an object; ${
              JSON.stringify(key)
            } repeats (JSON keeps only the last)`,
          };
        }
        if (Array.isArray(keys)) keys.push(key);
        else keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = q;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_JSON_DEPTH) {
        return { path: here(), expected: `expected at most ${MAX_JSON_DEPTH} levels of nesting` };
      }
      stack.push(c === 0x7b ? { keys: [], at: "" } : { keys: null, at: 0 });
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top.keys === null) (top.at as number)++;
      else expectKey = true;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // A number token: digits, sign, point, exponent. Only one with an exponent can underflow.
      let j = i + 1, exp = -1;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x65 || d === 0x45) exp = j;
        else if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d)) break;
      }
      if (exp > 0) {
        const token = text.slice(i, j);
        if (Number(token) === 0 && /[1-9]/.test(text.slice(i, exp))) {
          const expected = `expected a number a double can hold, got ${token} (underflows to 0)`;
          return { path: here(), expected };
        }
      }
      i = j - 1;
    }
  }
  return undefined;
}

/**
 * The offset of the first syntax error in JSON text (a small recursive descent over the JSON
 * grammar), or undefined if the nesting is too deep for the call stack.
 */
function firstSyntaxError(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const ws = () => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
    }
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail();
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i + 1);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i + 1);
      } else i++;
    }
    i++;
  };
  const digits = () => {
    const s = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    if (i === s) fail();
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (close === "}") {
          // A member's key and colon; its value as an array element's.
          ws();
          if (text[i] !== '"') fail();
          string();
          ws();
          if (text[i] !== ":") fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === close) {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') string();
    else if (c === "-" || (c >= "0" && c <= "9")) {
      if (c === "-") i++;
      if (text[i] === "0") i++;
      else digits();
      if (text[i] === ".") {
        i++;
        digits();
      }
      if (text[i] === "e" || text[i] === "E") {
        i++;
        if (text[i] === "+" || text[i] === "-") i++;
        digits();
      }
    } else {
      const word = c === "t" ? "true" : c === "f" ? "false" : c === "n" ? "null" : "";
      if (word === "") fail();
      for (const ch of word) {
        if (text[i] !== ch) fail();
        i++;
      }
    }
  };
  try {
    value();
    ws();
    if (i < n) fail();
  } catch (err) {
    if (err instanceof Stop) return err.at;
    if (err instanceof RangeError) return undefined; // nesting too deep to scan
    throw err;
  }
  return undefined;
}

/**
 * Parses JSON text, turning a syntax error into the caller's error. A leading UTF-8
 * byte-order mark is skipped (as {@linkcode parseJsonText} does).
 *
 * @param text the JSON text
 * @param fail builds the error from `JSON.parse`'s message
 * @returns the parsed value
 * @throws what `fail` returns, if the text is not JSON
 */
export function parseJsonOr(text: string, fail: (message: string) => Error): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    throw fail((err as Error).message);
  }
}
