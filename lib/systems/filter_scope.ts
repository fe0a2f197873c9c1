/**
 * Scope selection of a store (Letta core / archival; ARTIFACT-SPEC §6.5).
 *
 * @module
 */
import type { MemoryStore } from "./memory_store.ts";

/**
 * The memories of a Letta store in the given scopes (the artifact scores
 * core, archival and combined separately, ARTIFACT-SPEC §6.5).
 *
 * @param store a Letta store
 * @param scopes scopes to keep (`core`, `archival`)
 * @returns a store with the same problems and tombstones and only those memories
 */
export function filterScope(store: MemoryStore, scopes: readonly string[]): MemoryStore {
  const keep = new Set(scopes);
  return {
    ...store,
    memories: store.memories.filter((m) => m.scope !== undefined && keep.has(m.scope)),
  };
}
