/**
 * A query-blind salience estimate for memories without a system score: the
 * App. A.1 heuristic singleton value (type prior, cue bonuses, signature
 * tokens; no model call) of the memory's text alone, scaled to [0, 1] by the
 * store's largest value. It sees neither the question nor any coverage.
 *
 * @module
 */
import { estimatedSingletonValue } from "../writers/estimate.ts";

/**
 * Estimated salience per memory.
 *
 * @param memories ids and texts of the store's memories
 * @returns s in [0, 1] per memory, in input order (all 0 when every value is 0)
 */
export function queryBlindSalience(memories: readonly { id: string; text: string }[]): number[] {
  const v = memories.map((m) => estimatedSingletonValue({ id: m.id, rep: "system", text: m.text }));
  const max = v.reduce((a, b) => Math.max(a, b), 0);
  return v.map((x) => (max > 0 ? x / max : 0));
}
