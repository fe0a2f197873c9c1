/**
 * Content keys of coverage cells: a coverage label belongs to a (memory
 * text, evidence-unit text) pair, not to ids, so labels produced elsewhere
 * can be re-attached to any package that holds the same texts.
 *
 * @module
 */
import { sha256Hex } from "../base/hash.ts";

/**
 * The text as keyed: Unicode NFC, whitespace runs collapsed to one space,
 * trimmed.
 *
 * @param text any text
 * @returns the normalised text
 */
export function normalizeCellText(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

/**
 * The content key of a coverage cell: lowercase hex SHA-256 of the UTF-8
 * JSON array `[normalised memory text, normalised unit text]` as
 * `JSON.stringify` writes it (in Python: `json.dumps([m, u],
 * separators=(",", ":"), ensure_ascii=False)`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { coverageCellKey } from "./content_key.ts";
 * assert.ok(coverageCellKey("a  b", "c") === coverageCellKey(" a b", "c\n"));
 * ```
 *
 * @param memory the memory (candidate) text
 * @param unit the evidence unit text
 * @returns 64 hex digits
 */
export function coverageCellKey(memory: string, unit: string): string {
  return sha256Hex(JSON.stringify([normalizeCellText(memory), normalizeCellText(unit)]));
}
