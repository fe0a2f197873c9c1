/**
 * Default memory tool names A_ext(M) per log format (COMPANIONS §4). A
 * trajectory's own `memory_tools` or `--memory-tools` replaces them; every
 * trajectory records the list it was classified with.
 *
 * @module
 */

/**
 * Letta's memory reads: `archival_memory_search` and `conversation_search`.
 * Its writes (`core_memory_*`, `archival_memory_insert`, `memory_*`) do not
 * count unless the user lists them; `send_message` is the answer.
 */
export const LETTA_MEMORY_TOOLS: readonly string[] = [
  "archival_memory_search",
  "conversation_search",
];

/**
 * Default for OpenAI, Anthropic and LangSmith logs, which have no standard
 * memory tool: common names of memory-search tools (Letta's, mem0's MCP
 * `search_memories`, and generic ones). LangSmith `retriever` runs count
 * whatever their name.
 */
export const GENERIC_MEMORY_TOOLS: readonly string[] = [
  "search_memory",
  "search_memories",
  "memory_search",
  "retrieve_memory",
  "recall_memory",
  "archival_memory_search",
  "conversation_search",
];
