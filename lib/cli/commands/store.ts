/**
 * `memaudit store`: scores a memory store written by a real system (OpenAI
 * memory, Mem0, Letta, A-Mem, generic JSONL) against one LoCoMo
 * conversation's support-slice packages under the union denominator
 * (paper 000 definition 2, Table 4; ARTIFACT-SPEC §6.5).
 *
 * @module
 */
import { InputError } from "../../errors.ts";
import { describeLocomo, locateLocomo, locomoHowTo } from "../../natural/data_source.ts";
import { loadLocomo } from "../../natural/load_locomo.ts";
import {
  adjudicatorFromSpec,
  type LocomoStoreScore,
  scoreStoreOnLocomo,
  type StoreBudgetSummary,
} from "../../systems/locomo_store.ts";
import { STORE_FORMATS } from "../../systems/memory_store.ts";
import { readStoreFileDetected, type StoreFormatChoice } from "../../systems/read_store.ts";
import { type Command, csvTable, emit, EXIT, UsageError } from "../command.ts";
import { runWithFlags, stringFlags, writeOutFiles } from "../shared.ts";

const HELP = `Usage: memaudit store --locomo CONV --store FILE [options]

Scores a memory store written by a real system against the support-slice
packages of one LoCoMo conversation (one package per QA item: the sessions
holding its evidence, raw spans and observations as candidates). The store's
memories join each package as candidates of their own (word costs), giving
the union package P+(Y); at each budget B the store is pruned to B by
recency (newest first), salience (the store's scores, else a query-blind
estimate) and the exact upper-pruned bound (best subset of the store, a
certified optimum), and each selection is scored against the certified OPT
of the union (union ratio, <= 1) and of the package alone (package ratio).
Means are over the same items: those whose every OPT is certified and whose
package OPT is positive. Warnings (stderr, and "warnings" in --json): the
reader's notes (records dropped or not mapped, times not recognised, an event
log that does not replay cleanly) and a store naming another conversation. A
file holding several stores for the conversation is refused.

Options:
  --locomo CONV         LoCoMo conversation (sample id), e.g. conv-26   [required]
  --store FILE          the store file                                  [required]
  --format FORMAT       auto (default) or one of:
                        ${STORE_FORMATS.join(", ")}
  --budgets LIST        budgets in words (default 30,60,100)
  --adjudicator SPEC    lexical (default) | imported:FILE | llm:URL
  --llm-model NAME      model for llm:URL (default $MEMAUDIT_LLM_MODEL); the
                        bearer token, if any, is read from $MEMAUDIT_LLM_API_KEY
  --locomo-data WHICH   locomo8 | locomo10 | PATH (default $MEMAUDIT_LOCOMO,
                        else the cached locomo10.json, else ../shared locomo8)
  --json | --csv        machine output (default: a text table)
  --out DIR             also write DIR/store_summary.json and DIR/store_items.csv
  -h, --help            this text

Which adjudicator: coverage says which evidence turns a memory holds. A real
system writes its own sentences, so matching texts exactly (the package-text
adjudicator used for round trips) gives such a store zero coverage. The
default is the deterministic lexical adjudicator (IDF-weighted share of the
turn's word stems found in the memory; full >= 0.5, partial >= 0.3, at least
2 stems): offline, free and reproducible, but it misses paraphrases and
inferences, so its ratios are a lexical lower view. To score with
judgments that read meaning, label the (memory, unit) cells with an LLM or
annotators and pass them as imported:FILE (CSV/JSONL keyed by the SHA-256 of
the two texts, see lib/adjudicate/imported.ts), or let memaudit ask an
OpenAI-compatible endpoint with llm:URL (cached under .cache/llm).

Examples:
  deno task memaudit store --locomo conv-26 \\
    --store ../shared/data/mem0-eval/openai_memories/0.txt --budgets 30,60,100
  deno task memaudit store --locomo conv-26 --format auto --json \\
    --store ../shared/data/mem0-eval/mem0_search_top30_conv26.json

Exit codes: 0 done; 1 a checked claim failed (a union ratio above its package
ratio, or above 1); 2 bad usage or bad input.
`;

const FLAGS = {
  ...stringFlags("locomo", "store"),
  format: { type: "string", default: "auto" },
  budgets: { type: "string", default: "30,60,100" },
  adjudicator: { type: "string", default: "lexical" },
  ...stringFlags("llm-model", "locomo-data", "out"),
} as const;

/**
 * Parses `--budgets`: positive finite numbers, comma-separated, no repeats.
 *
 * @param text e.g. `30,60,100`
 * @returns the budgets in the given order
 * @throws {UsageError} on anything else
 */
