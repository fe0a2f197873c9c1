/**
 * Every `memaudit` subcommand: one line per command in each table below; the module is loaded only
 * when the command runs. `lib/cli/main.ts` dispatches through {@linkcode COMMANDS} (this module
 * imports nothing of main's, so the two do not import each other).
 *
 * @module
 */
import type { Command } from "../command.ts";
import { SUMMARIES } from "../summaries.ts";

/** Loads a command module lazily, so `memaudit --help` starts fast. */
export type Loader = () => Promise<Command>;

/**
 * The registered commands, in the order `memaudit --help` lists them. Each
 * module under `lib/cli/commands/` exports `command: Command`. (No prototype:
 * `memaudit toString` is an unknown command, not Object.prototype's.)
 */
export const COMMANDS: Record<string, { summary: string; load: Loader }> = Object.create(null);

/**
 * Registers the command `name` (the word after `memaudit`) with its overview line (the tables
 * below; tests add their own).
 */
export function registerCommand(name: string, summary: string, load: Loader): void {
  COMMANDS[name] = { summary, load };
}

/** Each command's module, by name, in the order `memaudit --help` lists them. */
const MODULES = {
  validate: () => import("./validate.ts"),
  writers: () => import("./writers.ts"),
  sweep: () => import("./sweep.ts"),
  solve: () => import("./solve.ts"),
  store: () => import("./store.ts"),
  write: () => import("./write.ts"),
  retention: () => import("./retention.ts"),
  scale: () => import("./scale.ts"),
  merge: () => import("./merge.ts"),
  natural: () => import("./natural.ts"),
} satisfies Record<keyof typeof SUMMARIES, () => Promise<{ command: Command }>>;

for (const [name, load] of Object.entries(MODULES)) {
  const summary = SUMMARIES[name as keyof typeof MODULES];
  registerCommand(name, summary, async () => (await load()).command);
}
