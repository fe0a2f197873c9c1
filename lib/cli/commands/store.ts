/**
 * `memaudit store`: scores a memory store written by a real system (OpenAI memory, Mem0, Letta,
 * A-Mem, Memvid cards, the MCP memory server, generic JSONL) against one LoCoMo conversation's
 * support-slice packages, or against the user's own package, under the union denominator (paper 000
 * definition 2, Table 4; ARTIFACT-SPEC §6.5). The command is its flag table, then parse ->
 * {@linkcode scoreStoreFile} -> emit.
 *
 * @module
 */
import { flatRow } from "../../base/report_shape.ts";
import { STORE_FORMATS } from "../../systems/memory_store.ts";
import type { StoreFormatChoice } from "../../systems/read_store.ts";
import { scoreLongMemEvalStores } from "../../systems/longmemeval_store.ts";
import {
  type ScoredStoreFile,
  scoreStoreFile,
  type StoreTarget,
} from "../../systems/score_store_file.ts";
import {
  PER_MEMORY_COLUMNS,
  perMemoryTableRows,
  STORE_BUDGET_COLUMNS,
  storeBudgetRows,
  StoreBudgetSchema,
} from "../../systems/store_report.ts";
import { type Command, csvTable, emit, EXIT, textTable, UsageError } from "../command.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { llmSettings, parseRealFlag, runWithFlags, writeOutFiles } from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of `memaudit store`, in help order (the help's Options block is made from them). */
const FLAGS = {
  locomo: { value: "CONV", help: "LoCoMo conversation (sample id), e.g. conv-26; or --package" },
  package: {
    value: "FILE",
    help: "your own package (a JSON file or a folder of CSV tables): the store is scored on " +
      "it instead of LoCoMo",
  },
  longmemeval: {
    value: "FILE",
    help: "a LongMemEval file (oracle, S or M; plain JSON or gzip): each question's store is " +
      "scored on its support-slice package; give --stores DIR, or --question QID with --store",
  },
  stores: {
    value: "DIR",
    help: "with --longmemeval: a folder of one store per question, DIR/<question_id>.<ext> " +
      "(any store format)",
  },
  question: {
    value: "QID",
    help: "with --longmemeval and --store: the question the store was written for",
  },
  store: { value: "FILE", help: "the store file (not with --stores)" },
  format: {
    value: "FORMAT",
    help: "the store's format",
    choices: ["auto", ...STORE_FORMATS],
    default: "auto",
  },
  budgets: {
    value: "LIST",
    help: "budgets, comma-separated (default 30,60,100 words on LoCoMo; with --package the " +
      "package's own budgets, in its cost units)",
  },
  adjudicator: {
    value: "SPEC",
    help: "coverage: lexical (default), package_text (with --package: exact copies of " +
      "candidate texts), imported:FILE or llm:URL",
    choices: ["lexical", "package_text", "imported:FILE", "llm:URL"],
    default: "lexical",
  },
  "llm-model": {
    value: "NAME",
    help: "model for llm:URL (default $MEMAUDIT_LLM_MODEL); the bearer token, if any, is " +
      "read from $MEMAUDIT_LLM_API_KEY",
  },
  "llm-max-requests": {
    value: "N",
    help: "most requests llm:URL may send, retries included (default 2000); answers are cached",
  },
  "locomo-data": {
    value: "WHICH",
    help: "locomo8 | locomo10 | PATH (default $MEMAUDIT_LOCOMO, else the cached " +
      "locomo10.json, else ../shared locomo8)",
  },
  "per-memory": {
    type: "boolean",
    help: "also list per memory its cost, the units it covers with their weight, the " +
      "budgets at which the upper-pruned selection keeps it, and whether it covers nothing " +
      "(with --csv: that list); the summary gives the share of the store that covers nothing",
  },
  out: {
    value: "DIR",
    help: "also write DIR/store_summary.json and DIR/store_items.csv (and " +
      "DIR/store_memories.csv with --per-memory)",
  },
} as const satisfies FlagTable;