export function parseBudgetList(text: string): number[] {
  const parts = text.split(",").map((s) => s.trim());
  const out = parts.map(Number);
  if (parts.some((p) => p === "") || out.some((b) => !Number.isFinite(b) || b <= 0)) {
    throw new UsageError(`--budgets expects positive numbers separated by commas, got '${text}'`);
  }
  if (new Set(out).size !== out.length) {
    throw new UsageError(`--budgets repeats a budget: '${text}'`);
  }
  return out;
}

const env = (name: string): string | undefined => {
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    return undefined;
  }
};

/** The JSON result of `memaudit store` (stable keys). */
export interface StoreCommandResult {
  /** LoCoMo sample id. */
  conversation: string;
  /** The store format used. */
  format: string;
  /** Memories in the store (after the adapter's merges). */
  memories: number;
  /**
   * Per budget: `items` (packages), `certified` (items whose every OPT is
   * certified), the mean ratios over the `scored` items (certified, OPT(P) > 0),
   * and `degenerate` (certified with OPT(P) = 0, left out).
   */
  budgets: Pick<
    StoreBudgetSummary,
    "budget" | "items" | "certified" | "union_ratio" | "package_ratio" | "scored" | "degenerate"
  >[];
  /** Why this format (`given`, or what `auto` detected). */
  format_reason: string;
  /** The store file. */
  store: string;
  /** The LoCoMo file used and how it was chosen (`default`, `option`, `env`). */
  locomo_data: { name: string; path: string; via: string };
  /** The coverage adjudicator's name. */
  adjudicator: string;
  /** Where salience pruning's scores came from. */
  salience_source: "system" | "estimate";
  /**
   * What the reader assumed or left out (the adapter's notes: dropped records, unparseable
   * times, an event log that does not replay cleanly, ...) and a store that names another
   * conversation; each is also a line on stderr.
   */
  warnings: string[];
}

function claimViolations(r: LocomoStoreScore): string[] {
  const bad: string[] = [];
  for (const row of r.rows) {
    for (const k of ["recency", "salience", "upper"] as const) {
      const u = row.union_ratio[k], p = row.package_ratio[k];
      if (u !== null && (u > 1 + 1e-9 || (p !== null && u > p + 1e-9))) {
        bad.push(`${row.package} B=${row.budget} ${k}`);
      }
    }
  }
  for (const b of r.budgets) {
    for (const k of ["recency", "salience", "upper"] as const) {
      const u = b.union_ratio[k], p = b.package_ratio[k];
      if (u !== null && p !== null && u > p + 1e-9) bad.push(`mean B=${b.budget} ${k}`);
    }
  }
  return bad;
}

/** The ratio columns of both tables: union and package ratio per pruning rule. */
const RATIO_COLUMNS = [
  "union_recency",
  "union_salience",
  "union_upper",
  "package_recency",
  "package_salience",
  "package_upper",
];

/** The columns of `store_items.csv`: one row per (package, budget). */
const ITEM_COLUMNS = [
  "package",
  "qa_index",
  "category",
  "budget",
  "certified",
  "opt_package",
  "opt_union",
  ...RATIO_COLUMNS,
];

