/**
 * The generic store format: JSONL, one store per line, `{instance_id?, system?, memories: [{id,
 * text, created_at?, ...}]}`, like the authors' `written_stores.jsonl` (ARTIFACT-SPEC §1.5). Reader
 * and writer.
 *
 * @module
 */
import {
  defined,
  parseExportJson,
  problem,
  RecordReader,
  type TimeNote,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { forEachJsonlLine } from "../base/jsonl.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";

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

/**
 * Reads one generic row (an object already parsed from a JSONL line).
 *
 * @param line 1-based line number (for messages)
 * @param opts file name and the system label of a row without one (default `generic`)
 * @returns the row's store; other row fields go to `meta`
 * @throws {ExportFormatError} naming the line, memory (index, id) and field
 */
export function readGenericRow(row: unknown, line: number, opts: ReaderOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const lineRef = `line ${line}`;
  const rowIdField = ["instance_id"];
  const r0: RecordReader = RecordReader.open("generic_jsonl", file, row, lineRef, line, rowIdField);
  const list = r0.obj.memories;
  if (!Array.isArray(list)) {
    r0.fail("memories", `expected a list of memories, got ${typeName(list)}`);
  }
  const instance = r0.optStr("instance_id");
  const system = r0.optStr("system") ?? opts.system ?? "generic";
  const problems: AdapterProblem[] = [];
  const unmapped = new UnmappedFields(MEMORY_FIELDS, "memory");
  const memories: StoredMemory[] = [];
  const times: TimeNote[] = [];
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
      problems.push(problem("dropped", label, "text", "empty text"));
      return;
    }
    const m: StoredMemory = { id, text, source: source ?? system, order: index ?? i, raw: v };
    Object.assign(
      m,
      defined({ created_at: created, updated_at: updated, salience, cost, experience, group }),
    );
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
 * @param opts file name and the system label of a row without one (default `generic`)
 * @returns the stores in line order
 * @throws {ExportFormatError} naming the line (and memory index, id, field) for a line that is not
 *   JSON, has no `memories` list, or a memory without `id`/`memory_id` or `text`, a repeated id, or
 *   a value of the wrong type
 */
export function readGenericJsonl(text: string, opts: ReaderOptions = {}): MemoryStore[] {
  const file = opts.file ?? "<memory>";
  const out: MemoryStore[] = [];
  // A line that is not an object is refused by readGenericRow, at `line N`.
  forEachJsonlLine(text, (n, line) => {
    out.push(readGenericRow(parseExportJson(line, "generic_jsonl", file, n), n, opts));
  });
  return out;
}

/** Writes rows as generic JSONL (one compact JSON object per line, trailing newline). */
export function toGenericJsonl(rows: readonly GenericStoreRow[]): string {
  return rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length > 0 ? "\n" : "");
}
