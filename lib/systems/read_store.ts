/**
 * One entry point for every adapter: `readStore` on parsed JSON and `readStoreFile` on a file.
 *
 * @module
 */
import { readAmemNotes } from "./amem_notes.ts";
import type { AmemView } from "./amem_notes.ts";
import type { CoreMode } from "./_letta_builder.ts";
import { readGenericJsonl, readGenericRow } from "./generic_jsonl.ts";
import { readLettaAgentFile } from "./letta_agent_file.ts";
import { readLettaMemory } from "./letta_memory.ts";
import { readMem0GetAll } from "./mem0_get_all.ts";
import { replayMem0Events } from "./mem0_events.ts";
import { type MemoryStore, STORE_FORMATS, type StoreFormat } from "./memory_store.ts";
import { parseExportJson } from "./_read.ts";
import { readTextInput } from "../base/fs.ts";
import { readOpenAiMemory } from "./openai_memory.ts";
import { readMem0SearchResults, readMem0SearchResultsAll } from "./mem0_search_results.ts";
import { type DetectedFormat, detectStoreFormat } from "./detect_format.ts";
import { readMcpMemory } from "./mcp_memory.ts";
import { isMemvidFactsCsv, readMemvidCards, readMemvidFactsCsv } from "./memvid_cards.ts";

/** Options of {@linkcode readStore}: each applies to the formats that have it. */
export interface ReadStoreOptions {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label (default per adapter: mem0, letta, amem, generic). */
  system?: string;
  /** A-Mem view (default `full`). */
  view?: AmemView;
  /** Letta core blocks as whole blocks or atoms (default `block`). */
  core?: CoreMode;
  /** Letta: drop repeated archival texts (default true). */
  dedupeArchival?: boolean;
  /** Letta agent file: read only this agent. */
  agent?: string;
  /** Mem0 evaluation output: the conversation (key or LoCoMo sample id) to read. */
  conversation?: string;
  /** Mem0 evaluation output: salience from the search scores (default none). */
  salience?: "none" | "mean_score" | "max_score";
}

/**
 * Reads parsed JSON with the adapter of `format`. For `generic_jsonl` the data is one row object;
 * for `openai_memory` it is the file's text (a string); for `mcp_memory` the `memory.jsonl` text (a
 * string) or the parsed graph.
 *
 * @param format one of {@linkcode STORE_FORMATS}
 * @throws {ExportFormatError} on a malformed export (naming record and field)
 * @throws {RangeError} on an unknown format
 */
export function readStore(
  data: unknown,
  format: StoreFormat,
  opts: ReadStoreOptions = {},
): MemoryStore {
  const read = Object.hasOwn(READERS, format) ? READERS[format] : undefined;
  if (read === undefined) {
    const known = STORE_FORMATS.join(", ");
    throw new RangeError(
      `Cannot read a store: unknown format '${format}', expected one of ${known}`,
    );
  }
  return read(data, opts);
}

/** The adapter of each format, on parsed JSON (see {@linkcode readStore}). */
const READERS: Record<StoreFormat, (data: unknown, opts: ReadStoreOptions) => MemoryStore> = {
  mem0_get_all: readMem0GetAll,
  mem0_events: replayMem0Events,
  letta: readLettaMemory,
  letta_agent_file: readLettaAgentFile,
  amem: readAmemNotes,
  generic_jsonl: (data, opts) => readGenericRow(data, 1, opts),
  openai_memory: (data, opts) => {
    if (typeof data !== "string") {
      throw new RangeError("Cannot read openai_memory from parsed JSON: pass the file's text");
    }
    return readOpenAiMemory(data, opts);
  },
  mem0_search_results: readMem0SearchResults,
  memvid_cards: readMemvidCards,
  mcp_memory: readMcpMemory,
};

/** {@linkcode readStoreFile}'s format: one of {@linkcode STORE_FORMATS} or `auto`. */
export type StoreFormatChoice = StoreFormat | "auto";

/** A store file read by {@linkcode readStoreFileDetected}. */
export interface ReadStoreFileResult {
  /** The format used. */
  format: StoreFormat;
  /** For `auto`: why this format (else "given"). */
  reason: string;
  /** The stores read (one, one per JSONL line, or one per conversation). */
  stores: MemoryStore[];
}

/**
 * Reads a store file with a given format or `auto` (see {@linkcode detectStoreFormat}) and says
 * which format it used.
 *
 * @param path file path
 * @param format a format or `auto`
 * @param opts adapter options (`file` defaults to `path`)
 * @returns format, reason and the stores
 * @throws {ExportFormatError} on text that is not JSON (line and column), a key that repeats, a
 *   number that underflows to 0 or too deep a nesting (JSON path), or a malformed export; a leading
 *   byte-order mark is accepted
 * @throws {InputError} when the file is missing, is a folder, is not UTF-8 or has no detectable
 *   format
 */
export async function readStoreFileDetected(
  path: string,
  format: StoreFormatChoice,
  opts: ReadStoreOptions = {},
): Promise<ReadStoreFileResult> {
  const file = opts.file ?? path;
  if (format !== "auto" && !(STORE_FORMATS as readonly string[]).includes(format)) {
    const known = STORE_FORMATS.join(", ");
    throw new RangeError(
      `Cannot read a store: unknown format '${format}', expected auto or one of ${known}`,
    );
  }
  const text = await readTextInput(path);
  const det: DetectedFormat = format === "auto"
    ? detectStoreFormat(text, file)
    : { format, reason: "given" };
  // A byte-order mark is dropped for the JSON formats (as Deno.readTextFile does); the OpenAI
  // text reader drops it itself and reports it.
  const body = det.format === "openai_memory" ? text : text.replace(/^\uFEFF/, "");
  return { ...det, stores: parseStoreText(body, det.format, { ...opts, file }) };
}

/**
 * Reads an export file: JSON for every format but `generic_jsonl` (one store per line),
 * `openai_memory` (plain text), `mcp_memory` (JSONL, one graph record per line, or the graph as
 * JSON) and `memvid_cards` (JSON, or the facts CSV); `auto` detects the format
 * ({@linkcode readStoreFileDetected} also says which).
 *
 * @param path file path
 * @param format one of {@linkcode STORE_FORMATS}, or `auto`
 * @param opts adapter options (`file` defaults to `path`)
 * @returns the stores (one, one per JSONL line, or one per conversation of a Mem0 evaluation output
 *   unless `conversation` picks one)
 * @throws {ExportFormatError} on text that is not JSON (line and column), a repeated key, an
 *   underflowing number, too deep a nesting, or a malformed export
 * @throws {InputError} when the file is missing, is a folder or is not UTF-8
 */
export async function readStoreFile(
  path: string,
  format: StoreFormatChoice,
  opts: ReadStoreOptions = {},
): Promise<MemoryStore[]> {
  return (await readStoreFileDetected(path, format, opts)).stores;
}

function parseStoreText(text: string, format: StoreFormat, o: ReadStoreOptions): MemoryStore[] {
  if (format === "generic_jsonl") return readGenericJsonl(text, o);
  if (format === "openai_memory") return [readOpenAiMemory(text, o)];
  if (format === "mcp_memory") return [readMcpMemory(text, o)];
  if (format === "memvid_cards" && isMemvidFactsCsv(text)) return [readMemvidFactsCsv(text, o)];
  const data = parseExportJson(text, format, o.file ?? "<memory>");
  if (format === "mem0_search_results" && o.conversation === undefined) {
    return readMem0SearchResultsAll(data, o);
  }
  return [readStore(data, format, o)];
}
