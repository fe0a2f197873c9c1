/**
 * `--format auto`: which adapter reads a store file, decided from its content (and, for JSONL, its
 * lines), with the reason in words.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { parseJsonText } from "../base/json_text.ts";
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

/** A blank line between paragraphs (white space only, any line ends). */
const BLANK_LINE = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/;
const found = (format: StoreFormat, reason: string): DetectedFormat => ({ format, reason });
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
    return found("mem0_events", "a list of Mem0 history() results (one list of rows per memory)");
  }
  const first = v.find(isObject);
  if (!first) return null;
  if ("event" in first) return found("mem0_events", "a list of Mem0 events");
  if ("memory_id" in first && "action" in first) {
    return found("mem0_events", "a list of mem0 3.x history() rows (action)");
  }
  if (Array.isArray(first.results)) {
    return found("mem0_events", "a list of Mem0 add() returns {results}");
  }
  if ("memory" in first && "id" in first && isAddItem(first)) {
    return found("mem0_events", "a list of mem0 3.x add() events (metadata.event)");
  }
  if (has(first, "entity") && has(first, "slot") && has(first, "value")) {
    return found("memvid_cards", "a list of Memvid memory cards (entity, slot, value)");
  }
  if (has(first, "subject") && has(first, "predicate") && has(first, "object")) {
    return found("memvid_cards", "Memvid exportFacts() triples (subject, predicate, object)");
  }
  if ("memory" in first && "id" in first) {
    return found("mem0_get_all", "a list of Mem0 memories (v1.0 get_all)");
  }
  if ("content" in first && has(first, "keywords", "context", "tags", "timestamp")) {
    return found("amem", "a list of A-Mem notes");
  }
  if (has(first, "label", "value", "archive_id", "passages", "blocks")) {
    return found("letta", "a list of Letta blocks or passages");
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
    const n = Object.keys(v).length;
    const hits = "QA items with speaker_1/2_memories search hits";
    return found("mem0_search_results", `Mem0 evaluation output: ${hits} (${n} conversation(s))`);
  }
  if (
    Array.isArray(v.agents) ||
    (Array.isArray(v.core_memory) && has(v, "llm_config", "messages", "agent_type"))
  ) {
    return found("letta_agent_file", "a Letta Agent File (agents / core_memory)");
  }
  if (Array.isArray(v.cards)) return found("memvid_cards", "Memvid memories() {cards, count}");
  if (Array.isArray(v.entities) && (Array.isArray(v.relations) || v.relations === undefined)) {
    return found("mcp_memory", "the MCP memory server's graph {entities, relations} (read_graph)");
  }
  if (isMcpLine(v)) return found("mcp_memory", "an MCP memory server memory.jsonl (1 line)");
  if (has(v, "add_return", "history", "events")) {
    return found("mem0_events", "Mem0 add() returns / history events");
  }
  if (Array.isArray(v.results)) {
    const first = v.results.find(isObject) as Record<string, unknown> | undefined;
    if (first && "event" in first) {
      return found("mem0_events", "a Mem0 add() return {results: [events]}");
    }
    if (first && isAddItem(first)) {
      return found(
        "mem0_events",
        "a mem0 3.x add() return {results: [{id, memory, metadata: {event}}]}",
      );
    }
    return found("mem0_get_all", "a Mem0 get_all()/search() export {results: [...]}");
  }
  if (Array.isArray(v.ids) && Array.isArray(v.documents)) {
    return found("amem", "an A-Mem ChromaDB collection (ids, documents)");
  }
  if (Array.isArray(v.memories)) {
    return found("generic_jsonl", "a generic store row {memories: [...]} (one line)");
  }
  if (has(v, "blocks", "passages", "core_memory", "archival_memory")) {
    return found("letta", "Letta memory (blocks / passages)");
  }
  return null;
}

