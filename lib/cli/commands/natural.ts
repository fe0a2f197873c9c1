/**
 * `memaudit natural`: scores LoCoMo support-slice packages (paper 000 §5): certified OPT and the
 * writers at each budget, per-package rows and the conversation-clustered summary; shardable with
 * `--shard I/N` and joined with `memaudit merge` (lib/natural/run.ts).
 *
 * @module
 */
import { type Command, emit, EXIT, printWarnings, UsageError } from "../command.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { startProgress } from "../progress.ts";
import {
  ifGiven,
  llmSettings,
  parseIntFlag,
  parseList,
  parseMethodList,
  parseNumberList,
  parseShardFlag,
  requireOutDir,
  runWithFlags,
} from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of `memaudit natural`, in help order (the help's Options block is made from them). */
const FLAGS = {
  locomo: {
    value: "FILE",
    help: "LoCoMo JSON file (default: the cached locomo10.json, else the shared locomo8.json; " +
      "the summary records which)",
  },
  longmemeval: {
    value: "FILE",
    help: "a LongMemEval file instead of LoCoMo (plain JSON list or gzip)",
  },
  adjudicator: {
    value: "SPEC",
    help: "LongMemEval coverage: lexical (default) | imported:FILE | llm:URL",
    choices: ["lexical", "imported:FILE", "llm:URL"],
  },
  "llm-model": { value: "NAME", help: "model for llm:URL (default $MEMAUDIT_LLM_MODEL)" },
  "llm-max-requests": {
    value: "N",
    help: "most requests llm:URL may send, retries included (default 2000); answers are cached",
  },
  conversations: {
    value: "LIST",
    help: "keep only these conversations, e.g. conv-26,conv-30 (default all)",
  },
  budgets: { value: "LIST", help: "budgets B in cost units (default 30,60,100)" },
  methods: {
    value: "LIST",
    help: "writer ids (default the natural set: oracle_gvt, estimated_gvt, ...)",
  },
  k: { value: "K", help: "group cap k of OPT (default each package's)" },
  shard: {
    value: "I/N",
    help: "score only shard I of N (packages at positions p with p mod N = I); join the N " +
      "folders with memaudit merge",
  },
  out: { value: "DIR", help: "output folder (required)" },
  quiet: { type: "boolean", help: "no progress bar and no table", default: false },
} as const satisfies FlagTable;

const EXTRA_HELP = [
  ["--json / --csv", "print the summary as JSON or CSV instead of a table"],
  ["-h, --help", "this help"],
] as const;

const HELP = `Usage: memaudit natural --out DIR [--locomo FILE | --longmemeval FILE] [options]

Converts a LoCoMo file into support-slice packages (one per accepted QA item; the scoring set of
notebook 05), certifies OPT at each budget and runs each writer, and writes DIR/natural_rows.jsonl
(one row per package, budget and method: value, OPT, ratio, flag) and DIR/natural_summary.json
(per method and budget: mean ratio over the packages with a certified, non-degenerate OPT, its
conversation-clustered bootstrap interval, and the counts of each denominator). The summary names
the LoCoMo file and its SHA-256. Each scored package is also DIR/packages/<id>.json (open, edit,
re-solve it with memaudit validate / solve).

With --longmemeval FILE (longmemeval_oracle.json, longmemeval_s_cleaned.json, ..._m_cleaned.json
or a gzip copy; streamed): one support-slice package per question (experiences: the turns of its
evidence sessions; candidates per turn: the raw turn, its sentences, a window of neighbouring turns,
costed in words as for LoCoMo; units: the sentences of each has_answer turn carrying the gold
answer, found lexically, else the whole turn). A question with no evidence turn, or whose answer
no evidence turn carries, is flagged (kept in DIR/packages when it has a package, not scored). The
summary adds source, attempted, accepted, flagged [{question_id, reason}] and the reliability
counts per question type (paper 000 §5).

Options:
${optionsHelp(FLAGS, EXTRA_HELP, 25, 100)}
Example:
  memaudit natural --locomo ../shared/data/locomo/locomo8.json --conversations conv-26 \\
    --budgets 30,60 --out out/natural/conv-26
  memaudit natural --longmemeval ../shared/data/longmemeval/longmemeval_oracle_301.json.gz \\
    --budgets 30,60 --out out/natural/lme-oracle --json
`;

export const command: Command = {
  name: "natural",
  summary: SUMMARIES.natural,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, form }, io) => {
    const { outDir, budgets, k, shard, conversations } = naturalFlags(values);
    if (values.longmemeval !== undefined) {
      for (const f of ["locomo", "conversations", "shard"] as const) {
        if (values[f] !== undefined) throw new UsageError(`--${f} does not go with --longmemeval`);
      }
    }
    const methods = values.methods === undefined
      ? undefined
      : parseMethodList(values.methods, (await import("../../writers/registry.ts")).WRITERS, false);
    if (values.longmemeval !== undefined) {
      return await runLongMemEval(values, { outDir, budgets, k, methods }, io, form);
    }
    if (values.adjudicator !== undefined) {
      throw new UsageError(
        "--adjudicator applies to --longmemeval (LoCoMo packages are source-backed)",
      );
    }
    let locomo = values.locomo;
    if (locomo === undefined) {
      const { locateLocomo, locomoHowTo } = await import("../../natural/data_source.ts");
      const found = await locateLocomo();
      if (found === null) throw new UsageError(`--locomo FILE is required: ${locomoHowTo()}`);
      locomo = found.path;
    }
    const { runNatural } = await import("../../natural/run.ts");
    const bar = await startProgress(io, "natural", { quiet: values.quiet });
    const res = await runNatural({
      locomo,
      conversations,
      budgets,
      methods,
      k,
      shard,
      outDir,
      onProgress: (done, total) => bar.update(done, total, null),
    }).finally(() => bar.stop());
    if (values.quiet) return EXIT.ok;
    io.stderr(
      `natural: ${res.grid.data.file} (sha256 ${res.grid.data.sha256.slice(0, 12)}…), ` +
        `${res.grid.packages} packages${
          shard === undefined ? "" : `, shard ${shard.index}/${shard.count}`
        }, ${res.rows} rows, wrote ${outDir}\n`,
    );
    const { NATURAL_REPORT, NATURAL_SUMMARY_COLUMNS } = await import("../../natural/report.ts");
    const json = NATURAL_REPORT.json(res);
    emit(io, form, { json, columns: NATURAL_SUMMARY_COLUMNS, rows: res.summary });
    return EXIT.ok;
  }, { positionals: false }),
};

