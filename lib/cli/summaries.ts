/**
 * Each command's one line, in the order `memaudit --help` lists them: the one home of the words
 * the overview prints and each command's `summary` (lib/cli/commands/registry.ts loads the
 * modules lazily, so the overview cannot ask them).
 *
 * @module
 */

/** Each command's line in `memaudit --help`, by name. */
export const SUMMARIES = {
  validate: "check a package (JSON file or CSV folder) and print its counts",
  writers: "run writers on a package and score them against a certified OPT per budget",
  sweep: "the synthetic grid runner (ARTIFACT-SPEC §4.2-§4.3), shardable with --shard I/N",
  solve: "certify OPT of a package, or of many in one process, at each budget (exact solvers)",
  store:
    "score a real system's memory store on a LoCoMo conversation, your own package or LongMemEval",
  write: "write a store with a real memory system from npm (mem0, memvid), for `store`",
  retention: "Memory Retention Rate and storage-gating metrics (paper 003, PerMem-Bench)",
  scale: "scale-conditioned reliability (paper 002): ladders, simulators, trajectory scoring",
  merge:
    "join shard folders (sweep, natural, scale/retention simulate) into one run's files (byte-identical)",
  natural:
    "score LoCoMo or LongMemEval support-slice packages (OPT + writers), shardable with --shard I/N",
} as const;