/**
 * Detects a store file's format from its text:
 * - JSON: Memvid `memories()` `{cards}`, a list of cards or of `exportFacts()` triples →
 *   `memvid_cards`; the MCP memory server's graph `{entities, relations}` or one `memory.jsonl`
 *   line → `mcp_memory`; Mem0 evaluation output (`{"0": [{question, speaker_1_memories, ...}]}`) →
 *   `mem0_search_results`; a Letta Agent File (`agents`, or `core_memory` with agent fields) →
 *   `letta_agent_file`; Mem0 events (`add_return`, `history`, `events`, results with `event` or
 *   mem0 3.x `metadata.event`, history rows, or a list of `history()` results) → `mem0_events`;
 *   Mem0 `{results}` or a list of `{id, memory}` → `mem0_get_all`; A-Mem notes or a ChromaDB
 *   collection → `amem`; Letta blocks / passages → `letta`;
 * - several lines each `{"type": "entity" | "relation", ...}` → `mcp_memory`;
 * - several lines each a JSON object → `generic_jsonl`;
 * - text whose first line starts `subject,predicate,object` → `memvid_cards` (Memvid's facts CSV);
 * - other text (not starting with `{` or `[`) → `openai_memory` (one memory per paragraph).
 *
 * @param text the file's text (a leading byte-order mark is ignored)
 * @returns the format and the reason
 * @throws {InputError} naming the file when the text is empty, is JSON of no known shape, or starts
 *   like JSON but does not parse: at the line and column where one JSON text breaks, or at the
 *   first line (numbered as in the file, blank lines too) of JSONL that is not a JSON object
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
  if (t === "") throw InputError.atRoot(file, "expected a memory store, the file is empty");
  let parsed: unknown;
  try {
    parsed = JSON.parse(t);
  } catch {
    // The non-blank lines, numbered as in the file (a leading byte-order mark dropped).
    const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)
      .map((l, i) => ({ l, n: i + 1 })).filter(({ l }) => l.trim() !== "");
    const reasons: string[] = []; // per line, why it did not parse ("" when it did)
    const rows = lines.map(({ l }) => {
      try {
        reasons.push("");
        return JSON.parse(l);
      } catch (err) {
        reasons[reasons.length - 1] = (err as Error).message;
        return undefined;
      }
    });
    if (rows.length > 0 && rows.every(isMcpLine)) {
      return found(
        "mcp_memory",
        `MCP memory server memory.jsonl: ${rows.length} line(s) of entities and relations`,
      );
    }
    if (rows.every(isObject)) {
      return found("generic_jsonl", `JSONL: ${rows.length} line(s), each a JSON object`);
    }
    if (/^[[{]/.test(t)) {
      // A first line that is no JSON value: one JSON text, named where it breaks (line, column).
      if (rows[0] === undefined) parseJsonText(text, file);
      // JSONL: the first line that is not a JSON object, with its own reason.
      const bad = rows.findIndex((r) => !isObject(r));
      const why = reasons[bad] || "found a JSON value that is not an object";
      const msg = `expected JSON, or JSONL with a JSON object per line: ${why}`;
      throw new InputError(file, { path: `line ${lines[bad].n}` }, msg);
    }
    if (isMemvidFactsCsv(t)) {
      return found("memvid_cards", "Memvid exportFacts() CSV (header subject,predicate,object)");
    }
    const paragraphs = t.split(BLANK_LINE).filter((p) => p.trim() !== "").length;
    const reason = `plain text: ${paragraphs} paragraph(s), one memory each (OpenAI memory)`;
    return found("openai_memory", reason);
  }
  const d = detectJson(parsed);
  if (d) return d;
  const msg =
    "expected a known store export (Mem0 get_all / events / evaluation output, Letta, Letta Agent File, A-Mem, Memvid cards, MCP memory graph, generic JSONL, OpenAI memory text): none matches, pass --format";
  throw InputError.atRoot(file, msg);
}
