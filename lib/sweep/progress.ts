/**
 * A sweep progress callback for notebooks and logs: one line at the start
 * and at every `step` of the grid (default each 25%), with the ETA.
 *
 * @module
 */
import type { SweepProgress } from "./grid.ts";

/**
 * Makes a {@linkcode SweepProgress} that prints milestones with `log`.
 *
 * @param label name of the run, e.g. `exact_500`
 * @param opts.step fraction of units between lines (default 0.25)
 * @param opts.log where lines go (default console.log: a notebook cell's output)
 * @returns the callback to pass as `onProgress`
 */
export function progressLogger(
  label: string,
  opts: { step?: number; log?: (line: string) => void } = {},
): SweepProgress {
  const step = opts.step ?? 0.25;
  const log = opts.log ?? console.log;
  let next = 0;
  return (done, total, eta) => {
    const frac = total === 0 ? 1 : done / total;
    if (frac + 1e-12 < next && done !== total) return;
    while (next <= frac + 1e-12) next += step;
    const etaText = eta === null || done === total ? "" : `, about ${eta.toFixed(1)} s left`;
    log(`${label}: ${done}/${total} packages (${Math.round(frac * 100)}%)${etaText}`);
  };
}