const HELP = `Usage: memaudit store --locomo CONV --store FILE [options]
       memaudit store --package FILE --store FILE [options]
       memaudit store --longmemeval FILE --stores DIR [options]
       memaudit store --longmemeval FILE --question QID --store FILE [options]

Scores a memory store written by a real system against the support-slice
packages of one LoCoMo conversation (one package per QA item: the sessions
holding its evidence, raw spans and observations as candidates), or against
your own package (--package), or a system's LongMemEval stores (--longmemeval:
one store per question, each scored on its question's support-slice package;
the means are over the questions with a store and a package, the others are
named in warnings and in "longmemeval" of --json). The store's memories join each package as
candidates of their own (word costs), giving the union package P+(Y); at each
budget B the store is pruned to B by recency (newest first), salience (the
store's scores, else a query-blind estimate) and the exact upper-pruned bound
(best subset of the store, a certified optimum), and each selection is scored
against the certified OPT of the union (union ratio, <= 1) and of the package
alone (package ratio). Means are over the same items: those whose every OPT
is certified and whose package OPT is positive. Warnings (stderr, and
"warnings" in --json): the reader's notes (records dropped or not mapped,
times not recognised, an event log that does not replay cleanly), a store
naming another conversation or package, and on a package the scoring's notes
and the weighted units no memory can cover, with their weight (also
"unmatchable" in --json). A file holding several stores for the conversation
or package is refused.

Options:
${
  optionsHelp(FLAGS, [
    ["--json | --csv", "machine output (default: a text table)"],
    ["-h, --help", "this text"],
  ])
}
Which adjudicator: coverage says which evidence turns a memory holds. A real
system writes its own sentences, so matching texts exactly (the package-text
adjudicator used for round trips) gives such a store zero coverage. The
default is the deterministic lexical adjudicator (IDF-weighted share of the
turn's word stems found in the memory; full >= 0.5, partial >= 0.3, at least
2 stems): offline, free and reproducible, but it misses paraphrases and
inferences, so its ratios are a lexical lower view. On your own package a
unit without a text is read through the texts of the candidates that cover
it (a memory covers the unit as far as it matches such a candidate, at most
that candidate's own coverage). To score with judgments that read meaning,
label the (memory, unit) cells with an LLM or annotators and pass them as
imported:FILE (CSV/JSONL keyed by the SHA-256 of the two texts, see
lib/adjudicate/imported.ts), or let memaudit ask an OpenAI-compatible
endpoint with llm:URL (cached under .cache/llm).

Examples:
  deno task memaudit store --locomo conv-26 \\
    --store ../shared/data/mem0-eval/openai_memories/0.txt --budgets 30,60,100
  deno task memaudit store --locomo conv-26 --format auto --json \\
    --store ../shared/data/mem0-eval/mem0_search_top30_conv26.json
  deno task memaudit store --package data/examples/vegetarian_pescatarian.json \\
    --store data/examples/vegetarian_own_words.txt --per-memory
  deno task memaudit store --stores runs/mem0_stores/ \\
    --longmemeval ../shared/data/longmemeval/longmemeval_oracle_301.json.gz

Exit codes: 0 done; 1 a checked claim failed (a union ratio above its package
ratio, or above 1); 2 bad usage or bad input.
`;

/**
 * Parses `--budgets` (e.g. `30,60,100`): positive finite decimal numbers, comma-separated, no
 * repeats, in the given order.
 *
 * @throws {UsageError} `--budgets: expected a number > 0, got "x"` for an entry that is not one
 *   (hexadecimal `0x10` and an empty entry included), `--budgets: expected distinct numbers, got
 *   "8,8.0"` for a repeat
 */
export function parseBudgetList(text: string): number[] {
  const out = text.split(",").map((s) =>
    parseRealFlag("--budgets", s.trim(), 0, Infinity, { open: true })
  );
  if (new Set(out).size !== out.length) {
    throw new UsageError(`--budgets: expected distinct numbers, got ${JSON.stringify(text)}`);
  }
  return out;
}

/** The columns of `store_items.csv` after the item's own: one row per (package, budget). */
const ITEM_COLUMNS = [
  "budget",
  "certified",
  "opt_package",
  "opt_union",
  ...["union", "package"].flatMap((p) => ["recency", "salience", "upper"].map((k) => `${p}_${k}`)),
];

/**
 * The items file: one row per (package, budget); LongMemEval rows name the question's id as in
 * the file (the package id is its safe token, which two ids can share) and its type.
 */
function itemsCsv(r: ScoredStoreFile, longmemeval: boolean): string {
  const head = longmemeval
    ? ["package", "question_id", "question_type"]
    : ["package", "qa_index", "category"];
  return csvTable(
    [...head, ...ITEM_COLUMNS],
    r.rows.map((x) => ({
      ...x,
      certified: String(x.certified),
      ...flatRow(StoreBudgetSchema.pick({ union_ratio: true, package_ratio: true }), x),
    })),
  );
}

/** What the checked flags ask for: a store file on a target, or LongMemEval stores. */
type Asked =
  | { kind: "file"; store: string; target: StoreTarget }
  | { kind: "longmemeval"; file: string; stores: string | { question: string; file: string } };

/** `--longmemeval`'s flags, checked. */
function checkedLongMemEval(values: Record<string, unknown>): Asked {
  const v = (k: string) => values[k] as string | undefined;
  for (const k of ["locomo", "package", "locomo-data"]) {
    if (v(k) !== undefined) throw new UsageError(`--${k} and --longmemeval exclude each other`);
  }
  if (v("longmemeval")!.trim() === "") throw new UsageError("--longmemeval FILE expects a path");
  if (values.adjudicator === "package_text") {
    throw new UsageError("--adjudicator package_text needs --package (it matches candidate texts)");
  }
  const dir = v("stores"), store = v("store"), question = v("question");
  if (dir !== undefined) {
    if (store !== undefined || question !== undefined) {
      throw new UsageError("--stores DIR excludes --store and --question: give the folder, or one");
    }
    if (dir.trim() === "") throw new UsageError("--stores DIR expects a folder, got ''");
    if (values["per-memory"] === true) {
      throw new UsageError("--per-memory lists one store: use --question QID --store FILE");
    }
    return { kind: "longmemeval", file: v("longmemeval")!, stores: dir };
  }
  if (store === undefined || question === undefined || question.trim() === "") {
    throw new UsageError(
      "--longmemeval needs --stores DIR (one store per question), or --question QID and --store FILE",
    );
  }
  if (store.trim() === "") throw new UsageError("--store FILE expects a path, got ''");
  return { kind: "longmemeval", file: v("longmemeval")!, stores: { question, file: store } };
}

