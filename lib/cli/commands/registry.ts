/**
 * Every `memaudit` subcommand: one line per command in each table below; the
 * module is loaded only when the command runs. `lib/cli/main.ts` dispatches
 * through {@linkcode COMMANDS} (this module imports nothing of main's, so the
 * two do not import each other).
 *
 * @module
 */
import type { Command } from "../command.ts";

/** Loads a command module lazily, so `memaudit --help` starts fast. */
export type Loader = () => Promise<Command>;

/**
 * The registered commands, in the order `memaudit --help` lists them. Each
 * module under `lib/cli/commands/` exports `command: Command`. (No prototype:
 * `memaudit toString` is an unknown command, not Object.prototype's.)
 */
export const COMMANDS: Record<string, { summary: string; load: Loader }> = Object.create(null);

/**
 * Registers a command (the tables below; tests add their own).
 *
 * @param name the word after `memaudit`
 * @param summary one line for the overview
 * @param load resolves to the command
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
} satisfies Record<string, () => Promise<{ command: Command }>>;

/** Each command's line in `memaudit --help`. */
const SUMMARIES: Record<keyof typeof MODULES, string> = {
  validate: "check a package (JSON file or CSV folder) and print its counts",
  writers: "run writers on a package and score them against a certified OPT per budget",
  sweep: "the synthetic grid runner (ARTIFACT-SPEC §4.2-§4.3), shardable with --shard I/N",
  solve: "certify OPT of a package at each budget",
  store: "score a real system's memory store on a LoCoMo conversation or your own package",
  write: "write a store with a real memory system from npm (mem0, memvid), for `store`",
  retention: "retention rate and storage gating (paper 003)",
  scale: "scale-conditioned reliability (paper 002)",
  merge:
    "join shard folders (sweep, natural, scale/retention simulate) into one run's files (byte-identical)",
  natural: "score LoCoMo support-slice packages (OPT + writers), shardable with --shard I/N",
};

for (const [name, load] of Object.entries(MODULES)) {
  const summary = SUMMARIES[name as keyof typeof MODULES];
  registerCommand(name, summary, async () => (await load()).command);
}
