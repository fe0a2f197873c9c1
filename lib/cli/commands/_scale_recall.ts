/**
 * `memaudit scale recall`: evidence retrieval along a LongMemEval scale ladder (paper 002 on
 * real data, no LLM; issue 28 item 4). The scoring is {@linkcode scaleRecall}; this file only
 * parses, calls and prints. Private to the scale command.
 *
 * @module
 */
import { basename } from "node:path";
import {
  type CliIo,
  csvTable,
  emit,
  EXIT,
  printWarnings,
  textTable,
  UsageError,
} from "../command.ts";
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
  writeOutFiles,
} from "../shared.ts";
import {
  DEFAULT_RECALL_KS,
  type RecallLevel,
  type RecallReport,
  type RecallRung,
  scaleRecall,
} from "../../scale/recall.ts";
import {
  RECALL_SCALE_COLUMNS,
  RECALL_TRANSITION_COLUMNS,
  recallReportJson,
  recallScaleRows,
} from "../../scale/recall_report.ts";
import { qaScaleArgs } from "./_scale_score_qa.ts";

/** The flags of `scale recall`, in help order (the help's Options block is made from them). */
const RECALL_FLAGS = {
  k: { value: "1,5,10,50", help: `cut-offs (default ${DEFAULT_RECALL_KS.join(",")})` },
  level: {
    value: "turn|session",
    help: "level of the metrics (default turn)",
    choices: ["turn", "session"],
  },
  roles: {
    value: "all|user",
    help: "turns indexed: all turns (default) or user turns only (upstream's choice; it " +
      "misses assistant-side evidence)",
    choices: ["all", "user"],
  },
  retrieval: {
    value: "LABEL=LOG",
    help: "a rung from a run_retrieval.py log (repeatable)",
    multiple: true,
  },
  shared: { type: "boolean", help: "score only the questions scored at every rung" },
  alpha: { value: "A", help: "threshold of s* (default 0.7)" },
  resamples: { value: "N", help: "bootstrap resamples (default 2000; 0: no intervals)" },
  seed: { value: "S", help: "bootstrap seed (default 0)" },
  out: {
    value: "DIR",
    help: "also write DIR/scales.csv, questions.csv, transitions.csv and recall.json",
  },
} as const satisfies FlagTable;

const RECALL_EXTRA_HELP = [
  ["--json | --csv", "machine-readable output (--csv: the scale table)"],
  ["-h, --help", "this help"],
] as const;

const RECALL_HELP = `Usage: memaudit scale recall LABEL=FILE LABEL=FILE ... [options]
       memaudit scale recall --retrieval LABEL=LOG --retrieval LABEL=LOG ... [options]

Evidence retrieval along a scale ladder (paper 002 on LongMemEval, no LLM).
Each LABEL=FILE is one rung, in ladder order: a LongMemEval file (the published
JSON list, plain or gzip, e.g. oracle=longmemeval_oracle.json
s=longmemeval_s_cleaned.json, or the instances_<label>.json files of
'memaudit scale ladder'). Per question, BM25Okapi (k1 1.5, b 0.75, epsilon 0.25
with rank_bm25's floor epsilon x mean idf for negative idf) ranks the
question's own haystack turns, the question being the query. Tokens: runs of
Unicode letters and digits of the lowercased text. Turn id
<session_id>_<1-based turn index>; ties by corpus order.

Metrics as LongMemEval's src/retrieval/eval_utils.py: recall_any@k,
recall_all@k, ndcg_any@k over the evidence (has_answer) turns; --level session
scores the turn ranking by upstream's turn-to-session rule. Questions whose id
ends _abs (abstention) and questions without an evidence turn are left out and
counted. Per rung: n and mean with a 95 % percentile bootstrap over questions;
per consecutive pair: kept / lost / gained / never per recall metric (paired
by question_id); s*_alpha per metric (first rung whose mean is below alpha).

--retrieval LABEL=LOG scores your own retriever instead: LOG is the JSONL file
LongMemEval's src/retrieval/run_retrieval.py writes (ranked_items, corpus ids;
the correct ids are those containing "answer", upstream's rule).

Options:
${optionsHelp(RECALL_FLAGS, RECALL_EXTRA_HELP, 24, 78)}
Example:
  memaudit scale recall oracle=longmemeval_oracle.json s=longmemeval_s_cleaned.json --k 5,10,50
  memaudit scale recall --retrieval s=s_retrievallog_turn_flat-bm25 --level session --json

Exit codes: 0 done, 2 bad usage or bad input (one line on stderr).
`;

function labelled(word: string, flag: string): RecallRung {
  const m = /^([^=/\\]+)=(.+)$/.exec(word);
  if (!m) throw new UsageError(`${flag} expects LABEL=LOG, got "${word}"`);
  return { label: m[1], path: m[2], kind: "retrieval-log" };
}

/**
 * Runs `memaudit scale recall` on the words after `recall`; resolves to the exit code.
 *
 * @throws {UsageError} for bad flags
 * @throws {InputError} for a bad input file
 */
