/**
 * OpenAI's ChatGPT memory as plain text (the memories Mem0's authors collected for LoCoMo,
 * `evaluation/src/openai/memories/N.txt`): one memory per paragraph, paragraphs separated by blank
 * lines, no ids, no times. Ids come from a content hash, so the same text gets the same id in any
 * file; recency falls back to file order (paper 000 definition 2, Table 4).
 *
 * @module
 */
import { sha256Hex } from "../base/hash.ts";
import { normalizeCellText } from "../adjudicate/content_key.ts";
import { ExportFormatError } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";
import { problem } from "./_read.ts";

/**
 * LoCoMo conversations in `locomo10.json` order: file `N.txt` of the OpenAI memories and key `"N"`
 * of Mem0's evaluation output belong to entry N.
 */
export const LOCOMO10_ORDER: readonly string[] = (
  "conv-26 conv-30 conv-41 conv-42 conv-43 conv-44 conv-47 conv-48 conv-49 conv-50"
).split(" ");

/**
 * A memory id from its content: `<prefix>-` and the first 16 hex digits of the SHA-256 of the JSON
 * array `[scope, normalised text]` (NFC, whitespace runs collapsed, trimmed; the normalisation of
 * coverage content keys).
 *
 * @param prefix id prefix (e.g. `oai`, `mem0`)
 * @param scope what else tells two equal texts apart (e.g. the Mem0 user), default ""
 * @returns e.g. `oai-3f2a9c0d11b2e4f5`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contentMemoryId } from "./openai_memory.ts";
 * assert.ok(contentMemoryId("a  b", "oai") === contentMemoryId(" a b\n", "oai"));
 * ```
 */
export function contentMemoryId(text: string, prefix: string, scope = ""): string {
  return `${prefix}-${sha256Hex(JSON.stringify([scope, normalizeCellText(text)])).slice(0, 16)}`;
}

/**
 * The LoCoMo conversation of an OpenAI memory file named `N.txt` (N in `locomo10.json` order,
 * {@linkcode LOCOMO10_ORDER}).
 *
 * @param file a path such as `openai_memories/0.txt`
 * @returns the sample id (`conv-26` for `0.txt`), or undefined for other names
 */
export function openAiMemoryConversation(file: string): string | undefined {
  const m = file.match(/(?:^|[\\/])(\d+)\.txt$/);
  return m ? LOCOMO10_ORDER[Number(m[1])] : undefined;
}

/** A line break: CRLF, LF or a lone CR. */
const LINE_BREAK = /\r\n|\r|\n/;

/** Whether a text is one JSON value. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads OpenAI memory text into a store: every paragraph (lines up to a blank line; CRLF accepted,
 * a leading byte-order mark dropped) is one memory, its text the paragraph's lines joined as
 * written. Memory ids are {@linkcode contentMemoryId}(text, "oai"); `order` is the paragraph's
 * position; the memory's `raw` is `{paragraph, line}` (1-based first line). A paragraph repeating
 * an earlier one (same normalised text) is dropped and reported; a paragraph of several lines (a
 * bulleted list) stays one memory and is reported once per file with a count.
 *
 * @param opts file name, system label (default `openai`), conversation
 * @returns the store (format `openai_memory`, source `openai`)
 * @throws {ExportFormatError} naming the file and line when the text holds no paragraph, a NUL or
 *   other control character (binary data), or looks like JSON (another format)
 */
export function readOpenAiMemory(text: string, opts: ReaderOptions & {
  /** The LoCoMo conversation the file belongs to (goes to `instance`), if known. */
  instance?: string;
} = {}): MemoryStore {
  const file = opts.file ?? "<memory>", system = opts.system ?? "openai";
  const fail = (line: number, expected: string): never => {
    const where = { path: `line ${line}`, index: line };
    throw new ExportFormatError("openai_memory", file, where, "", expected);
  };
  const problems: AdapterProblem[] = [];
  if (text.startsWith("\uFEFF")) {
    text = text.slice(1);
    const detail = "byte-order mark at the start of the file dropped";
    problems.push(problem("coerced", "line 1", undefined, detail));
  }
  // Line breaks as written: CRLF, LF, or a lone CR (classic Mac OS text was one line).
  const lines = text.split(LINE_BREAK);
  lines.forEach((l, i) => {
    // deno-lint-ignore no-control-regex
    const bad = l.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    if (bad) {
      const msg = `expected plain text, found control character U+${
        bad[0].charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()
      } at column ${bad.index! + 1} (binary data?)`;
      fail(i + 1, msg);
    }
  });
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0) fail(1, "expected at least one memory paragraph, the file is empty");
  if (/^\s*[[{]/.test(lines[first])) {
    const t = text.trim();
    if (parses(t) || t.split(LINE_BREAK).filter((l) => l.trim()).every(parses)) {
      const msg =
        "expected plain-text memories (one per paragraph), got JSON: pass the store's own --format, or --format auto";
      fail(first + 1, msg);
    }
  }

  const memories: StoredMemory[] = [];
  const seen = new Map<string, number>();
  let multi = 0, firstMulti = 0;
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const body = lines.slice(start, end).map((l) => l.trimEnd());
    const memText = body.join("\n").trim();
    const line = start + 1;
    start = -1;
    const id = contentMemoryId(memText, "oai");
    const prev = seen.get(id);
    if (prev !== undefined) {
      const detail = `paragraph repeats the one at line ${prev} (same text): dropped`;
      problems.push(problem("dropped", `line ${line}`, "text", detail));
      return;
    }
    seen.set(id, line);
    if (body.length > 1 && multi++ === 0) firstMulti = line;
    const raw = { paragraph: memories.length + 1, line };
    memories.push({ id, text: memText, source: system, order: memories.length, raw });
  };
  lines.forEach((l, i) => {
    if (l.trim() === "") flush(i);
    else if (start < 0) start = i;
  });
  flush(lines.length);
  if (multi > 0) {
    const detail =
      `${multi} paragraph(s) span several lines (e.g. a bulleted list): each kept as one memory`;
    problems.push(problem("coerced", `line ${firstMulti}`, "text", detail));
  }
  const format = "openai_memory";
  const store: MemoryStore = { system, format, file, memories, tombstones: [], problems };
  const instance = opts.instance ?? openAiMemoryConversation(file);
  if (instance !== undefined) store.instance = instance;
  return store;
}
