/**
 * `memaudit retention`: Memory Retention Rate and storage-gating metrics of paper 003
 * (PerMem-Bench; COMPANIONS §2(a), decision §6.1) from plain CSV files.
 *
 * - `retention rr --facts FACTS.csv --presence PRESENCE.csv [--k 20] [--reweight artifact|exact]`:
 *   per user and benchmark (mean over users) the pooled RR over all sessions, its K-checkpoint
 *   estimate and the per-fact macro average;
 * - `retention gating PREDICTIONS.csv | GATING_DIR`: pooled confusion counts, precision, recall, F1
 *   and accuracy (null where undefined; exact values).
 *
 * @module
 */
import {
  type CliIo,
  type Command,
  csvTable,
  emit,
  EXIT,
  printWarnings,
  UsageError,
} from "../command.ts";
import {
  ifGiven,
  parseCommand,
  parseIntFlag,
  parseSeedFlag,
  parseShardFlag,
  rangeAsUsage,
  requireOutDir,
  runSubcommands,
  stringFlags,
  writeOutFiles,
} from "../shared.ts";
import { statOrNull } from "../../base/fs.ts";
import { flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import * as read from "../../retention/read.ts";
import {
  retentionReport,
  RR_FACT_COLUMNS,
  type RrInput,
  RrInputSchema,
} from "../../retention/rr_report.ts";
import { SIMULATED_RUN_REPORT, writeSimulatedRun } from "../../retention/simulate.ts";
import {
  decisionsFromGatingOutputs,
  GATING_REPORT,
  type GatingDecision,
  gatingMetrics,
  readPredictionsCsv,
} from "../../retention/gating.ts";
import { SUMMARIES } from "../summaries.ts";

const HELP = `Usage: memaudit retention SUBCOMMAND [options]

Memory Retention Rate and storage gating (paper 003, PerMem-Bench).

Subcommands:
  rr         retention rate from a facts table and a presence table (or PerMem-Bench folders)
  gating     gating precision / recall / F1 / accuracy from predictions
  simulate   write a SIMULATED PerMem-Bench-shaped run (sessions, snapshots, CSVs) to try them

memaudit retention SUBCOMMAND --help for each.
`;

/** The flags of `retention rr`, in help order (the help's two flag blocks are made from them). */
const RR_FLAGS = {
  sessions: {
    value: "DIR",
    help: "an unzipped PerMem-Bench data folder (<uuid>/session_NNNN.json): the facts",
  },
  snapshots: {
    value: "DIR",
    help: "one system's snapshots (<uuid>/session_NNNN.json): the banks M_t; a user without a " +
      "snapshot folder is left out with a warning (not scored as 0)",
  },
  judge: {
    value: "J",
    help: "lexical (default; BM25 top-10 + stem overlap, an APPROXIMATION of the benchmark's " +
      "embedding + LLM judge) | provenance (entries' fact_ids)",
  },
  "per-fact": {
    value: "DIR",
    help: "the benchmark evaluator's per_fact/<uuid>.json lists: per fact its scored " +
      "checkpoints {session_id, write (0/1: the judge's presence), retrieved (the texts it " +
      "judged)}; scored as the benchmark does (replicas round(L / count), mean per user, mean " +
      "over users), beside exact weights and the per-fact mean",
  },
  static: {
    value: "FILE",
    help: "with --per-fact: PerMem-Bench_s, per user the last session before the profile shift " +
      '(JSON {uuid: N | "session_NNNN.json"} or CSV user,cutoff); facts after it are left out, ' +
      "lifespans end at it, and the checkpoints at or before it are reweighted by population / " +
      "count",
  },
  facts: { value: "FILE", help: "the facts table" },
  presence: { value: "FILE", help: "the presence table" },
  k: { value: "N", help: "checkpoints per fact (default 20)" },
  "end-on-update": {
    type: "boolean",
    help: "end a fact's lifespan before the session in its optional superseded_at column (off " +
      "by default, like the benchmark)",
  },
  reweight: { value: "W", help: "artifact (integer replicas, default) | exact (L/n per sample)" },
  out: { value: "DIR", help: "also write rr.json, rr_users.csv and rr_facts.csv there" },
} as const satisfies FlagTable;

/** The flags of one help block. */
const rrBlock = (names: readonly (keyof typeof RR_FLAGS)[]): FlagTable =>
  Object.fromEntries(names.map((n) => [n, RR_FLAGS[n]]));

const RR_HELP = `Usage: memaudit retention rr --facts FACTS.csv --presence PRESENCE.csv [options]
       memaudit retention rr --sessions DATA_DIR --snapshots SNAPSHOT_DIR [--judge J] [options]
       memaudit retention rr --per-fact PER_FACT_DIR [options]

Memory Retention Rate (paper 003): a fact's lifespan is every session from
t_start to t_target inclusive; a session of a lifespan without a presence row
counts as absent. Per user: the pooled RR (lifespan-weighted, the benchmark
code's default) over all sessions, its K-checkpoint estimate (the
benchmark's checkpoints and reweighting), and the per-fact macro average.
The benchmark value is the unweighted mean over users.

Files:
  FACTS.csv     user,fact,type,t_start,t_target   (type user_profile | ongoing_state)
  PRESENCE.csv  user,fact,session,present         (present 0 | 1; one row per checked session)

Or PerMem-Bench folders:
${optionsHelp(rrBlock(["sessions", "snapshots", "judge", "per-fact", "static"]), [], 20, 100)}
Options:
${
  optionsHelp(
    rrBlock(["facts", "presence", "k", "end-on-update", "reweight"]),
    [[
      "--json | --csv",
      "machine output (default: a text table; --per-fact --json: " +
      "data/schema/retention_per_fact_report.schema.json)",
    ]],
    20,
    100,
  )
}${optionsHelp(rrBlock(["out"]), [], 20, 100)}
Example:
  deno task memaudit retention rr --facts facts.csv --presence presence.csv --json
  -> {"users": [{"user": "u1", "pooled_exact": 0.7778, "pooled_k20": ..., "per_fact_exact": ...}],
      "benchmark": {"pooled_exact": ..., "pooled_k20": ..., "per_fact_exact": ...}}
`;

const GATING_HELP = `Usage: memaudit retention gating PREDICTIONS.csv | GATING_DIR [--json | --csv]

Storage-gating metrics (paper 003): positive class = memory-required;
confusion counts pooled over all sessions of all users; precision, recall,
F1 and accuracy, null when undefined and F1 null when precision or recall is
0 (the benchmark's conventions). Values are exact (the table rounds to 4
decimals for display only).

Input: a CSV user,session,required,predicted (0 | 1), or a gating method's
folder of per_uuid/<uuid>.json outputs. The --json object's JSON Schema is
data/schema/retention_gating_report.schema.json.

Example:
  deno task memaudit retention gating predictions.csv --json
  -> {"tp": 3, "fp": 1, "fn": 1, "tn": 1, "precision": 0.75, "recall": 0.75, "f1": 0.75, "accuracy": 0.6667}
`;

const SIMULATE_HELP = `Usage: memaudit retention simulate --out DIR [options]

Writes a SIMULATED run in PerMem-Bench's shapes (COMPANIONS §2(b)): DIR/permem/<uuid>/session_NNNN.json
from the seeded cohort simulator, DIR/snapshots/<policy>-B<budget>/<uuid>/session_NNNN.json from the
simulated memory system replayed FIFO under the budget and the gate, DIR/facts.csv,
DIR/presence.csv (provenance judge) and DIR/predictions.csv, and DIR/memaudit-run.json listing
every file with its SHA-256. Nothing in it is benchmark data.

Options:
  --out DIR        the folder to write (required): new, empty, or an earlier simulated run's,
                   whose files as its memaudit-run.json (or shard.json) lists them are removed
                   first; anything else there (a file not listed or changed, a folder, a link)
                   is refused (exit 2) and nothing is removed
  --users N        users, 1 to 1000 (default 5)
  --seed S         seed (default 0)
  --budget B       entries held after each session (default: no budget)
  --policy P       universal (default) | oracle | session-local (analogue) |
                   recent-context (analogue) | structure-cluster (analogue)
  --shift          add the dynamic variant's profile shift
  --shard I/N      write only shard I of N of the users (round robin in cohort order) and
                   DIR/shard.json; join the folders with 'memaudit merge'
  --json           print the written paths as JSON
                   (data/schema/retention_simulate_report.schema.json)

Example:
  deno task memaudit retention simulate --out out/sim --users 3 --budget 20 --policy oracle
  deno task memaudit retention rr --facts out/sim/facts.csv --presence out/sim/presence.csv

Example, on four machines (out/sim_all then holds exactly the files of one run):
  for i in 0 1 2 3; do deno task memaudit retention simulate --users 40 --shard $i/4 --out out/sim/$i; done
  deno task memaudit merge out/sim/0 out/sim/1 out/sim/2 out/sim/3 --out out/sim_all
`;

async function simulate(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, SIMULATE_HELP, {
    ...stringFlags("out", "users", "seed", "budget", "policy"),
    shift: { type: "boolean" },
    shard: { type: "string" },
  }, { positionals: false });
  if (cmd === null) return EXIT.ok;
  const { values, form } = cmd;
  const out = requireOutDir(values.out);
  const users = ifGiven(values.users, (t) => parseIntFlag("--users", t, 1));
  const budget = ifGiven(
    values.budget,
    (t) => parseIntFlag("--budget", t, 0, Number.MAX_SAFE_INTEGER),
  );
  const shard = parseShardFlag(values.shard);
  parseSeedFlag(values.seed, 0); // refuses an empty seed; the seed is kept as text
  const files = await rangeAsUsage(() =>
    writeSimulatedRun(out, {
      users,
      seed: values.seed ?? 0,
      budget,
      policy: values.policy,
      profileShift: values.shift ?? false,
      shard,
    }), /^Cannot simulate: /);
  const rows = Object.entries(files).map(([what, path]) => ({ what, path }));
  emit(io, form, { json: SIMULATED_RUN_REPORT.json(files), columns: ["what", "path"], rows });
  if (form === "table") io.stdout("everything written is SIMULATED (see SIMULATED.txt)\n");
  return EXIT.ok;
}

