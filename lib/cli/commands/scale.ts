/**
 * `memaudit scale`: scale-conditioned reliability (paper 002). Subcommands live in the
 * {@linkcode SUBCOMMANDS} table below.
 *
 * FOR SCALE-B (and anyone adding a subcommand): add ONE entry to `SUBCOMMANDS` —
 * `name: { summary, run(argv, io) }` returning an EXIT code, throwing UsageError for bad flags and
 * letting InputError propagate — and keep its implementation in its own function (or a lazily
 * imported module). `memaudit scale --help` lists the table; nothing else needs to change.
 *
 * @module
 */
import { basename } from "node:path";
import {
  type CliIo,
  type Command,
  csvTable,
  emit,
  EXIT,
  printWarnings,
  textTable,
  UsageError,
} from "../command.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import {
  ifGiven,
  parseCommand,
  parseIntFlag,
  parseProbabilityFlag,
  parseSeedFlag,
  runSubcommands,
  writeOutFiles,
} from "../shared.ts";
import { readTextInput, statOrNull } from "../../base/fs.ts";
import {
  joinJudgeLog,
  readJudgeLog,
  requireCorrectness,
  type ScoreRecord,
} from "../../scale/trajectory.ts";
import {
  detectFormat,
  readTrajectoryInput,
  TRAJECTORY_FORMATS,
  type TrajectoryFormat,
  type TrajectoryInput,
} from "../../scale/adapters/mod.ts";
import { streamTrajectoryFile } from "../../scale/trajectory_stream.ts";
import {
  type ScaleScore,
  ScaleScorer,
  scoreScale,
  type ScoreScaleOptions,
} from "../../scale/score.ts";
import { memoryCallWarning } from "../../scale/memory_call_warning.ts";
import { SUMMARIES } from "../summaries.ts";
import {
  SCALE_BOUNDARY_COLUMNS,
  SCALE_GROUP_COLUMNS,
  scaleScoreReport,
} from "../../scale/score_report.ts";

/** `--format` values of `scale score`: the trajectory formats and LongMemEval's graded outputs. */
const SCORE_FORMATS = [...TRAJECTORY_FORMATS, "longmemeval-qa"] as const;

const SCORE_EXTRA_HELP = [
  ["--json | --csv", "machine-readable output (stable keys)"],
  ["-h, --help", "this help"],
] as const;

/** The flags of `scale score`, in help order (the help's Options block is made from them). */
const SCORE_FLAGS = {
  budget: { value: "B", help: "interaction budget, memory calls (default 2)" },
  alpha: { value: "A", help: "reliability threshold of s* (default 0.7)" },
  "judge-log": {
    value: "LOG",
    help: "LongMemEval judge log (JSONL {question_id, hypothesis, autoeval_label: {model, " +
      "label}}) for lines without 'correct'",
  },
  "memory-tools": { value: "a,b", help: "memory tool names A_ext(M) for lines without their own" },
  format: {
    value: "F",
    help: "auto (default), memaudit, openai-chat, openai-responses, anthropic, letta (REST " +
      "histories or .af agent files), langsmith, tau-bench (its result files: correct = reward " +
      "1), longmemeval-qa (evaluate_qa outputs: LABEL=FILE ...)",
    choices: SCORE_FORMATS,
  },
  ladder: {
    value: "s0,s1,...",
    help: "ladder order for scales given by label only (default: by n_irr when every scale " +
      "has one, else natural label order)",
  },
  sustained: { type: "boolean", help: "report the sustained boundary as s_star" },
  resamples: {
    value: "N",
    help: "bootstrap resamples over query ids, at most 1000000 (default 2000; 0: none)",
  },
  seed: { value: "S", help: "bootstrap seed (default 0)" },
  out: {
    value: "DIR",
    help: "also write DIR/groups.csv, boundaries.csv, curves.csv, trajectories.csv, " +
      "skipped.csv and score.json (and, for a log of another format, trajectories.jsonl: the " +
      "log as memaudit.trajectory/1 lines)",
  },
} as const satisfies FlagTable;

