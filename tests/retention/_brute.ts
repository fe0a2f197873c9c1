/**
 * The retention optimum by enumeration, the test's cross-check of the MILP: every schedule (each
 * kept entry never stored, or held from its session through some t <= h_e) counted by the same
 * rule as the solver's (lib/retention/optimum.ts).
 */
import {
  buildRetentionLp,
  countHeld,
  type RetentionBudget,
  type StreamEntry,
} from "../../lib/retention/optimum.ts";
import type { ReferenceFact } from "../../lib/retention/retention_rate.ts";

/** The most held fact-sessions of any schedule of a small stream (refused above 2e5 schedules). */
export function bruteHeld(
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
): number {
  const lp = buildRetentionLp(entries, facts, budget);
  const total = lp.entries.reduce((p, e) => p * (e.horizon - e.session + 2), 1);
  if (total > 2e5) throw new RangeError(`Cannot enumerate ${total} schedules (limit 2e5)`);
  let best = -1;
  const through: (number | null)[] = lp.entries.map(() => null);
  const rec = (i: number) => {
    if (i === lp.entries.length) {
      const c = countHeld(lp, through, budget);
      if ("held" in c && c.held > best) best = c.held;
      return;
    }
    const e = lp.entries[i];
    through[i] = null;
    rec(i + 1);
    for (let d = e.session; d <= e.horizon; d++) {
      through[i] = d;
      rec(i + 1);
    }
    through[i] = null;
  };
  rec(0);
  return best;
}
