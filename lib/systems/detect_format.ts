/**
 * `--format auto`: which adapter reads a store file, decided from its
 * content (and, for JSONL, its lines), with the reason in words.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { isObject } from "./_read.ts";
import type { StoreFormat } from "./memory_store.ts";
import { isMemvidFactsCsv } from "./memvid_cards.ts";

/** What {@linkcode detectStoreFormat} decided. */
export interface DetectedFormat {
  /** The format to read the file with. */
  format: StoreFormat;
  /** Why, in words (for `memaudit store` to print). */
  reason: string;
}

const has = (o: Record<string, unknown>, ...keys: string[]) => keys.some((k) => k in o);

/** A line of the MCP memory server's memory.jsonl: `{type: "entity" | "relation", ...}`. */
function isMcpLine(x: unknown): boolean {
  return isObject(x) &&
    ((x.type === "entity" && "name" in x) || (x.type === "relation" && "from" in x));
}

/** A mem0 3.x add() result item: `{id, memory, metadata: {event}}`, without get_all's fields. */
function isAddItem(x: Record<string, unknown>): boolean {
  return isObject(x.metadata) && typeof x.metadata.event === "string" &&
    !has(x, "hash", "createdAt", "created_at", "updatedAt", "updated_at");
}

/** `--format auto` on a JSON list. */
function detectJsonList(v: unknown[]): DetectedFormat | null {
  if (Array.isArray(v[0]) && isObject(v[0][0]) && "memory_id" in v[0][0]) {
    return {
      format: "mem0_events",
      reason: "a list of Mem0 history() results (one list of rows per memory)",
    };
  }
  const first = v.find(isObject);
  if (!first) return null;
  if ("event" in first) return { format: "mem0_events", reason: "a list of Mem0 events" };
  if ("memory_id" in first && "action" in first) {
    return { format: "mem0_events", reason: "a list of mem0 3.x history() rows (action)" };
  }
  if (Array.isArray(first.results)) {
    return { format: "mem0_events", reason: "a list of Mem0 add() returns {results}" };
  }
  if ("memory" in first && "id" in first && isAddItem(first)) {
    return { format: "mem0_events", reason: "a list of mem0 3.x add() events (metadata.event)" };
  }
  if (has(first, "entity") && has(first, "slot") && has(first, "value")) {
    return {
      format: "memvid_cards",
      reason: "a list of Memvid memory cards (entity, slot, value)",
    };
  }
  if (has(first, "subject") && has(first, "predicate") && has(first, "object")) {
    return {
      format: "memvid_cards",
      reason: "Memvid exportFacts() triples (subject, predicate, object)",
    };
  }
  if ("memory" in first && "id" in first) {
    return { format: "mem0_get_all", reason: "a list of Mem0 memories (v1.0 get_all)" };
  }
  if ("content" in first && has(first, "keywords", "context", "tags", "timestamp")) {
    return { format: "amem", reason: "a list of A-Mem notes" };
  }
  if (has(first, "label", "value", "archive_id", "passages", "blocks")) {
    return { format: "letta", reason: "a list of Letta blocks or passages" };
  }
  return null;
}

function detectJson(v: unknown): DetectedFormat | null {
  if (Array.isArray(v)) return detectJsonList(v);
  if (!isObject(v)) return null;
  const values = Object.values(v);
  if (
    values.length > 0 && values.every(Array.isArray) &&
    values.some((l) =>
      (l as unknown[]).some((x) =>
        isObject(x) && "question" in x && has(x, "speaker_1_memories", "speaker_2_memories")
      )
    )
  ) {
    return {
      format: "mem0_search_results",
      reason: `Mem0 evaluation output: QA items with speaker_1/2_memories search hits (${
        Object.keys(v).length
      } conversation(s))`,
    };
  }
  if (
    Array.isArray(v.agents) ||
    (Array.isArray(v.core_memory) && has(v, "llm_config", "messages", "agent_type"))
  ) {
    return { format: "letta_agent_file", reason: "a Letta Agent File (agents / core_memory)" };
  }
  if (Array.isArray(v.cards)) {
    return { format: "memvid_cards", reason: "Memvid memories() {cards, count}" };
  }
  if (Array.isArray(v.entities) && (Array.isArray(v.relations) || v.relations === undefined)) {
    return {
      format: "mcp_memory",
      reason: "the MCP memory server's graph {entities, relations} (read_graph)",
    };
  }
  if (isMcpLine(v)) {
    return { format: "mcp_memory", reason: "an MCP memory server memory.jsonl (1 line)" };
  }
  if (has(v, "add_return", "history", "events")) {
    return { format: "mem0_events", reason: "Mem0 add() returns / history events" };
  }
  if (Array.isArray(v.results)) {
    const first = v.results.find(isObject) as Record<string, unknown> | undefined;
    if (first && "event" in first) {
      return { format: "mem0_events", reason: "a Mem0 add() return {results: [events]}" };
    }
    if (first && isAddItem(first)) {
      return {
        format: "mem0_events",
        reason: "a mem0 3.x add() return {results: [{id, memory, metadata: {event}}]}",
      };
    }
    return { format: "mem0_get_all", reason: "a Mem0 get_all()/search() export {results: [...]}" };
  }
  if (Array.isArray(v.ids) && Array.isArray(v.documents)) {
    return { format: "amem", reason: "an A-Mem ChromaDB collection (ids, documents)" };
  }
  if (Array.isArray(v.memories)) {
    return { format: "generic_jsonl", reason: "a generic store row {memories: [...]} (one line)" };
  }
  if (has(v, "blocks", "passages", "core_memory", "archival_memory")) {
    return { format: "letta", reason: "Letta memory (blocks / passages)" };
  }
  return null;
}

