/**
 * Registers every `memaudit` subcommand. One line per command; the module is
 * loaded only when the command runs.
 *
 * @module
 */
import { registerCommand } from "../main.ts";

registerCommand(
  "validate",
  "check a package (JSON file or CSV folder) and print its counts",
  async () => (await import("./validate.ts")).command,
);
registerCommand(
  "writers",
  "run writers on a package and score them against a certified OPT per budget",
  async () => (await import("./writers.ts")).command,
);
registerCommand(
  "sweep",
  "the synthetic grid runner (ARTIFACT-SPEC §4.2-§4.3), shardable with --shard I/N",
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
registerCommand(
  "merge",
  "join shard folders (sweep, natural, scale/retention simulate) into one run's files (byte-identical)",
  async () => (await import("./merge.ts")).command,
);
registerCommand(
  "natural",
  "score LoCoMo support-slice packages (OPT + writers), shardable with --shard I/N",
  async () => (await import("./natural.ts")).command,
);
