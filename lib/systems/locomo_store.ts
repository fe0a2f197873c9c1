/**
 * A real system's store scored against one LoCoMo conversation's support-slice packages under the
 * union denominator (paper 000 definition 2, Table 4; ARTIFACT-SPEC §6.5): per package and budget
 * the certified OPT of P and of P+(Y), and the recency-, salience- and exact upper-pruned
 * selections of the store; then means over the same items. The engine behind `memaudit store` and
 * notebooks 06 and 10.
 *
 * @module
 */
import type { Adjudicator } from "../adjudicate/types.ts";
import { ImportedAdjudicator, loadImportedCoverage } from "../adjudicate/imported.ts";
import { LlmAdjudicator } from "../adjudicate/llm.ts";
import { InputError } from "../base/errors.ts";
import { at } from "../base/report_shape.ts";
import type { LocomoSample } from "../natural/load_locomo.ts";
import { locomoLexicalAdjudicator } from "../natural/locomo.ts";
import { locomoSlices } from "../natural/locomo_slices.ts";
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { isCertified } from "../certificate/result.ts";
import type { MemoryStore } from "./memory_store.ts";
import type { ExactSolveOptions } from "./pruning.ts";
import { scoreUnion, type UnionScore, type UnionSelector } from "./union_score.ts";
import { fileURLToPath } from "node:url";

/** The LLM adjudicator's default cache: `<repo>/.cache/llm`, wherever the CLI is run from. */
const LLM_CACHE_DIR = fileURLToPath(new URL("../../.cache/llm", import.meta.url));

/** The three selections `memaudit store` reports, by their short names. */
export const STORE_SELECTIONS = {
  recency: "recency_pruned",
  salience: "salience_pruned",
  upper: "upper_pruned",
} as const satisfies Record<string, UnionSelector>;

/** The selections a store file is scored with: the store as written and {@linkcode STORE_SELECTIONS}. */
export const STORE_SELECTORS: readonly UnionSelector[] = [
  "as_written",
  ...Object.values(STORE_SELECTIONS),
];

/** `recency`, `salience` or `upper`. */
export type StoreSelection = keyof typeof STORE_SELECTIONS;

/** One ratio per selection (null when not defined). */
export type SelectionRatios = Record<StoreSelection, number | null>;

/** One (package, budget) of a scored store. */
export interface StoreItemScore {
  /** Package id (`conv-26_q0`). */
  package: string;
  /** The QA item's index in its conversation. */
  qa_index: number;
  /** LoCoMo category code (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial). */
  category: number;
  /**
   * LongMemEval: the question's id as in the file (from the package's meta; the package id is its
   * safe token, so `a b` and `a_b` share one).
   */
  question_id?: string;
  /** LongMemEval: the question's type (from the package's meta). */
  question_type?: string;
  /** Budget B (words). */
  budget: number;
  /** OPT of P, of P+(Y) and the upper-pruned subset optimum are all certified (zero gap). */
  certified: boolean;
  /** Certified OPT of the package alone (null when not certified). */
  opt_package: number | null;
  /** Certified OPT of the union P+(Y). */
  opt_union: number | null;
  /** F of each selection (weight units). */
  value: Record<StoreSelection, number>;
  /** F of the whole store as written, without a budget (what the store holds). */
  store_value: number;
  /** The largest F any store can reach: the sum of the unit weights (every unit fully covered). */
  max_value: number;
  /** F / OPT(P+(Y)) per selection (null: uncertified or OPT = 0). */
  union_ratio: SelectionRatios;
  /** F / OPT(P) per selection (null: uncertified or OPT(P) = 0). */
  package_ratio: SelectionRatios;
}

