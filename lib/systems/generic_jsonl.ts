/**
 * The generic store format: JSONL, one store per line,
 * `{instance_id?, system?, memories: [{id, text, created_at?, ...}]}`, like
 * the authors' `written_stores.jsonl` (ARTIFACT-SPEC §1.5). Reader and writer.
 *
 * @module
 */
import {
  isObject,
  parseExportJson,
  RecordReader,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { forEachJsonlLine } from "../base/jsonl.ts";
import { ExportFormatError } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, StoredMemory } from "./memory_store.ts";

/** One memory of a generic row. Only `id` (or `memory_id`) and `text` are required. */
export interface GenericMemory {
  /** Memory id, unique in the row; the reader also accepts `memory_id`. */
  id: string;
  /**
   * The memory's text (what is costed and adjudicated); a memory with empty text is dropped and
   * reported.
   */
  text: string;
  /**
   * Creation time (ISO 8601 preferred; null means none); an unparseable value is kept and reported.
   */
  created_at?: string | null;
  /** Last update time (null means none). */
  updated_at?: string | null;
  /** Position in the store (default: list position). */
  memory_index?: number;
  /** System salience in [0, 1]. */
  salience?: number;
  /** Declared cost (> 0). */
  cost?: number;
  /** Package experience the memory represents. */
  experience?: string;
  /** Alternatives share a group. */
  group?: string;
  /** Where the memory came from (default: the row's system label). */
  source?: string;
  /**
   * Accepted without an unmapped-field problem; the reader keeps the whole memory record as
   * `StoredMemory.raw`.
   */
  raw?: unknown;
}

/** One line of a generic JSONL file. */
export interface GenericStoreRow {
  /** Instance (package) id the store belongs to, if known. */
  instance_id?: string;
  /** System label of the store (default: the reader's `system` option, else `generic`). */
  system?: string;
  /** The store's memories (store order: `memory_index`, else list position). */
  memories: GenericMemory[];
  /** Other keys of the line; the reader keeps them in `MemoryStore.meta`. */
  [key: string]: unknown;
}

const MEMORY_FIELDS: ReadonlySet<string> = new Set((
  "id memory_id text created_at updated_at memory_index salience cost experience group source raw"
).split(" "));

/** Options of {@linkcode readGenericJsonl}. */
export interface GenericReadOptions {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label when a row has none (default `generic`). */
  system?: string;
}

/**
 * Reads one generic row (an object already parsed from a JSONL line).
 *
 * @param row the parsed line
 * @param line 1-based line number (for messages)
 * @param opts file name and default system label
 * @returns the row's store; other row fields go to `meta`
 * @throws {ExportFormatError} naming the line, memory (index, id) and field
 */
export function readGenericRow(
  row: unknown,
  line: number,
  opts: GenericReadOptions = {},
): MemoryStore {
  const file = opts.file ?? "<memory>";
  const lineRef = `line ${line}`;
  const r0: RecordReader = RecordReader.open("generic_jsonl", file, row, lineRef, line, [
    "instance_id",
  ]);
  const list = r0.obj.memories;
  if (!Array.isArray(list)) {
    r0.fail("memories", `expected a list of memories, got ${typeName(list)}`);
  }
  const instance = r0.optStr("instance_id");
  const system = r0.optStr("system") ?? opts.system ?? "generic";
  const problems: AdapterProblem[] = [];
  const unmapped = new UnmappedFields(MEMORY_FIELDS, "memory");
  const memories: StoredMemory[] = [];
  const times: { record: string; field: string; value: string | undefined }[] = [];
  const seen = new Set<string>();
  list.forEach((v, i) => {
    const ids = ["id", "memory_id"];
    const r = RecordReader.open("generic_jsonl", file, v, `${lineRef} memories[${i}]`, i, ids);
    const id = r.has("id") ? r.id("id") : r.id("memory_id");
    const text = r.str("text", true);
    if (seen.has(id)) {
      r.fail(r.has("id") ? "id" : "memory_id", `expected unique ids, '${id}' repeats`);
    }
    seen.add(id);
    const created = r.optStr("created_at");
    const updated = r.optStr("updated_at");
    const index = r.optNum("memory_index");
    const salience = r.optNum("salience");
    if (salience !== undefined && (salience < 0 || salience > 1)) {
      r.fail("salience", `expected a salience in [0, 1], got ${salience}`);
    }
    const cost = r.optNum("cost");
    if (cost !== undefined && !(cost > 0)) r.fail("cost", `expected a cost > 0, got ${cost}`);
    const experience = r.optStr("experience");
    const group = r.optStr("group");
    const source = r.optStr("source");
    unmapped.note(r);
    const label = `${r.ref.path} (id '${id}')`;
    if (text.trim() === "") {
      problems.push({ code: "dropped", record: label, field: "text", detail: "empty text" });
      return;
    }
    const m: StoredMemory = { id, text, source: source ?? system, order: index ?? i, raw: v };
    if (created !== undefined) m.created_at = created;
    if (updated !== undefined) m.updated_at = updated;
    if (salience !== undefined) m.salience = salience;
    if (cost !== undefined) m.cost = cost;
    if (experience !== undefined) m.experience = experience;
    if (group !== undefined) m.group = group;
    times.push({ record: label, field: "created_at", value: created });
    memories.push(m);
  });
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(r0.obj)) {
    if (!["memories", "instance_id", "system"].includes(k)) meta[k] = r0.obj[k];
  }
  problems.push(...unmapped.problems(), ...timeProblems(times));
  const format = "generic_jsonl";
  const store: MemoryStore = { system, format, file, memories, tombstones: [], problems };
  if (instance !== undefined) store.instance = instance;
  if (Object.keys(meta).length > 0) store.meta = meta;
  return store;
}

/**
 * Reads a generic JSONL text: one store per non-blank line.
 *
 * @param text the file's text
 * @param opts file name and default system label
 * @returns the stores in line order
 * @throws {ExportFormatError} naming the line (and memory index, id, field)
 *   for a line that is not JSON, has no `memories` list, or a memory without
 *   `id`/`memory_id` or `text`, a repeated id, or a value of the wrong type
 */
export function readGenericJsonl(text: string, opts: GenericReadOptions = {}): MemoryStore[] {
  const file = opts.file ?? "<memory>";
  const out: MemoryStore[] = [];
  forEachJsonlLine(text, (n, line) => {
    const row = parseExportJson(line, "generic_jsonl", file, n);
    if (!isObject(row)) {
      throw new ExportFormatError(
        "generic_jsonl",
        file,
        { path: `line ${n}`, index: n },
        "",
        `expected an object, got ${typeName(row)}`,
      );
    }
    out.push(readGenericRow(row, n, opts));
  });
  return out;
}

/**
 * Writes rows as generic JSONL (one compact JSON object per line, trailing newline).
 *
 * @param rows the stores
 * @returns the JSONL text
 */
export function toGenericJsonl(rows: readonly GenericStoreRow[]): string {
  return rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length > 0 ? "\n" : "");
}