async function rr(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, RR_HELP, flagOptions(RR_FLAGS), { positionals: false });
  if (cmd === null) return EXIT.ok;
  const { values, form } = cmd;
  const csvMode = values.facts !== undefined || values.presence !== undefined;
  const dirMode = values.sessions !== undefined || values.snapshots !== undefined;
  const perFactMode = values["per-fact"] !== undefined;
  if (Number(csvMode) + Number(dirMode) + Number(perFactMode) !== 1) {
    throw new UsageError(
      "give one input: --facts and --presence, or --sessions and --snapshots, or --per-fact",
    );
  }
  if (values.static !== undefined && !perFactMode) {
    throw new UsageError("--static applies to --per-fact input only");
  }
  if (perFactMode) {
    // The evaluator's own checkpoints and reweighting: lib/retention/per_fact.ts.
    const given = ["k", "reweight", "end-on-update", "judge"].find((f) =>
      values[f as keyof typeof values] !== undefined
    );
    if (given !== undefined) {
      throw new UsageError(
        `--${given} does not apply to --per-fact (the files hold the evaluator's checkpoints)`,
      );
    }
    const { perFactRr } = await import("./_retention_per_fact.ts");
    return perFactRr(values["per-fact"]!, values.static, { form, out: values.out }, io);
  }
  const r = await retentionReport(rrInput(values, csvMode));
  const kKey = r.columns[3];
  await writeOutFiles(values.out, {
    "rr.json": JSON.stringify(r.report, null, 2) + "\n",
    "rr_users.csv": csvTable(r.columns, r.rows),
    "rr_facts.csv": csvTable(RR_FACT_COLUMNS, r.facts),
  });
  emit(io, form, { json: r.report, columns: r.columns, rows: r.rows });
  printWarnings(io, r.report.warnings);
  if (form === "table") {
    io.stdout(
      `pooled = lifespan-weighted per user (benchmark default); ${kKey} = ${r.input.k} checkpoints, ${r.input.reweight} reweighting${
        r.judge !== null ? `; presence judge: ${r.judge}` : ""
      }\n`,
    );
  }
  return EXIT.ok;
}