/** Means at one budget over the same items. */
export interface StoreBudgetSummary {
  /** Budget B (words). */
  budget: number;
  /** Packages of the conversation (every QA item that became a package). */
  items: number;
  /** Items whose every needed OPT (P, P+(Y), upper-pruned subset) is certified. */
  certified: number;
  /** Certified items with OPT(P) = 0: no ratio is defined, left out of the means (flagged). */
  degenerate: number;
  /** Items the means are over: certified, OPT(P) > 0. */
  scored: number;
  /** Mean union ratio per selection over the `scored` items (null when none). */
  union_ratio: SelectionRatios;
  /** Mean package ratio per selection over the same items. */
  package_ratio: SelectionRatios;
  /** Mean OPT(P+(Y)) / OPT(P): how much the store adds to what the package can reach. */
  opt_gain: number | null;
  /**
   * Shares of the evidence weight (F / sum of unit weights, means over the scored items): `store`
   * what the whole store holds (no budget: extraction), `recency` / `salience` / `upper` what each
   * selection keeps at B (selection), `opt_union` the best any store of P+(Y) keeps at B.
   */
  evidence: Record<StoreSelection | "store" | "opt_union", number | null>;
}

/** Result of {@linkcode scoreStoreOnLocomo}. */
export interface LocomoStoreScore {
  /** LoCoMo sample id. */
  conversation: string;
  /** Store memories read (after the adapter's merges). */
  memories: number;
  /** Name of the coverage adjudicator used. */
  adjudicator: string;
  /** `system` or `estimate`: where salience pruning's scores came from. */
  salience: "system" | "estimate";
  /** Means per budget. */
  budgets: StoreBudgetSummary[];
  /** Every (package, budget), in package then budget order. */
  rows: StoreItemScore[];
  /** QA items of the conversation that did not become a package (unresolved, skipped). */
  noPackage: number;
}

const share = (v: number, r: StoreItemScore) => (r.max_value > 0 ? v / r.max_value : null);
const SEL = Object.entries(STORE_SELECTIONS) as [StoreSelection, UnionSelector][];
const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Rows of one union score (see {@linkcode StoreItemScore}).
 *
 * @param s its union score (with the three selections)
 * @returns one row per budget
 */
export function storeItemRows(pkg: Package, s: UnionScore): StoreItemScore[] {
  const maxValue = compilePackage(pkg).weights.reduce((a, w) => a + w, 0);
  return s.budgets.map((b) => {
    const get = (sel: UnionSelector) => at(b.selections, { selector: sel }, "selection");
    const upper = get("upper_pruned");
    const certified = isCertified(b.optPackage) && isCertified(b.optUnion) &&
      upper.certified === true;
    const pick = <T>(f: (sel: UnionSelector) => T) =>
      Object.fromEntries(SEL.map(([k, sel]) => [k, f(sel)])) as Record<StoreSelection, T>;
    return {
      package: pkg.id,
      qa_index: Number(pkg.meta?.qa_index ?? -1),
      category: Number(pkg.meta?.qa_category ?? 0),
      ...(typeof pkg.meta?.question_id === "string" ? { question_id: pkg.meta.question_id } : {}),
      ...(typeof pkg.meta?.question_type === "string"
        ? { question_type: pkg.meta.question_type }
        : {}),
      budget: b.budget,
      certified,
      opt_package: isCertified(b.optPackage) ? b.optPackage.objective : null,
      opt_union: isCertified(b.optUnion) ? b.optUnion.objective : null,
      value: pick((sel) => get(sel).value),
      store_value: get("as_written").value,
      max_value: maxValue,
      union_ratio: pick((sel) => get(sel).unionRatio.ratio),
      package_ratio: pick((sel) => get(sel).packageRatio.ratio),
    };
  });
}

/**
 * Means per budget over the same items: the certified items with OPT(P) > 0 (then every ratio is
 * defined and union <= package item by item, since OPT(P+(Y)) >= OPT(P)).
 *
 * @param rows item rows (any packages)
 * @param budgets the budgets, in output order
 * @returns one summary per budget
 */