/** `memaudit store ...`. */
export const command: Command = {
  name: "store",
  summary: "score a real system's memory store on a LoCoMo conversation (union denominator)",
  run: runWithFlags(HELP, FLAGS, async ({ values, form }, io) => {
    if (!values.locomo) throw new UsageError("--locomo CONV is required (e.g. conv-26)");
    if (!values.store) throw new UsageError("--store FILE is required");
    const format = values.format as StoreFormatChoice;
    if (format !== "auto" && !(STORE_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(
        `--format expects auto or one of ${STORE_FORMATS.join(", ")}, got '${format}'`,
      );
    }
    const budgets = parseBudgetList(values.budgets);
    const spec = values.adjudicator;
    if (!/^(lexical|imported:.+|llm:.+)$/.test(spec)) {
      throw new UsageError(
        `--adjudicator expects lexical, imported:FILE or llm:URL, got '${spec}'`,
      );
    }

    if (values["locomo-data"]?.trim() === "") {
      throw new UsageError("--locomo-data expects locomo8, locomo10 or a file path, got ''");
    }

    // The user's own file first: its problems are named before missing LoCoMo data.
    const read = await readStoreFileDetected(values.store, format, {
      conversation: values.locomo,
    });
    const matching = read.stores.length === 1
      ? read.stores
      : read.stores.filter((s) => s.instance === values.locomo);
    const store = matching.length === 1 ? matching[0] : undefined;
    if (!store) {
      throw new InputError(
        values.store,
        { path: "" },
        `expected one store for ${values.locomo}, the file holds ${read.stores.length} (${
          read.stores.map((s) => `${s.instance ?? "?"}/${s.system}`).join(", ")
        })${matching.length > 1 ? `, ${matching.length} of them for ${values.locomo}` : ""}`,
      );
    }
    if (store.memories.length === 0) {
      throw new InputError(
        values.store,
        { path: "" },
        "expected a store with memories, it has none",
      );
    }

    const found = await locateLocomo(
      values["locomo-data"] !== undefined ? { choice: values["locomo-data"] } : {},
    );
    if (!found) throw new InputError("LoCoMo data", { path: "" }, locomoHowTo());
    const samples = await loadLocomo(found.path);
    const sample = samples.find((s) => s.sample_id === values.locomo);
    if (!sample) {
      throw new InputError(
        found.path,
        { path: "" },
        `expected a conversation '${values.locomo}', the file holds ${
          samples.map((s) => s.sample_id).join(", ")
        }`,
      );
    }
    const locomoLine = describeLocomo(found, samples.length);

    const adjudicator = await adjudicatorFromSpec(spec, sample, {
      llmModel: values["llm-model"] ?? env("MEMAUDIT_LLM_MODEL"),
      llmApiKey: env("MEMAUDIT_LLM_API_KEY"),
    });
    io.stderr(
      `memaudit store: ${locomoLine}; ${values.store} read as ${read.format}` +
        ` (${read.reason === "given" ? "given by --format" : `detected: ${read.reason}`})` +
        `: ${store.memories.length} memories, ${store.problems.length} adapter note(s)\n`,
    );
    const warnings = store.problems.map((p) =>
      `${p.code}: ${p.record}${p.field !== undefined ? ` ${p.field}` : ""}: ${p.detail}`
    );
    if (store.instance !== undefined && store.instance !== values.locomo) {
      warnings.push(
        `the store looks like ${store.instance}'s (from its file), scored on ${values.locomo}`,
      );
    }
    for (const w of warnings) io.stderr(`memaudit store: warning: ${w}\n`);

    const r = await scoreStoreOnLocomo(sample, store, { budgets, adjudicator });
    // The keys of the issue's shape first, in its order; then the provenance of the run.
    const result: StoreCommandResult = {
      conversation: r.conversation,
      format: read.format,
      memories: r.memories,
      budgets: r.budgets.map((b) => ({
        budget: b.budget,
        items: b.items,
        certified: b.certified,
        union_ratio: b.union_ratio,
        package_ratio: b.package_ratio,
        scored: b.scored,
        degenerate: b.degenerate,
      })),
      format_reason: read.reason,
      store: values.store,
      locomo_data: { name: found.name, path: found.path, via: found.via },
      adjudicator: r.adjudicator,
      salience_source: r.salience,
      warnings,
    };
    const columns = ["budget", "items", "certified", "scored", ...RATIO_COLUMNS];
    const rows = r.budgets.map((b) => ({
      budget: b.budget,
      items: b.items,
      certified: b.certified,
      scored: b.scored,
      union_recency: b.union_ratio.recency,
      union_salience: b.union_ratio.salience,
      union_upper: b.union_ratio.upper,
      package_recency: b.package_ratio.recency,
      package_salience: b.package_ratio.salience,
      package_upper: b.package_ratio.upper,
    }));
    // Files first: a folder that cannot be written is exit 2 with nothing on stdout.
    if (values.out !== undefined) {
      const items = r.rows.map((x) => ({
        package: x.package,
        qa_index: x.qa_index,
        category: x.category,
        budget: x.budget,
        certified: String(x.certified),
        opt_package: x.opt_package,
        opt_union: x.opt_union,
        union_recency: x.union_ratio.recency,
        union_salience: x.union_ratio.salience,
        union_upper: x.union_ratio.upper,
        package_recency: x.package_ratio.recency,
        package_salience: x.package_ratio.salience,
        package_upper: x.package_ratio.upper,
      }));
      await writeOutFiles(values.out, {
        "store_items.csv": csvTable(ITEM_COLUMNS, items),
        "store_summary.json": JSON.stringify(result, null, 2) + "\n",
      });
    }
    emit(io, form, { json: result, columns, rows });
    if (form === "table") {
      io.stdout(
        `${r.conversation}, ${read.format}, ${r.memories} memories; adjudicator ${r.adjudicator}; ` +
          `salience ${r.salience}; ${locomoLine}. Means over the scored items (every OPT ` +
          `certified, package OPT > 0).\n`,
      );
    }
    const bad = claimViolations(r);
    if (bad.length > 0) {
      io.stderr(
        `memaudit store: claim failed: union ratio above package ratio or 1 at ${bad.length} place(s), e.g. ${
          bad[0]
        }\n`,
      );
      return EXIT.claimFailed;
    }
    return EXIT.ok;
  }, { positionals: false }),
};
