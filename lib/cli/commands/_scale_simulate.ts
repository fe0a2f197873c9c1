/**
 * `memaudit scale simulate`: runs offline trajectory SIMULATORS over a ladder written by
 * `memaudit scale ladder` and writes `memaudit.trajectory/1` lines (labelled simulated: agents
 * `sim-*`, structural judge).
 *
 * @module
 */
import { join } from "node:path";
import { type CliIo, emit, EXIT, UsageError } from "../command.ts";
import {
  checkFlags,
  flagOptions,
  type FlagOptionsOf,
  type FlagTable,
  optionsHelp,
} from "../flag_table.ts";
import {
  type CommandLine,
  ifGiven,
  parseCommand,
  parseIntFlag,
  parseProbabilityFlag,
  parseSeedFlag,
  parseShardFlag,
  rangeAsUsage,
  requireOutDir,
} from "../shared.ts";
import { writeTextAtomic } from "../../base/fs.ts";
import { readLadder } from "../../scale/ladder.ts";
import { simulateLadder, SIMULATOR_PRESETS, type SimulatorSpec } from "../../scale/simulate.ts";
import { SIMULATE_COLUMNS, simulateReport } from "../../scale/simulate_report.ts";
import { SCALE_TRAJECTORIES, writeScaleShard } from "../../scale/simulate_shards.ts";

/** The flags of `scale simulate`, in help order (the help's Options block is made from them). */
const SIMULATE_FLAGS = {
  out: { value: "FILE.jsonl", help: "trajectories, one per line (required)" },
  agents: { value: "a,b", help: "simulators to run (default all four)" },
  seed: { value: "S", help: "global seed (default 0)" },
  granularity: { value: "G", help: "session (default) or turn", choices: ["session", "turn"] },
  roles: {
    value: "user|all",
    help: "turns indexed: user (default, LongMemEval's) or all",
    choices: ["user", "all"],
  },
  k: { value: "K", help: "items per call (default 12)" },
  "epsilon-read": { value: "X", help: "reader noise: P(wrong | evidence retrieved) (default 0)" },
  "gamma-guess": { value: "X", help: "reader noise: P(right | not retrieved) (default 0)" },
  shard: {
    value: "I/N",
    help: "simulate only shard I of N of the ladder's queries (round robin in ladder order); " +
      "--out is then a FOLDER (trajectories.jsonl + shard.json); join the folders with " +
      "'memaudit merge'",
  },
} as const satisfies FlagTable;

const SIMULATE_EXTRA_HELP = [
  ["--json | --csv", "machine-readable summary (data/schema/scale_simulate_report.schema.json)"],
  ["-h, --help", "this help"],
] as const;

const SIMULATE_HELP = `Usage: memaudit scale simulate LADDER_DIR --out FILE.jsonl [options]

Runs offline trajectory simulators (NOT real agents) over a ladder folder
written by 'memaudit scale ladder': BM25Okapi memory calls (rank_bm25
semantics, top-k 12), a stop rule, and a structural judge (correct when the
trajectory retrieved E(q): all evidence sessions for multi-session questions,
any otherwise; abstention questions are correct iff the reader abstains),
with optional reader noise. Every trajectory records its parameters and seed.

Simulators (--agents, default all):
  sim-single-shot       one call (R = 1)
  sim-iterative-strong  call, stop with p 0.95 when E(q) is covered, 0.35 when not;
                        otherwise reformulate by pseudo-relevance feedback; R_max 8
  sim-iterative-weak    the same with p_stop_hit 0.3, p_stop_miss 0.1
  sim-fixed-depth-3     exactly 3 calls

Options:
${optionsHelp(SIMULATE_FLAGS, SIMULATE_EXTRA_HELP, 25, 92)}
Example:
  memaudit scale ladder --out out/ladder --seed 0 --limit 100
  memaudit scale simulate out/ladder --out out/sim.jsonl --seed 1
  memaudit scale score out/sim.jsonl --budget 2 --alpha 0.7

Example, on four machines (the merged trajectories.jsonl is byte-identical to out/sim.jsonl):
  for i in 0 1 2 3; do memaudit scale simulate out/ladder --seed 1 --shard $i/4 --out out/sim/$i; done
  memaudit merge out/sim/0 out/sim/1 out/sim/2 out/sim/3 --out out/sim_all

Exit codes: 0 done, 2 bad usage or bad input (one line on stderr).
`;