/** The flags, checked: the target, the budgets, a package-only adjudicator. */
function checked(values: Record<string, unknown>): Asked & { budgets?: number[] } {
  checkFlags(FLAGS, values);
  const budgets = values.budgets === undefined
    ? {}
    : { budgets: parseBudgetList(values.budgets as string) };
  if (values.longmemeval !== undefined) return { ...checkedLongMemEval(values), ...budgets };
  for (const k of ["stores", "question"]) {
    if (values[k] !== undefined) throw new UsageError(`--${k} goes with --longmemeval`);
  }
  const locomo = values.locomo as string | undefined, pkg = values.package as string | undefined;
  if (locomo === undefined && pkg === undefined) {
    throw new UsageError(
      "--locomo CONV is required (e.g. conv-26), or --package FILE, or --longmemeval FILE",
    );
  }
  if (values.store === undefined || values.store === "") {
    throw new UsageError("--store FILE is required");
  }
  if (pkg?.trim() === "") throw new UsageError("--package FILE expects a path, got ''");
  if (locomo !== undefined && pkg !== undefined) {
    throw new UsageError("--locomo and --package exclude each other: give one target");
  }
  if (values["locomo-data"] !== undefined && pkg !== undefined) {
    throw new UsageError("--locomo-data goes with --locomo, not with --package");
  }
  if ((values["locomo-data"] as string | undefined)?.trim() === "") {
    throw new UsageError("--locomo-data expects locomo8, locomo10 or a file path, got ''");
  }
  if (values.adjudicator === "package_text" && pkg === undefined) {
    throw new UsageError("--adjudicator package_text needs --package (it matches candidate texts)");
  }
  return {
    kind: "file",
    store: values.store as string,
    target: pkg !== undefined ? { kind: "package" as const, path: pkg } : {
      kind: "locomo" as const,
      conversation: locomo!,
      ...(values["locomo-data"] !== undefined ? { data: values["locomo-data"] as string } : {}),
    },
    ...budgets,
  };
}

export const command: Command = {
  name: "store",
  summary: SUMMARIES.store,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, form }, io) => {
    const asked = checked(values);
    const perMemory = values["per-memory"] === true;
    const common = {
      format: values.format as StoreFormatChoice,
      ...(asked.budgets !== undefined ? { budgets: asked.budgets } : {}),
      adjudicator: values.adjudicator,
      ...llmSettings(values["llm-model"], values["llm-max-requests"]),
      perMemory,
      onNote: (line: string, kind: "info" | "warning") =>
        io.stderr(`memaudit store: ${kind === "warning" ? "warning: " : ""}${line}\n`),
    };
    const r = asked.kind === "file"
      ? await scoreStoreFile({ store: asked.store, target: asked.target, ...common })
      : await scoreLongMemEvalStores({ longmemeval: asked.file, stores: asked.stores, ...common });
    const { report } = r;
    const rows = storeBudgetRows(report);
    const memories = perMemory ? perMemoryTableRows(report) : [];
    // Files first: a folder that cannot be written is exit 2 with nothing on stdout.
    await writeOutFiles(values.out, {
      "store_items.csv": itemsCsv(r, asked.kind === "longmemeval"),
      "store_summary.json": JSON.stringify(report, null, 2) + "\n",
      ...(perMemory ? { "store_memories.csv": csvTable(PER_MEMORY_COLUMNS, memories) } : {}),
    });
    if (perMemory && form === "csv") io.stdout(csvTable(PER_MEMORY_COLUMNS, memories));
    else emit(io, form, { json: report, columns: STORE_BUDGET_COLUMNS, rows });
    if (form === "table") {
      if (perMemory) {
        const n = report.covers_nothing!;
        io.stdout(
          textTable(PER_MEMORY_COLUMNS, memories) +
            `${n.memories} of ${report.memories} memories cover nothing ` +
            `(${(100 * n.share).toFixed(1)} % of the store, ` +
            `${(100 * n.cost_share).toFixed(1)} % of its cost).\n`,
        );
      }
      const what = report.conversation ?? report.package ?? "LongMemEval";
      io.stdout(
        `${what}, ${report.format}, ${report.memories} memories; adjudicator ` +
          `${report.adjudicator}; salience ${report.salience_source}; ${r.target}. Means over ` +
          "the scored items (every OPT certified, package OPT > 0).\n",
      );
    }
    if (r.violations.length > 0) {
      const where = `${r.violations.length} place(s), e.g. ${r.violations[0]}`;
      io.stderr(`memaudit store: claim failed: union ratio above package ratio or 1 at ${where}\n`);
      return EXIT.claimFailed;
    }
    return EXIT.ok;
  }, { positionals: false }),
};