/**
 * Detects a store file's format from its text:
 * - JSON: Memvid `memories()` `{cards}`, a list of cards or of
 *   `exportFacts()` triples → `memvid_cards`; the MCP memory server's graph
 *   `{entities, relations}` or one `memory.jsonl` line → `mcp_memory`;
 *   Mem0 evaluation output (`{"0": [{question, speaker_1_memories, ...}]}`)
 *   → `mem0_search_results`; a Letta Agent File (`agents`, or `core_memory`
 *   with agent fields) → `letta_agent_file`; Mem0 events (`add_return`,
 *   `history`, `events`, results with `event` or mem0 3.x `metadata.event`,
 *   history rows, or a list of `history()` results) → `mem0_events`; Mem0
 *   `{results}` or a list of `{id, memory}` → `mem0_get_all`; A-Mem notes or
 *   a ChromaDB collection → `amem`; Letta blocks / passages → `letta`;
 * - several lines each `{"type": "entity" | "relation", ...}` → `mcp_memory`;
 * - several lines each a JSON object → `generic_jsonl`;
 * - text whose first line starts `subject,predicate,object` → `memvid_cards`
 *   (Memvid's facts CSV);
 * - other text (not starting with `{` or `[`) → `openai_memory` (one memory
 *   per paragraph).
 *
 * @param text the file's text (a leading byte-order mark is ignored)
 * @param file file name for errors
 * @returns the format and the reason
 * @throws {InputError} naming the file when the text is empty, is JSON of no
 *   known shape, or starts like JSON but does not parse
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectStoreFormat } from "./detect_format.ts";
 * assert.ok(detectStoreFormat("Caroline likes tea.\n\nMelanie paints.\n").format === "openai_memory");
 * ```
 */
export function detectStoreFormat(text: string, file = "<memory>"): DetectedFormat {
  const t = text.replace(/^\uFEFF/, "").trim();
  if (t === "") {
    throw InputError.atRoot(file, "expected a memory store, the file is empty");
  }
  let parsed: unknown;
  let isJson = false;
  try {
    parsed = JSON.parse(t);
    isJson = true;
  } catch (e) {
    const lines = t.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "");
    const rows = lines.map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return undefined;
      }
    });
    if (rows.length > 0 && rows.every(isMcpLine)) {
      return {
        format: "mcp_memory",
        reason: `MCP memory server memory.jsonl: ${rows.length} line(s) of entities and relations`,
      };
    }
    if (rows.every(isObject)) {
      return {
        format: "generic_jsonl",
        reason: `JSONL: ${rows.length} line(s), each a JSON object`,
      };
    }
    if (/^[[{]/.test(t)) {
      const bad = rows.findIndex((r) => r === undefined);
      throw new InputError(
        file,
        { path: lines.length > 1 ? `line ${bad + 1}` : "" },
        `expected JSON or JSONL (the file starts with '${t[0]}'): ${(e as Error).message}`,
      );
    }
  }
  if (!isJson && isMemvidFactsCsv(t)) {
    return {
      format: "memvid_cards",
      reason: "Memvid exportFacts() CSV (header subject,predicate,object)",
    };
  }
  if (!isJson) {
    const paragraphs = t.split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/).filter((p) =>
      p.trim() !== ""
    ).length;
    return {
      format: "openai_memory",
      reason: `plain text: ${paragraphs} paragraph(s), one memory each (OpenAI memory)`,
    };
  }
  const d = detectJson(parsed);
  if (d) return d;
  throw InputError.atRoot(
    file,
    "expected a known store export (Mem0 get_all / events / evaluation output, Letta, Letta Agent File, A-Mem, Memvid cards, MCP memory graph, generic JSONL, OpenAI memory text): none matches, pass --format",
  );
}