export function summarizeStoreRows(
  rows: readonly StoreItemScore[],
  budgets: readonly number[],
): StoreBudgetSummary[] {
  return budgets.map((budget) => {
    const at = rows.filter((r) => r.budget === budget);
    const cert = at.filter((r) => r.certified);
    const scored = cert.filter((r) => (r.opt_package ?? 0) > 0);
    const m = (f: (r: StoreItemScore) => number | null) =>
      mean(scored.map(f).filter((x): x is number => x !== null));
    const perSelection = (f: (r: StoreItemScore, k: StoreSelection) => number | null) =>
      Object.fromEntries(SEL.map(([k]) => [k, m((r) => f(r, k))])) as SelectionRatios;
    return {
      budget,
      items: at.length,
      certified: cert.length,
      degenerate: cert.length - scored.length,
      scored: scored.length,
      union_ratio: perSelection((r, k) => r.union_ratio[k]),
      package_ratio: perSelection((r, k) => r.package_ratio[k]),
      opt_gain: m((r) => r.opt_union! / r.opt_package!),
      evidence: {
        store: m((r) => share(r.store_value, r)),
        recency: m((r) => share(r.value.recency, r)),
        salience: m((r) => share(r.value.salience, r)),
        upper: m((r) => share(r.value.upper, r)),
        opt_union: m((r) => share(r.opt_union!, r)),
      },
    };
  });
}

/**
 * Scores a store against every support-slice package of a LoCoMo conversation
 * ({@linkcode locomoSlices}, session granularity, raw spans and observations): word costs for the
 * store's memories (max(1, tokens)), the package's own costs, each memory its own group, salience
 * pruning on the store's scores when every memory has one, else the query-blind estimate.
 *
 * @param sample the LoCoMo conversation
 * @param store the system's store (from any adapter)
 * @param opts budgets, adjudicator, solver limits, progress
 * @returns per-item rows and per-budget means
 * @throws {InputError} when the union package does not validate
 *
 * @example
 * ```ts ignore
 * const [store] = await readStoreFile("openai_memories/0.txt", "openai_memory");
 * const conv = (await loadLocomo(path)).find((s) => s.sample_id === "conv-26")!;
 * const r = await scoreStoreOnLocomo(conv, store);
 * console.log(r.budgets.map((b) => [b.budget, b.union_ratio.upper]));
 * ```
 */
export async function scoreStoreOnLocomo(
  sample: LocomoSample,
  store: MemoryStore,
  opts: {
    /** Budgets (default 30, 60, 100, in words). */
    budgets?: readonly number[];
    /** Coverage adjudicator (default the lexical one of the conversation, {@linkcode locomoLexicalAdjudicator}). */
    adjudicator?: Adjudicator;
    /** Exact solves (default branch-and-bound within 50,000 work units, then the MILP certificate). */
    solver?: ExactSolveOptions;
    /** Called after each package (done, total). */
    onProgress?: (done: number, total: number) => void;
    /** Score only these packages (default: the conversation's support slices). */
    packages?: readonly Package[];
    /** Called with each package's union score (e.g. to list what each memory covers). */
    onUnion?: (pkg: Package, score: UnionScore) => void;
  } = {},
): Promise<LocomoStoreScore> {
  const budgets = opts.budgets ?? [30, 60, 100];
  const adjudicator = opts.adjudicator ?? locomoLexicalAdjudicator(sample);
  const slices = opts.packages ? null : locomoSlices([sample]);
  const packages = opts.packages ?? slices!.packages;
  const rows: StoreItemScore[] = [];
  let salience: "system" | "estimate" = "estimate";
  const solver = opts.solver ?? { bnbWork: 50_000 };
  const unionOpts = { adjudicator, budgets, selectors: STORE_SELECTORS, solver };
  for (const [i, pkg] of packages.entries()) {
    const s = await scoreUnion(pkg, store, unionOpts);
    salience = s.salienceSource;
    opts.onUnion?.(pkg, s);
    rows.push(...storeItemRows(pkg, s));
    opts.onProgress?.(i + 1, packages.length);
  }
  return {
    conversation: sample.sample_id,
    memories: store.memories.length,
    adjudicator: adjudicator.name,
    salience,
    budgets: summarizeStoreRows(rows, budgets),
    rows,
    noPackage: slices ? slices.records.filter((r) => r.outcome !== "package").length : 0,
  };
}

/** Options of {@linkcode adjudicatorFromSpec}. */
export interface AdjudicatorSpecOptions {
  /** `llm:URL`: model name (required for llm). */
  llmModel?: string;
  /** `llm:URL`: bearer token, if the endpoint needs one (the caller reads it). */
  llmApiKey?: string;
  /** `llm:URL`: most HTTP requests, retries included (default 2,000; `--llm-max-requests`). */
  llmMaxRequests?: number;
}