export async function runScaleRecall(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, RECALL_HELP, flagOptions(RECALL_FLAGS));
  if (cmd === null) return EXIT.ok;
  const { values, positionals, form } = cmd;
  const { rungs, options } = recallInput(values, positionals);
  const report = await scaleRecall(rungs, options);
  const json = recallReportJson(report);
  const rows = recallScaleRows(report);
  const names = report.params.ks.flatMap((k) =>
    ["recall_any", "recall_all", "ndcg_any"].map((m) => `${m}@${k}`)
  );
  await writeOutFiles(values.out, {
    "scales.csv": csvTable(RECALL_SCALE_COLUMNS, rows),
    "questions.csv": csvTable(["question_id", "label", ...names], report.questions),
    "transitions.csv": csvTable(RECALL_TRANSITION_COLUMNS, report.transitions),
    "recall.json": JSON.stringify(json, null, 2) + "\n",
  });
  emit(io, form, { json, columns: RECALL_SCALE_COLUMNS, rows, text: text(report, rows) });
  printWarnings(io, report.warnings);
  return EXIT.ok;
}

/** The flags' values of `scale recall`, as parseArgs gives them. */
type RecallValues = CommandLine<FlagOptionsOf<typeof RECALL_FLAGS>>["values"];

/**
 * The rungs and options of `scale recall` from its flags and positionals.
 *
 * @throws {UsageError} naming the flag or argument and what it expects
 */
function recallInput(
  values: RecallValues,
  positionals: string[],
): { rungs: RecallRung[]; options: Parameters<typeof scaleRecall>[1] } {
  const logs = (values.retrieval ?? []).map((w) => labelled(w, "--retrieval"));
  let files: RecallRung[] = [];
  if (positionals.length > 0) {
    files = qaScaleArgs(positionals)?.map((a) => ({ label: a.label, path: a.path })) ??
      positionals.map((p) => ({ label: basename(p), path: p }));
  }
  if (files.length > 0 && logs.length > 0) {
    throw new UsageError(
      "give either LongMemEval files (ranked here by BM25) or --retrieval logs, not both: " +
        "a ladder mixing retrievers would mix retriever and scale",
    );
  }
  const rungs = files.length > 0 ? files : logs;
  if (rungs.length === 0) {
    throw new UsageError("expected at least one LABEL=FILE or --retrieval LABEL=LOG");
  }
  const labels = new Set<string>();
  for (const r of rungs) {
    if (labels.has(r.label)) throw new UsageError(`the rung label "${r.label}" is given twice`);
    labels.add(r.label);
  }
  const ks = parseKs(values.k);
  checkFlags(RECALL_FLAGS, { ...values });
  if (values.roles !== undefined && logs.length > 0) {
    throw new UsageError("--roles does not apply to --retrieval logs (their corpus is fixed)");
  }
  const alpha = ifGiven(values.alpha, (t) => parseProbabilityFlag("--alpha", t)) ?? 0.7;
  const resamples =
    ifGiven(values.resamples, (t) => parseIntFlag("--resamples", t, 0, 1_000_000)) ??
      2000;
  return {
    rungs,
    options: {
      ks,
      level: (values.level ?? "turn") as RecallLevel,
      roles: values.roles === "user" ? ["user"] : ["user", "assistant"],
      alpha,
      resamples,
      seed: parseSeedFlag(values.seed, 0),
      sharedOnly: values.shared === true,
    },
  };
}

/** `--k`: distinct ascending integers >= 1, or undefined for the default ks. */
function parseKs(k: string | undefined): number[] | undefined {
  const ks = k === undefined ? undefined : k.split(",").map((x) => {
    const t = x.trim();
    return parseIntFlag("--k", t, 1, Number.MAX_SAFE_INTEGER);
  });
  if (ks && ks.some((v, i) => i > 0 && v <= ks[i - 1])) {
    throw new UsageError(`--k expects distinct ascending integers, got "${k}"`);
  }
  return ks;
}

function text(r: RecallReport, rows: Record<string, unknown>[]): string {
  const p = r.params;
  const boot = p.bootstrap.resamples > 0
    ? `95 % bootstrap over questions (${p.bootstrap.resamples} resamples, seed ${p.bootstrap.seed})`
    : "no intervals";
  const stars = Object.entries(r.s_star)
    .filter(([m]) => !m.startsWith("ndcg"))
    .map(([m, b]) => `${m} ${b.s_star}${b.recovers ? " (recovers)" : ""}`)
    .join(", ");
  return `Evidence recall, ${p.level} level, ${r.scales.length} rung(s) in the order given; ` +
    `BM25Okapi k1 ${p.bm25.k1}, b ${p.bm25.b}, epsilon ${p.bm25.epsilon}; roles indexed: ` +
    `${p.roles.join(", ")}; ${boot}\n\n` +
    textTable(RECALL_SCALE_COLUMNS, rows) +
    (r.transitions.length > 0
      ? `\nPer-question transitions between consecutive rungs (paired by question_id):\n` +
        textTable(RECALL_TRANSITION_COLUMNS, r.transitions)
      : "") +
    `\nUsable-scale boundary s*_${p.alpha} (first rung below): ${stars || "(no rung scored)"}\n`;
}
