/**
 * The time order of a store's memories, used by recency pruning and as the memories' time index in
 * the union package (ARTIFACT-SPEC §1.5, §6.5).
 *
 * @module
 */
import { parseTime } from "./_read.ts";
import { compareIds } from "../package/compile.ts";
import type { StoredMemory } from "./memory_store.ts";

/**
 * Sorts memories oldest first by (created_at, updated_at, order, id), with times parsed
 * deterministically (ISO-8601 without an offset is UTC; A-Mem's YYYYMMDDHHMM and LoCoMo's "1:56 pm
 * on 8 May, 2023" are recognised). A missing or unrecognised time sorts before every time, so a
 * store without times keeps its export order.
 *
 * @returns a new array, oldest first
 */
export function timeOrder(memories: readonly StoredMemory[]): StoredMemory[] {
  const key = (m: StoredMemory) => [
    parseTime(m.created_at) ?? -Infinity,
    parseTime(m.updated_at) ?? -Infinity,
  ];
  const keyed = memories.map((m) => ({ m, k: key(m) }));
  keyed.sort((a, b) =>
    a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.m.order - b.m.order || compareIds(a.m.id, b.m.id)
  );
  return keyed.map((x) => x.m);
}
