/**
 * A progress bar for long `memaudit` work, drawn with the cli-progress library on standard error,
 * and only when standard error is a terminal (never into a log file or a pipe, never in tests).
 *
 * @module
 */
import type { CliIo } from "./command.ts";

/**
 * A started progress display; both methods may be called any number of times. `update` shows
 * `done` of `total` units (resumed ones included) and the estimated seconds left (null when
 * unknown); `stop` stops the bar and ends its line; `shown` says whether anything was drawn (a
 * message written after it should start on a new line).
 */
export interface Progress {
  update(done: number, total: number, etaSec?: number | null): void;
  stop(): void;
  readonly shown: boolean;
}

/** A progress display that draws nothing. */
export const NO_PROGRESS: Progress = { update() {}, stop() {}, shown: false };

/**
 * The part of cli-progress 3.12 used here (its own typings, @types/cli-progress, pull in a
 * @types/node that overrides Deno's node types, so they are not used).
 */
interface CliProgress {
  SingleBar: new (options: Record<string, unknown>, preset: unknown) => {
    start(total: number, value: number, payload?: Record<string, unknown>): void;
    setTotal(total: number): void;
    update(value: number, payload?: Record<string, unknown>): void;
    stop(): void;
  };
  Presets: { shades_classic: unknown };
}

/** A stream-like object cli-progress can draw on: writes go to `io.stderr`. */
function terminalStream(io: CliIo, columns: number) {
  return {
    isTTY: true,
    columns,
    write(text: string, cb?: () => void): boolean {
      try {
        io.stderr(text);
      } catch {
        // The bar is cosmetic: a closed or full stderr must not stop the work.
      }
      cb?.();
      return true;
    },
    on() {},
    removeListener() {},
  };
}

/**
 * Starts a progress bar labelled `label` when `io.isTerminal` (and `quiet`
 * is not set); otherwise returns {@linkcode NO_PROGRESS}. The library is
 * loaded only when a bar is drawn, so commands start fast.
 *
 * @example A bar that is not drawn (stderr is not a terminal)
 * ```ts
 * import assert from "node:assert/strict";
 * import { startProgress } from "./progress.ts";
 * const io = { stdout() {}, stderr() {}, isTerminal: false };
 * const bar = await startProgress(io, "sweep", { quiet: false });
 * bar.update(1, 10, 3);
 * bar.stop();
 * assert.ok(!bar.shown);
 * ```
 *
 * @param io where to draw (its stderr) and whether that is a terminal
 * @param label the name shown before the bar, e.g. `sweep`
 * @param opts `quiet`: draw nothing; `columns`: terminal width (default: the terminal's, else 80)
 */
export async function startProgress(
  io: CliIo,
  label: string,
  opts: { quiet?: boolean; columns?: number } = {},
): Promise<Progress> {
  if (opts.quiet || !io.isTerminal) return NO_PROGRESS;
  let columns = opts.columns ?? 80;
  try {
    columns = opts.columns ?? Deno.consoleSize().columns;
  } catch {
    // Not a console after all: keep 80.
  }
  const cliProgress = (await import("../base/deps/cli_progress.ts"))
    .cliProgress as unknown as CliProgress;
  const bar = new cliProgress.SingleBar({
    stream: terminalStream(io, columns),
    format: `${label} [{bar}] {percentage}% | {value}/{total} units | {left}`,
    hideCursor: false,
    clearOnComplete: false,
    stopOnComplete: false,
    fps: 10,
    noTTYOutput: false,
    forceRedraw: false,
  }, cliProgress.Presets.shades_classic);
  let started = false, stopped = false;
  return {
    update(done, total, etaSec) {
      if (stopped) return;
      const left = typeof etaSec === "number" ? `~${Math.ceil(etaSec)} s left` : "";
      if (!started) bar.start(total, done, { left });
      else {
        bar.setTotal(total);
        bar.update(done, { left });
      }
      started = true;
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
    get shown() {
      return started;
    },
  };
}