/** Each input field's flag (and value name), for the messages of {@linkcode rrInput}. */
const RR_FLAG: Record<string, string> = {
  facts: "--facts FILE",
  presence: "--presence FILE",
  sessions: "--sessions DIR",
  snapshots: "--snapshots DIR",
  judge: "--judge",
  reweight: "--reweight",
  end_on_update: "--end-on-update",
};

/** Why a flag does not go with the other input (a key the mode's schema refuses). */
const RR_NOT_HERE: Record<string, string> = {
  judge: "--judge applies to --sessions / --snapshots input only",
  end_on_update: "--end-on-update needs --facts with a superseded_at column",
};

/**
 * The input of `retentionReport` from the flags, validated by its schema: a missing file or
 * folder, a flag of the other input or a value off its choices is one usage line.
 */
function rrInput(values: Record<string, string | boolean | undefined>, tables: boolean): RrInput {
  const given = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const raw = given({
    mode: tables ? "tables" : "folders",
    ...(tables
      ? { facts: values.facts, presence: values.presence }
      : { sessions: values.sessions, snapshots: values.snapshots }),
    judge: values.judge,
    k: values.k === undefined ? undefined : parseIntFlag("--k", values.k as string, 2),
    reweight: values.reweight,
    end_on_update: values["end-on-update"] === true ? true : undefined,
  });
  const parsed = RrInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path[0]);
  if (issue.code === "unrecognized_keys") throw new UsageError(RR_NOT_HERE[key] ?? issue.message);
  if (issue.code === "invalid_value") {
    throw new UsageError(`${RR_FLAG[key]} expects ${issue.values.join(" or ")}, got '${raw[key]}'`);
  }
  throw new UsageError(`${RR_FLAG[key] ?? key} is required`);
}

async function gating(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, GATING_HELP, stringFlags("out"));
  if (cmd === null) return EXIT.ok;
  const { values, positionals, form } = cmd;
  if (positionals.length !== 1) {
    throw new UsageError(
      `expected one PREDICTIONS.csv or gating folder, got ${positionals.length}`,
    );
  }
  const input = positionals[0];
  const decisions: GatingDecision[] = (await statOrNull(input))?.isDirectory
    ? decisionsFromGatingOutputs(await read.readGatingFolder(input))
    : await readPredictionsCsv(input);
  const { n, ...m } = gatingMetrics(decisions);
  const json = GATING_REPORT.json(m);
  const columns = ["n", ...Object.keys(json)];
  const rows = [{ n, ...json }];
  await writeOutFiles(values.out, { "gating.json": JSON.stringify(json, null, 2) + "\n" });
  emit(io, form, { json, columns, rows });
  return EXIT.ok;
}

/** `memaudit retention rr ...` and `memaudit retention gating ...`. */
export const command: Command = {
  name: "retention",
  summary: SUMMARIES.retention,
  run(argv, io) {
    return runSubcommands("retention", argv, io, HELP, { rr, gating, simulate });
  },
};