const SCORE_HELP = `Usage: memaudit scale score FILE.jsonl [options]
       memaudit scale score LABEL=FILE LABEL=FILE ... [options]

Scores agent trajectories by scale (paper 002): per (agent, system, scale)
n, Pass@B, p_exh, p_wrong (fractions of all trajectories), P90R and mean R;
per (agent, system) the usable-scale boundary s*_alpha (the first scale in
ladder order with Pass@B < alpha; ">MAX" when none; 'recovers' when a later
scale is back at alpha or above). Budgets are applied post hoc.

FILE holds one trajectory per line: memaudit.trajectory/1 lines, short-form
lines {query_id, scale, agent, system, R, correct}, or a log of another
format (--format). See data/schema/trajectory.schema.json and docs/formats.md.
One trajectory per (agent, system, scale, query): a repeat is refused, unless
distinct trajectory_id values tell repeated trials apart. Warnings (stderr, and
"warnings" in --json): no call matched the memory tools (R = 0 everywhere); a
pair has no trajectories at some scale of the ladder (its s* is flagged,
"missing_scales"); two scales print alike (a label "0" beside an N_irr 0).

LABEL=FILE ...: LongMemEval evaluate_qa.py outputs (JSONL {question_id,
hypothesis, autoeval_label: {model, label}}), one per scale, in ladder order.
Per scale n and accuracy with a bootstrap interval paired over question ids;
per consecutive pair the transitions kept / lost / gained / never (paired by
question_id; ids graded at one scale only are reported); s*_alpha on
accuracy. One such file alone is one scale, labelled by its name.

Options:
${optionsHelp(SCORE_FLAGS, SCORE_EXTRA_HELP, 23, 80)}
Example:
  memaudit scale score runs.jsonl --budget 2 --alpha 0.7 --json
  memaudit scale score letta_runs.jsonl --format letta --judge-log judged.jsonl
  memaudit scale score results/tool-calling-gpt-4o.json --memory-tools search_memory --budget 2
  memaudit scale score oracle=oracle_eval.jsonl s=s_eval.jsonl --json

Exit codes: 0 done, 2 bad usage or bad input (one line on stderr).
`;

/** Most bootstrap resamples `memaudit scale score` accepts (1e6 take seconds). */
const MAX_RESAMPLES = 1_000_000;

function list(flag: string, v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const xs = v.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (xs.length === 0) throw new UsageError(`--${flag} expects a comma-separated list, got "${v}"`);
  const twice = xs.find((x, i) => xs.indexOf(x) !== i);
  if (twice !== undefined) throw new UsageError(`--${flag} lists "${twice}" twice, got "${v}"`);
  return xs;
}

/** `scale score`'s numeric and format flags, checked. */
function scoreFlags(values: Record<string, string | boolean | undefined>) {
  const str = (k: string) => values[k] as string | undefined;
  const budget =
    ifGiven(str("budget"), (t) => parseIntFlag("--budget", t, 0, Number.MAX_SAFE_INTEGER)) ?? 2;
  const alpha = ifGiven(str("alpha"), (t) => parseProbabilityFlag("--alpha", t)) ?? 0.7;
  // Each resample's statistics are kept for the percentiles: 1e9 would exhaust the heap.
  const resamples =
    ifGiven(str("resamples"), (t) => parseIntFlag("--resamples", t, 0, MAX_RESAMPLES)) ??
      2000;
  checkFlags(SCORE_FLAGS, values);
  const format = (str("format") ?? "auto") as TrajectoryFormat | "longmemeval-qa";
  return { budget, alpha, resamples, format, seed: parseSeedFlag(str("seed"), 0) };
}

/** The groups' and boundaries' table rows of a score (tables read only their columns). */
function scoreRows(res: ScaleScore) {
  const groupRows = res.groups.map((g) => ({
    ...g,
    pass_ci_half_width: g.ci?.pass_at_b.half_width ?? null,
  }));
  const boundaryRows = res.boundaries.map((b) => ({
    ...b,
    missing_scales: b.missing_scales.length > 0 ? b.missing_scales.join(" ") : null,
  }));
  return { groupRows, boundaryRows };
}

/** The `--out DIR` files of a score: tables, every trajectory, the JSON with its detail. */
function scoreOutFiles(
  read: ReadScore,
  json: unknown,
  budget: number,
  rows: ReturnType<typeof scoreRows>,
): Record<string, string> {
  const { input, res, scored } = read;
  const curveRows = res.groups.flatMap((g) =>
    g.curve.map((c) => ({ agent: g.agent, system: g.system, scale: g.scale, ...c }))
  );
  const trajRows = scored.map((r) => ({
    line: r.line ?? null,
    query_id: r.query_id,
    trajectory_id: r.trajectory_id ?? null,
    agent: r.agent,
    system: r.system,
    scale_label: r.scale?.label ?? null,
    n_irr: r.scale?.n_irr ?? null,
    R: r.R,
    correct: r.correct,
    pass: r.correct && r.R <= budget,
    exhausted: r.R > budget,
  }));
  const files: [string, string][] = [
    ["groups.csv", csvTable(SCALE_GROUP_COLUMNS, rows.groupRows)],
    ["boundaries.csv", csvTable(SCALE_BOUNDARY_COLUMNS, rows.boundaryRows)],
    [
      "curves.csv",
      csvTable(["agent", "system", "scale", "B", "pass_at_b", "p_exh", "p_wrong"], curveRows),
    ],
    ["trajectories.csv", csvTable(Object.keys(trajRows[0]), trajRows)],
    ["skipped.csv", csvTable(["line", "reason"], input.skipped)],
    ["score.json", JSON.stringify({ ...(json as object), detail: res }, null, 2) + "\n"],
  ];
  // A log read by an adapter is also written in the memaudit.trajectory/1 format.
  if (input.trajectories !== null) {
    files.push([
      "trajectories.jsonl",
      input.trajectories.map((t) => JSON.stringify(t)).join("\n") + "\n",
    ]);
  }
  return Object.fromEntries(files);
}