/** The flags checked against the table, and the numbers, lists and shard they give. */
function naturalFlags(values: Record<string, string | boolean | undefined>) {
  checkFlags(FLAGS, values);
  const v = (name: keyof typeof FLAGS) => values[name] as string | undefined;
  const outDir = requireOutDir(v("out"));
  const budgets = ifGiven(v("budgets"), (t) => parseNumberList("--budgets", t));
  const k = ifGiven(v("k"), (t) => parseIntFlag("--k", t));
  const shard = parseShardFlag(v("shard"));
  // Checked here, used by llm:URL only (runLongMemEval): a bad value fails with any adjudicator.
  ifGiven(v("llm-max-requests"), (t) => parseIntFlag("--llm-max-requests", t));
  const conversations = ifGiven(v("conversations"), (t) => parseList(t, "--conversations"));
  // An empty list kept no conversation: a run of 0 packages, exit 0.
  if (conversations?.length === 0) {
    throw new UsageError("--conversations expects conversation ids, e.g. conv-26,conv-30");
  }
  return { outDir, budgets, k, shard, conversations };
}

/** `natural --longmemeval FILE`: the run, stderr lines for the warnings, the summary. */
async function runLongMemEval(
  values: Record<string, string | boolean | undefined>,
  base: { outDir: string; budgets?: number[]; k?: number; methods?: string[] },
  io: Parameters<Command["run"]>[1],
  form: Parameters<typeof emit>[1],
): Promise<number> {
  const spec = (values.adjudicator as string | undefined) ?? "lexical";
  const [{ runNaturalLongMemEval }, { adjudicatorFromSpec }] = await Promise.all([
    import("../../longmemeval/run.ts"),
    import("../../systems/locomo_store.ts"),
  ]);
  const adjudicator = spec === "lexical" ? undefined : await adjudicatorFromSpec(
    spec,
    undefined,
    llmSettings(
      values["llm-model"] as string | undefined,
      values["llm-max-requests"] as string | undefined,
    ),
  );
  // Streamed: the number of questions is known only at the end, so no progress bar.
  const res = await runNaturalLongMemEval({
    longmemeval: values.longmemeval as string,
    ...base,
    adjudicator,
  });
  printWarnings(io, res.warnings, "natural: warning: ");
  if (values.quiet === true) return EXIT.ok;
  const r = res.reliability.all;
  io.stderr(
    `natural: ${res.grid.data.file} (sha256 ${res.grid.data.sha256.slice(0, 12)}…), ` +
      `${r.attempted} questions: ${r.accepted} accepted, ${r.flagged} flagged; adjudicator ` +
      `${res.adjudicator}; ${res.rows} rows, wrote ${base.outDir}\n`,
  );
  const [{ LONGMEMEVAL_NATURAL_REPORT }, { NATURAL_SUMMARY_COLUMNS }] = await Promise.all([
    import("../../longmemeval/report.ts"),
    import("../../natural/report.ts"),
  ]);
  const json = LONGMEMEVAL_NATURAL_REPORT.json(res);
  emit(io, form, { json, columns: NATURAL_SUMMARY_COLUMNS, rows: res.summary });
  return EXIT.ok;
}
