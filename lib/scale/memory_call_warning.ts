/**
 * The warning `memaudit scale score` gives when no step of the input counted
 * as a memory call (paper 002 §1(a) item 2: R(τ) counts the calls to the
 * memory tools A_ext(M)). Then R = 0 for every trajectory, so p_exh = 0 and
 * Pass@B is plain accuracy at every budget: most often the memory tools were
 * not named (`--memory-tools`, or `memory_tools` in the lines), not a run
 * that never looked anything up.
 *
 * @module
 */
import type { ScoreRecord, Trajectory } from "./trajectory.ts";

/** What {@linkcode memoryCallWarning} looks at. */
export interface MemoryCallInput {
  /** The scored records. */
  records: readonly Pick<ScoreRecord, "R">[];
  /** Calls per tool name seen in a log (adapters), with whether the name counted as memory. */
  tools: Readonly<Record<string, { calls: number; memory: boolean }>>;
  /** The trajectories an adapter built (their `memory_tools`), or null for memaudit lines. */
  trajectories: readonly Pick<Trajectory, "memory_tools">[] | null;
  /** `--memory-tools`, when given. */
  memoryTools?: readonly string[];
}

/**
 * The warning when R = 0 for every trajectory, naming the memory tools that
 * were matched against and the tools the log did call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryCallWarning } from "./memory_call_warning.ts";
 * const w = memoryCallWarning({
 *   records: [{ R: 0 }, { R: 0 }],
 *   tools: { lookup: { calls: 3, memory: false } },
 *   trajectories: [{ memory_tools: ["search_memory"] }],
 * });
 * assert.ok(w !== null && w.startsWith("no call matched the memory tools (search_memory)"));
 * ```
 *
 * @param input the records, the tools seen and the memory tools in force
 * @returns the warning, or null when some trajectory has R > 0 (or there are none)
 */
export function memoryCallWarning(input: MemoryCallInput): string | null {
  if (input.records.length === 0 || input.records.some((r) => r.R > 0)) return null;
  const declared = new Set(input.memoryTools ?? []);
  for (const t of input.trajectories ?? []) for (const n of t.memory_tools ?? []) declared.add(n);
  const names = [...declared].sort();
  const called = Object.entries(input.tools).filter(([, t]) => t.calls > 0)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([n, t]) => `${n} ×${t.calls}`);
  const matched = names.length > 0 ? `the memory tools (${names.join(", ")})` : "a memory tool";
  const seen = called.length > 0
    ? `tools called: ${called.join(", ")}`
    : input.trajectories !== null
    ? "the log has no tool calls"
    : "no step of kind memory_call or named after a memory tool";
  return `no call matched ${matched}: R = 0 for every trajectory, so p_exh = 0 and Pass@B is ` +
    `accuracy at every budget (${seen}; name the memory tools with --memory-tools)`;
}