/** The text form of a score: the header line, the groups, the boundaries, the tools seen. */
function scoreText(
  file: string,
  read: ReadScore,
  f: { budget: number; alpha: number; resamples: number },
  rows: ReturnType<typeof scoreRows>,
): string {
  const { input, res } = read;
  const boot = f.resamples > 0
    ? `95 % bootstrap over query ids (${f.resamples} resamples)`
    : "no intervals";
  const tools = Object.entries(input.tools)
    .map(([n, t]) => `${n} ×${t.calls}${t.memory ? " (memory)" : ""}`).join(", ");
  return `${file}: ${res.n} trajectories (${input.format}), budget B = ${f.budget}, ` +
    `alpha = ${f.alpha}, ${boot}\n\n${textTable(SCALE_GROUP_COLUMNS, rows.groupRows)}` +
    (rows.boundaryRows.length > 0
      ? `\nUsable-scale boundary s*_${f.alpha} (${res.boundary_rule} crossing):\n` +
        textTable(SCALE_BOUNDARY_COLUMNS, rows.boundaryRows)
      : "") +
    (tools !== "" ? `\nTools seen: ${tools}\n` : "");
}

/** `scale score`: parse -> read and score (or the LongMemEval QA path) -> emit. */
async function runScore(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, SCORE_HELP, flagOptions(SCORE_FLAGS));
  if (cmd === null) return EXIT.ok;
  const { values, positionals, form } = cmd;
  const f = scoreFlags(values);
  const { budget, alpha, resamples, seed, format } = f;
  const sustained = values.sustained === true;
  // LongMemEval evaluate_qa outputs, one per scale (LABEL=FILE ...): lib/scale/qa_scales.ts.
  const qa = await import("./_scale_score_qa.ts");
  const given = ["budget", "judge-log", "memory-tools", "ladder"].filter((k) =>
    values[k as keyof typeof values] !== undefined
  );
  const qaFlags = { alpha, resamples, seed, sustained, out: values.out, form, given };
  const scales = qa.qaScaleArgs(positionals);
  if (scales !== null) return qa.runQaScales(scales, qaFlags, io);
  if (positionals.length !== 1) {
    throw new UsageError(`expected one trajectory file, got ${positionals.length}`);
  }
  const file = positionals[0];
  const memoryTools = list("memory-tools", values["memory-tools"]);
  const ladder = list("ladder", values.ladder);
  const scoreOpts = { budget, alpha, resamples, seed, ladder, sustained, file };
  const log = values["judge-log"];
  const read = await readAndScore(file, { format, memoryTools, log, out: values.out }, scoreOpts);
  if ("qaText" in read) {
    return qa.runQaScales([{ label: basename(file), path: file, text: read.qaText }], qaFlags, io);
  }
  const { input, res, calls } = read;
  const rows = scoreRows(res);
  const noCalls = memoryCallWarning({ ...input, records: calls, memoryTools });
  const warnings = [...input.warnings, ...(noCalls !== null ? [noCalls] : []), ...res.warnings];
  const json = scaleScoreReport(res, { format: input.format, skipped: input.skipped, warnings });
  if (values.out !== undefined) {
    await writeOutFiles(values.out, scoreOutFiles(read, json, budget, rows));
  }
  const text = scoreText(file, read, f, rows);
  emit(io, form, { json, columns: SCALE_GROUP_COLUMNS, rows: rows.groupRows, text });
  printWarnings(io, warnings, `warning: ${file}: `);
  if (input.skipped.length > 0 && form !== "json") {
    io.stderr(`${input.skipped.length} source record(s) not mapped:\n`);
    for (const s of input.skipped) io.stderr(`  ${file}: line ${s.line}: ${s.reason}\n`);
  }
  return EXIT.ok;
}

/**
 * What `scale score` read and scored: the input's description, the score, the scored records
 * (only when the whole file was read: for --out) and records that tell memoryCallWarning
 * whether any R > 0.
 */
interface ReadScore {
  input: Omit<TrajectoryInput, "records">;
  res: ScaleScore;
  scored: ScoreRecord[];
  calls: Pick<ScoreRecord, "R">[];
}

/**
 * Reads and scores a trajectory file: memaudit's own lines, printed only, line by line and
 * aggregated as read (issue 29 item 7); a log to adapt or join, or --out's per-trajectory rows,
 * from the whole text. A LongMemEval evaluate_qa output gives its text back (scored per scale
 * instead; a pipe cannot be read twice).
 */
