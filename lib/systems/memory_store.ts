/**
 * One memory-store type for every exported system (paper 000 definition 2, Table 4; ARTIFACT-SPEC
 * §1.5): Mem0, Letta, A-Mem, Memvid cards, the MCP memory server's graph and the generic JSONL all
 * read into a {@linkcode MemoryStore}. What an adapter cannot map is listed in `problems`, never
 * dropped silently; deleted memories are listed in `tombstones`.
 *
 * @module
 */

/** Export formats the adapters read. */
export const STORE_FORMATS = [
  "mem0_get_all",
  "mem0_events",
  "letta",
  "letta_agent_file",
  "amem",
  "generic_jsonl",
  "openai_memory",
  "mem0_search_results",
  "memvid_cards",
  "mcp_memory",
] as const;

/** One of {@linkcode STORE_FORMATS}. */
export type StoreFormat = (typeof STORE_FORMATS)[number];

/** One memory of an exported store. */
export interface StoredMemory {
  /** Memory id, unique in the store. */
  id: string;
  /** The text the memory stores (the text that is costed and adjudicated). */
  text: string;
  /** Creation time as exported (ISO-8601, A-Mem's YYYYMMDDHHMM, ...), if any. */
  created_at?: string;
  /** Last update time as exported, if any. */
  updated_at?: string;
  /**
   * Where the memory came from: `mem0`, `mem0:events`, `letta:archival`, `letta:core:<label>`,
   * `letta:af:<agent>:<label>`, `amem:<view>`, `generic`, ...
   */
  source: string;
  /** Scope inside the system (`core`, `archival`; A-Mem `full`, `metadata`, `content`). */
  scope?: string;
  /** The system's own salience or relevance score in [0, 1], if it gives one. */
  salience?: number;
  /** Position in the export (file order, or the export's memory_index). */
  order: number;
  /** Declared cost in cost units (generic exports may carry one), if any. */
  cost?: number;
  /** Package experience this memory represents (ties it to that group in the union), if known. */
  experience?: string;
  /** Memories sharing a `group` are alternatives: the union keeps at most k of them. */
  group?: string;
  /** The exported record as read (for A-Mem's ChromaDB form: after decoding strings). */
  raw: unknown;
}

/** A memory deleted in the export (Mem0 DELETE events, Letta `is_deleted` passages). */
export interface Tombstone {
  /** Id of the deleted memory. */
  id: string;
  /** The last text the memory held before it was deleted. */
  text: string;
  /** Deletion time, when the export gives one. */
  deleted_at?: string;
  /**
   * Where the deleted memory was read from, e.g. `mem0:events`, `mem0:history`, `letta:archival`.
   */
  source: string;
}

/** Codes of {@linkcode AdapterProblem}s. */
export type ProblemCode =
  /** A record left out of the store (empty text, duplicate text, hidden, ...). */
  | "dropped"
  /** Exported content that is not a memory of the store (graph relations, messages, ...). */
  | "not_mapped"
  /** Fields of records the adapter does not map (kept in `raw`). */
  | "unmapped_field"
  /** A memory deleted in the export (see `tombstones`). */
  | "tombstone"
  /** An event log that does not replay cleanly (update without add, mismatched text, ...). */
  | "replay"
  /** A value read leniently (string-encoded list, unparseable time, text over its limit, ...). */
  | "coerced"
  /** The export may be cut: it holds exactly one page of the system's listing (Mem0 get_all). */
  | "truncated";

/** Something an adapter could not map one to one. */
export interface AdapterProblem {
  /** What kind of problem it is. */
  code: ProblemCode;
  /** The record: `results[3] (id 'abc')`, `line 2`, `(root)`, ... */
  record: string;
  /** The field concerned, if one. */
  field?: string;
  /** What happened, in words (e.g. `empty text`, `no declared cost: word cost used`). */
  detail: string;
}

/** Options every adapter takes. */
export interface ReaderOptions {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label of the store (default the adapter's: `mem0`, `memvid`, `mcp_memory`, ...). */
  system?: string;
}

/** An exported memory store read by one adapter. */
export interface MemoryStore {
  /** System label used in union candidate ids (`mem0`, `letta`, `amem`, `generic`, ...). */
  system: string;
  /** The adapter's format. */
  format: StoreFormat;
  /** File name (or `<memory>`) the store was read from. */
  file: string;
  /** Instance (package) the store belongs to, when the export says (generic JSONL rows). */
  instance?: string;
  /** Other fields of the export's row or root (generic JSONL rows: writer, budget, ...). */
  meta?: Record<string, unknown>;
  /** The store's memories in export order. */
  memories: StoredMemory[];
  /** Deleted memories (not in `memories`). */
  tombstones: Tombstone[];
  /** Everything the adapter could not map one to one. */
  problems: AdapterProblem[];
}
