/**
 * Cost models for exported memories (paper 000 §2 "storage accounting", paper 001 byte-overhead
 * rule; ARTIFACT-SPEC §6.6):
 *
 * - `words`: max(1, number of non-space tokens), the artifact's rule for external memories (Python
 *   `len(text.split())`);
 * - `byte_overhead`: 8 + ceil(UTF-8 bytes / 24), paper 001's sensitivity rule (`byteOverheadCost`
 *   of the natural packages' cost rules).
 *
 * @module
 */
import { byteOverheadCost } from "../natural/cost_rules.ts";
import type { MemoryStore } from "./memory_store.ts";

/** Cost models of memories. */
export const MEMORY_COST_MODELS = ["words", "byte_overhead"] as const;

/** One of {@linkcode MEMORY_COST_MODELS}. */
export type MemoryCostModel = (typeof MEMORY_COST_MODELS)[number];

// Python's str.split() whitespace: ASCII whitespace, \x1c-\x1f, \x85 and the Unicode spaces.
// deno-lint-ignore no-control-regex -- \x1c-\x1f are whitespace for Python
const PY_SPACE = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/**
 * Non-space tokens of `text`, split like Python's `str.split()`.
 *
 * @returns the tokens (no empty strings)
 */
export function nonSpaceTokens(text: string): string[] {
  return text.split(PY_SPACE).filter((t) => t !== "");
}

/**
 * Word cost: max(1, non-space tokens).
 *
 * @returns the cost in word units (integer >= 1)
 */
export function wordCost(text: string): number {
  return Math.max(1, nonSpaceTokens(text).length);
}

/**
 * Cost of `text` under `model`.
 *
 * @returns the cost in the model's units
 * @throws {RangeError} on an unknown model
 */
export function memoryCost(text: string, model: MemoryCostModel): number {
  if (model === "words") return wordCost(text);
  if (model === "byte_overhead") return byteOverheadCost(text);
  const known = MEMORY_COST_MODELS.join(", ");
  throw new RangeError(
    `Cannot cost a memory: unknown cost model '${model}', expected one of ${known}`,
  );
}

/**
 * Measures every memory of a store under both cost models.
 *
 * @param store a store read by an adapter
 * @returns one row per memory, in store order
 */
export function storeCosts(store: MemoryStore): {
  /** Memory id. */
  id: string;
  /** Cost under `words`: max(1, non-space tokens), in word units. */
  words: number;
  /** Cost under `byte_overhead`: 8 + ceil(UTF-8 bytes / 24), in byte-overhead units. */
  byte_overhead: number;
  /** Declared cost, if the export carries one. */
  declared?: number;
}[] {
  return store.memories.map((m) => ({
    id: m.id,
    words: wordCost(m.text),
    byte_overhead: byteOverheadCost(m.text),
    ...(m.cost !== undefined ? { declared: m.cost } : {}),
  }));
}
