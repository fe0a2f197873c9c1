/**
 * Registers every `memaudit` subcommand. One line per command; the module is
 * loaded only when the command runs.
 *
 * @module
 */
import { registerCommand } from "../main.ts";

registerCommand(
  "sweep",
  "the synthetic grid runner (ARTIFACT-SPEC §4.2-§4.3)",
  async () => (await import("./sweep.ts")).command,
);
registerCommand(
  "solve",
  "certify OPT of a package at each budget",
  async () => (await import("./solve.ts")).command,
);
registerCommand(
  "store",
  "score a real system's memory store on a LoCoMo conversation",
  async () => (await import("./store.ts")).command,
);
registerCommand(
  "retention",
  "retention rate and storage gating (paper 003)",
  async () => (await import("./retention.ts")).command,
);
registerCommand(
  "scale",
  "scale-conditioned reliability (paper 002)",
  async () => (await import("./scale.ts")).command,
);