/**
 * An adjudicator from its command-line spelling:
 * - `lexical` (default): the deterministic lexical adjudicator with IDF over the conversation's
 *   turns ({@linkcode locomoLexicalAdjudicator});
 * - `imported:FILE`: coverage labels from a CSV/JSONL keyed by the SHA-256 of (memory text, unit
 *   text) ({@linkcode ImportedAdjudicator}); cells the file lacks count as 0 (its `hits` / `misses`
 *   say how many);
 * - `llm:URL`: an OpenAI-compatible chat endpoint ({@linkcode LlmAdjudicator}, cached, strictly
 *   parsed).
 *
 * @param sample the conversation (for the lexical IDF; only `lexical` needs one), or a function
 *   giving the lexical adjudicator of other data (a LongMemEval question's)
 * @throws {InputError} on an unknown spelling (or `lexical` without a conversation), an unreadable
 *   labels file, or `llm:` without a model or with a URL that is not http(s)
 */
export async function adjudicatorFromSpec(
  spec: string,
  sample: LocomoSample | undefined | (() => Adjudicator),
  opts: AdjudicatorSpecOptions = {},
): Promise<Adjudicator> {
  if (spec === "lexical" && sample !== undefined) {
    return typeof sample === "function" ? sample() : locomoLexicalAdjudicator(sample);
  }
  if (spec.startsWith("imported:")) {
    const file = spec.slice("imported:".length);
    const name = file.replace(/^.*[\\/]/, "").replace(/\.[^.]*$/, "") || "labels";
    return new ImportedAdjudicator(name, await loadImportedCoverage(file));
  }
  if (spec.startsWith("llm:")) {
    const baseUrl = spec.slice("llm:".length);
    if (!/^https?:\/\//.test(baseUrl)) {
      throw InputError.atRoot("--adjudicator", `expected llm:http(s)://..., got '${spec}'`);
    }
    if (!opts.llmModel) {
      const msg = "llm:URL needs a model name (--llm-model or MEMAUDIT_LLM_MODEL)";
      throw InputError.atRoot("--adjudicator", msg);
    }
    return new LlmAdjudicator({
      baseUrl,
      model: opts.llmModel,
      cacheDir: LLM_CACHE_DIR,
      maxRequests: opts.llmMaxRequests ?? 2000,
      ...(opts.llmApiKey ? { apiKey: opts.llmApiKey } : {}),
    });
  }
  const msg = `expected lexical, imported:FILE or llm:URL, got '${spec}'`;
  throw InputError.atRoot("--adjudicator", msg);
}

/** Series of the extraction-versus-selection figure, in legend order. */
export const EVIDENCE_SERIES = [
  "whole store (no budget)",
  "OPT of P+(Y) at B",
  "upper-pruned bound",
  "salience-pruned",
  "recency-pruned",
] as const;

/** One point of the extraction-versus-selection figure. */
export interface EvidencePoint {
  /** Budget B. */
  B: number;
  /** One of {@linkcode EVIDENCE_SERIES}. */
  series: (typeof EVIDENCE_SERIES)[number];
  /** Mean share of the evidence weight covered (0 when undefined). */
  share: number;
}

/**
 * The points of the extraction-versus-selection figure: per budget with scored items, what the
 * whole store holds, what OPT of P+(Y) keeps, and what each selection keeps, as shares of the
 * evidence weight ({@linkcode StoreBudgetSummary.evidence}).
 *
 * @param summaries per-budget summaries
 * @returns points in budget then series order
 */
export function evidencePoints(summaries: readonly StoreBudgetSummary[]): EvidencePoint[] {
  // The `evidence` key of each series, in EVIDENCE_SERIES order.
  const keys = ["store", "opt_union", "upper", "salience", "recency"] as const;
  return summaries.filter((b) => b.scored > 0).flatMap((b) =>
    EVIDENCE_SERIES.map((series, k) => ({ B: b.budget, series, share: b.evidence[keys[k]] ?? 0 }))
  );
}
