/**
 * Private helper of the package readers: JSON text to a value, with errors
 * that say where. A syntax error is reported at `line L, column C` (from
 * V8's position when it gives one, else from a small scan of the text that
 * finds the first offending character), with a one-line reason; a duplicate
 * object key can be reported at its JSON path (JSON.parse silently keeps the
 * last value).
 *
 * @module
 */
import { formatPath, InputError } from "../errors.ts";

/** Options of {@linkcode parseJsonText}. */
export interface JsonTextOptions {
  /** Physical line of the text in its file (JSONL rows); locations become `line N, column C`. */
  line?: number;
  /** Refuse an object with the same key twice (one linear scan of the text). */
  uniqueKeys?: boolean;
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
    const dup = findDuplicateKey(body);
    if (dup !== undefined) {
      const key = String(dup[dup.length - 1]);
      throw new InputError(
        file,
        { path: formatPath(dup) },
        `expected each key once in an object; '${key}' repeats (JSON keeps only the last)`,
      );
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
 * The path of the first object key that repeats in its object, in text that
 * is known to be valid JSON (JSON.parse accepted it): one pass over the
 * structural characters, jumping from quote to quote inside strings.
 */
function findDuplicateKey(text: string): PropertyKey[] | undefined {
  // One frame per open container: the keys seen (null for an array; a short list, or a Set
  // once an object has many keys) and the current key or index.
  const stack: { keys: string[] | Set<string> | null; at: string | number }[] = [];
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
          return [...stack.slice(0, -1).map((f) => f.at), key];
        }
        if (Array.isArray(keys)) keys.push(key);
        else keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = q;
    } else if (c === 0x7b) {
      stack.push({ keys: [], at: "" });
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push({ keys: null, at: 0 });
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top.keys === null) (top.at as number)++;
      else expectKey = true;
    }
  }
  return undefined;
}

/**
 * The offset of the first syntax error in JSON text (a small recursive
 * descent over the JSON grammar), or undefined if the nesting is too deep for
 * the call stack.
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
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return;
        } else fail();
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
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
