/**
 * One entry point for every adapter: `readStore` on parsed JSON and
 * `readStoreFile` on a file.
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
import { parseExportJson, readExportText } from "./_read.ts";

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
}

/**
 * Reads parsed JSON with the adapter of `format`. For `generic_jsonl` the
 * data is one row object.
 *
 * @param data parsed JSON
 * @param format one of {@linkcode STORE_FORMATS}
 * @param opts adapter options
 * @returns the store
 * @throws {ExportFormatError} on a malformed export (naming record and field)
 * @throws {RangeError} on an unknown format
 */
export function readStore(
  data: unknown,
  format: StoreFormat,
  opts: ReadStoreOptions = {},
): MemoryStore {
  switch (format) {
    case "mem0_get_all":
      return readMem0GetAll(data, opts);
    case "mem0_events":
      return replayMem0Events(data, opts);
    case "letta":
      return readLettaMemory(data, opts);
    case "letta_agent_file":
      return readLettaAgentFile(data, opts);
    case "amem":
      return readAmemNotes(data, opts);
    case "generic_jsonl":
      return readGenericRow(data, 1, opts);
  }
  throw new RangeError(
    `Cannot read a store: unknown format '${format}', expected one of ${STORE_FORMATS.join(", ")}`,
  );
}

/**
 * Reads an export file: JSON for every format but `generic_jsonl` (one store
 * per line).
 *
 * @param path file path
 * @param format one of {@linkcode STORE_FORMATS}
 * @param opts adapter options (`file` defaults to `path`)
 * @returns the stores (one, or one per JSONL line)
 * @throws {ExportFormatError} on text that is not JSON (line and column), a
 *   key that repeats, a number that underflows to 0 or too deep a nesting
 *   (JSON path), or a malformed export; a leading byte-order mark is accepted
 * @throws {InputError} when the file is missing, is a folder or is not UTF-8
 */
export async function readStoreFile(
  path: string,
  format: StoreFormat,
  opts: ReadStoreOptions = {},
): Promise<MemoryStore[]> {
  const text = await readExportText(path);
  const o = { ...opts, file: opts.file ?? path };
  if (format === "generic_jsonl") return readGenericJsonl(text, o);
  return [readStore(parseExportJson(text, format, o.file), format, o)];
}