async function readAndScore(
  file: string,
  how: {
    format: TrajectoryFormat | "longmemeval-qa";
    memoryTools: string[] | undefined;
    log: string | undefined;
    out: string | undefined;
  },
  scoreOpts: ScoreScaleOptions,
): Promise<ReadScore | { qaText: string }> {
  const { format, memoryTools, log } = how;
  // Streamed only from a regular file: a pipe (/dev/stdin) can be read once, and detecting its
  // format would use it up; a missing path or a folder is named by readTextInput as ever.
  const streamable = how.out === undefined && log === undefined &&
    (format === "auto" || format === "memaudit") && (await statOrNull(file))?.isFile === true;
  if (streamable) {
    const streamed = await scoreStreamed(file, format === "auto", memoryTools, scoreOpts);
    if (streamed !== null) return { ...streamed, scored: [] };
  }
  const text = await readTextInput(file);
  if (
    format === "longmemeval-qa" ||
    (format === "auto" && detectFormat(text, file) === "longmemeval-qa")
  ) return { qaText: text };
  const read = readTrajectoryInput(text, { file, format, memoryTools });
  let records = read.records;
  if (log !== undefined) {
    records = joinJudgeLog(records, readJudgeLog(await readTextInput(log), log), log);
  }
  const scored = requireCorrectness(records, file, log !== undefined);
  return { input: read, res: scoreScale(scored, scoreOpts), scored, calls: read.records };
}

/**
 * `scale score` of a file of memaudit lines, each line read once and added to the scorer as read
 * (the file's text and its records are never held): the same result as reading the whole file,
 * or null when `detect` finds another format on its first line (nothing read then).
 */
async function scoreStreamed(
  file: string,
  detect: boolean,
  memoryTools: string[] | undefined,
  opts: ScoreScaleOptions,
): Promise<Omit<ReadScore, "scored"> | null> {
  const scorer = new ScaleScorer(opts);
  // As requireCorrectness after reading: a bad line anywhere is named before a missing verdict.
  let unjudged: ScoreRecord | undefined, maxR = 0;
  const streamed = await streamTrajectoryFile(file, (r) => {
    if (r.R > maxR) maxR = r.R;
    if (unjudged !== undefined) return;
    if (r.correct === null) unjudged = r;
    else scorer.add(r);
  }, { detect, file, memoryTools });
  if (!streamed) return null;
  if (unjudged !== undefined) requireCorrectness([unjudged], file, false);
  const input = {
    format: "memaudit" as const,
    trajectories: null,
    skipped: [],
    tools: {},
    warnings: [],
  };
  // memoryCallWarning asks only whether some R > 0: the largest R tells it.
  return { input, res: scorer.score(), calls: [{ R: maxR }] };
}

/**
 * `memaudit scale` subcommands, in the order `--help` lists them: a line for the overview, and
 * the runner of the words after the subcommand's name (resolves to an EXIT code).
 */
const SUBCOMMANDS: Record<
  string,
  { summary: string; run(argv: string[], io: CliIo): Promise<number> }
> = {
  score: { summary: "score trajectories: Pass@B, p_exh/p_wrong, P90R, s*_alpha", run: runScore },
  ladder: {
    summary: "build an evidence-preserving scale ladder (LoCoMo or LongMemEval format)",
    run: async (argv, io) => (await import("./_scale_ladder.ts")).runScaleLadder(argv, io),
  },
  recall: {
    summary: "evidence recall@k of BM25 (or your retriever's log) along a LongMemEval ladder",
    run: async (argv, io) => (await import("./_scale_recall.ts")).runScaleRecall(argv, io),
  },
  simulate: {
    summary: "run offline trajectory simulators (labelled sim-*) over a ladder",
    run: async (argv, io) => (await import("./_scale_simulate.ts")).runScaleSimulate(argv, io),
  },
};

function help(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map((n) => n.length));
  return `Usage: memaudit scale SUBCOMMAND [options]   (memaudit scale SUBCOMMAND --help)

Scale-conditioned reliability of agent memory (paper 002).

Subcommands:
${Object.entries(SUBCOMMANDS).map(([n, s]) => `  ${n.padEnd(width)}  ${s.summary}`).join("\n")}

Example:
  memaudit scale score runs.jsonl --budget 2 --alpha 0.7 --json
`;
}

/** `memaudit scale SUBCOMMAND ...`. */
export const command: Command = {
  name: "scale",
  summary: SUMMARIES.scale,
  run(argv, io) {
    const runners = Object.fromEntries(Object.entries(SUBCOMMANDS).map(([n, s]) => [n, s.run]));
    return runSubcommands("scale", argv, io, help(), runners);
  },
};