/**
 * Runs `memaudit scale simulate` on the words after `simulate`; resolves to the exit code.
 *
 * @throws {UsageError} for bad flags or an unknown simulator
 * @throws {InputError} for a bad ladder folder
 */
export async function runScaleSimulate(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, SIMULATE_HELP, flagOptions(SIMULATE_FLAGS));
  if (cmd === null) return EXIT.ok;
  const { values, positionals, form } = cmd;
  if (positionals.length !== 1) throw new UsageError("expected one LADDER_DIR");
  const out = requireOutDir(values.out, values.shard === undefined ? "FILE.jsonl" : "DIR");
  const shard = parseShardFlag(values.shard);
  const specs = simulatorSpecs(values);
  const seed = parseSeedFlag(values.seed, 0);
  const ladder = await readLadder(positionals[0]);
  const ts = await rangeAsUsage(() =>
    shard === undefined
      ? simulateLadder(ladder, specs, { seed })
      : writeScaleShard(ladder, positionals[0], specs, { seed }, shard, out)
  );
  if (shard === undefined) {
    await writeTextAtomic(out, ts.map((t) => JSON.stringify(t) + "\n").join(""));
  }
  const file = shard === undefined ? out : join(out, SCALE_TRAJECTORIES);
  const report = simulateReport(ts, specs, ladder.scales, { seed, file, shard });
  emit(io, form, { json: report, columns: SIMULATE_COLUMNS, rows: report.groups });
  if (form === "table") {
    io.stdout(
      `\nSIMULATED trajectories (offline stand-ins, structural judge): ${ts.length} written to ${out}.\n` +
        `Score them with: memaudit scale score ${out} --budget 2\n`,
    );
  }
  return EXIT.ok;
}

/** The flags' values of `scale simulate`, as parseArgs gives them. */
type SimulateValues = CommandLine<FlagOptionsOf<typeof SIMULATE_FLAGS>>["values"];

/** The simulators of `--agents` with the flags' overrides. */
function simulatorSpecs(values: SimulateValues): SimulatorSpec[] {
  const names = values.agents?.split(",").map((s) => s.trim()).filter((s) => s !== "") ??
    Object.keys(SIMULATOR_PRESETS);
  if (names.length === 0) {
    throw new UsageError(
      `--agents expects simulator names among ${Object.keys(SIMULATOR_PRESETS).join(", ")}`,
    );
  }
  checkFlags(SIMULATE_FLAGS, { ...values });
  const granularity = (values.granularity ?? "session") as SimulatorSpec["granularity"];
  const roles: ("user" | "assistant")[] = values.roles === "all" ? ["user", "assistant"] : ["user"];
  return names.map((n) => {
    const p = Object.hasOwn(SIMULATOR_PRESETS, n) ? SIMULATOR_PRESETS[n] : undefined;
    if (!p) {
      throw new UsageError(
        `unknown simulator '${n}'; expected one of ${Object.keys(SIMULATOR_PRESETS).join(", ")}`,
      );
    }
    return {
      ...p,
      granularity,
      roles,
      k: values.k === undefined ? p.k : parseIntFlag("--k", values.k),
      epsilonRead: ifGiven(values["epsilon-read"], (t) =>
        parseProbabilityFlag("--epsilon-read", t)) ??
        p.epsilonRead,
      gammaGuess: ifGiven(values["gamma-guess"], (t) => parseProbabilityFlag("--gamma-guess", t)) ??
        p.gammaGuess,
    };
  });
}
