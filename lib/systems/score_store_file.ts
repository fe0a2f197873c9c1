/**
 * The whole `memaudit store` workflow as one function (issue 27 item 1, issue 30 items 3-4): read a
 * store file, check it (one store for the target, with memories), score it under the union
 * denominator (paper 000 definition 2, Table 4; ARTIFACT-SPEC §6.5) on a LoCoMo conversation's
 * support slices or on the user's own package, and return a {@linkcode StoreReport} with every
 * warning, optionally what each memory covers. The CLI and notebook 10 both call
 * {@linkcode scoreStoreFile}.
 *
 * @module
 */
import type { Adjudicator } from "../adjudicate/types.ts";
import { InputError } from "../base/errors.ts";
import { describeLocomo, locomoConversation } from "../natural/data_source.ts";
import { compilePackage } from "../package/compile.ts";
import { readPackageFrom } from "../package/read_any.ts";
import type { Package } from "../package/schema.ts";
import {
  adjudicatorFromSpec,
  type LocomoStoreScore,
  scoreStoreOnLocomo,
  STORE_SELECTIONS,
  STORE_SELECTORS,
  type StoreBudgetSummary,
  storeItemRows,
  type StoreItemScore,
  summarizeStoreRows,
} from "./locomo_store.ts";
import { wordCost } from "./cost_models.ts";
import type { MemoryStore } from "./memory_store.ts";
import { packageLexical, type Unmatchable } from "./package_lexical.ts";
import { packageTextAdjudicator } from "./package_text_adjudicator.ts";
import {
  readStoreFileDetected,
  type ReadStoreFileResult,
  type StoreFormatChoice,
} from "./read_store.ts";
import {
  type PerMemoryRow,
  STORE_REPORT,
  type StoreBudgetRow,
  type StoreReport,
} from "./store_report.ts";
import { scoreUnion, type UnionScore } from "./union_score.ts";

/** What a store is scored on: a LoCoMo conversation or the user's own package. */
export type StoreTarget =
  | {
    /** LoCoMo: the conversation's support-slice packages. */
    kind: "locomo";
    /** Sample id, e.g. `conv-26`. */
    conversation: string;
    /** `locomo8`, `locomo10` or a path (default `$MEMAUDIT_LOCOMO`, the cache, ../shared). */
    data?: string;
  }
  | {
    /** The user's own package (a JSON file or a CSV folder). */
    kind: "package";
    /** Its path. */
    path: string;
  };

/** Options of {@linkcode scoreStoreFile}. */
export interface StoreFileOptions {
  /** The store file. */
  store: string;
  /** What it is scored on. */
  target: StoreTarget;
  /** Store format, or `auto` (default). */
  format?: StoreFormatChoice;
  /** Budgets (default: 30, 60, 100 words on LoCoMo; the package's own budgets). */
  budgets?: readonly number[];
  /**
   * Coverage: `lexical` (default), `package_text` (package only: exact copies of candidate texts),
   * `imported:FILE` or `llm:URL`.
   */
  adjudicator?: string;
  /** `llm:URL`: the model and bearer token. */
  llmModel?: string;
  /** `llm:URL`: the bearer token, if any. */
  llmApiKey?: string;
  /** List what each memory covers (`per_memory`, `covers_nothing`). */
  perMemory?: boolean;
  /** Called with the info line (what was read) and each warning, as soon as each is known. */
  onNote?: (line: string, kind: "info" | "warning") => void;
}

/** Result of {@linkcode scoreStoreFile}. */
export interface ScoredStoreFile {
  /** The report (`--json`), checked against its schema. */
  report: StoreReport;
  /** Every (package, budget): the rows of `store_items.csv`. */
  rows: StoreItemScore[];
  /** Per budget, with the evidence shares of the extraction-versus-selection figure. */
  summaries: StoreBudgetSummary[];
  /** What was read, in one line (printed on stderr by the CLI). */
  info: string;
  /** What it was scored on, in words (`LoCoMo: locomo8.json (...)` or `package ...`). */
  target: string;
  /** Where a union ratio exceeds its package ratio or 1 (a failed claim), empty when none. */
  violations: string[];
}

/**
 * The one store of the file for the target.
 *
 * @param file its path (for errors)
 * @param target the conversation, package or question id a store may name
 * @param allowEmpty accept a store without memories (one of many per-question stores: an empty one
 *   is the system's answer, scored 0, not a reason to stop)
 * @throws {InputError} naming the file when it holds no store or several for the target, or a store
 *   without memories (unless `allowEmpty`)
 */
export function oneStore(
  read: ReadStoreFileResult,
  file: string,
  target: string,
  allowEmpty = false,
): MemoryStore {
  const matching = read.stores.length === 1
    ? read.stores
    : read.stores.filter((s) => s.instance === target);
  if (matching.length !== 1) {
    const msg = `expected one store for ${target}, the file holds ${read.stores.length} (${
      read.stores.map((s) => `${s.instance ?? "?"}/${s.system}`).join(", ")
    })${matching.length > 1 ? `, ${matching.length} of them for ${target}` : ""}`;
    throw InputError.atRoot(file, msg);
  }
  if (matching[0].memories.length === 0 && !allowEmpty) {
    throw InputError.atRoot(file, "expected a store with memories, it has none");
  }
  return matching[0];
}

/** The warning for a store whose file names another conversation, package or question. */
export const otherTarget = (store: MemoryStore, target: string): string[] =>
  store.instance !== undefined && store.instance !== target
    ? [`the store looks like ${store.instance}'s (from its file), scored on ${target}`]
    : [];

/** The reader's notes as warning lines. */
export const problemLines = (store: { problems: MemoryStore["problems"] }) =>
  store.problems.map((p) =>
    `${p.code}: ${p.record}${p.field !== undefined ? ` ${p.field}` : ""}: ${p.detail}`
  );

/**
 * Places where a union ratio is above its package ratio or above 1 (a failed claim).
 *
 * @returns one line per place, empty when none
 */
export function claimViolations(
  rows: readonly StoreItemScore[],
  budgets: readonly StoreBudgetSummary[],
) {
  const bad: string[] = [];
  const keys = Object.keys(STORE_SELECTIONS) as (keyof typeof STORE_SELECTIONS)[];
  for (const row of rows) {
    for (const k of keys) {
      const u = row.union_ratio[k], p = row.package_ratio[k];
      if (u !== null && (u > 1 + 1e-9 || (p !== null && u > p + 1e-9))) {
        bad.push(`${row.package} B=${row.budget} ${k}`);
      }
    }
  }
  for (const b of budgets) {
    for (const k of keys) {
      const u = b.union_ratio[k], p = b.package_ratio[k];
      if (u !== null && p !== null && u > p + 1e-9) bad.push(`mean B=${b.budget} ${k}`);
    }
  }
  return bad;
}

/** The budgets' rows of the report. */
export const budgetRows = (budgets: readonly StoreBudgetSummary[]): StoreBudgetRow[] =>
  budgets.map((b) => ({
    budget: b.budget,
    items: b.items,
    certified: b.certified,
    union_ratio: b.union_ratio,
    package_ratio: b.package_ratio,
    scored: b.scored,
    degenerate: b.degenerate,
  }));

/** A unit's weight and the best coverage of it by one memory. */
type WeightValue = { w: number; v: number };

/**
 * Per memory, over the union scores of every package: its cost, the units of positive weight it
 * covers (on LoCoMo unit ids name their package, `conv-26_q0::D1_3`), where the upper-pruned
 * selection keeps it.
 *
 * @param unions each package with the store's union score on it
 * @returns one row per memory, in the first score's time order
 */
export function perMemoryRows(
  unions: readonly { pkg: Package; score: UnionScore }[],
): PerMemoryRow[] {
  const rows = new Map<string, { memory: string; cost: number; at: Map<string, WeightValue> }>();
  const kept = new Map<string, Set<number>>();
  for (const { pkg, score } of unions) {
    const w = compilePackage(pkg).weights;
    const weightOf = new Map(pkg.units.map((u, i) => [u.id, w[i]]));
    for (const m of score.memories) {
      const r = rows.get(m.id) ?? { memory: m.id, cost: m.cost, at: new Map() };
      for (const e of m.coverage) {
        const prev = r.at.get(e.unit) ?? { w: 0, v: 0 };
        r.at.set(e.unit, {
          w: Math.max(prev.w, weightOf.get(e.unit) ?? 0),
          v: Math.max(prev.v, e.value),
        });
      }
      rows.set(m.id, r);
    }
    for (const b of score.budgets) {
      const upper = b.selections.find((s) => s.selector === "upper_pruned");
      for (const id of upper?.memories ?? []) {
        kept.set(id, (kept.get(id) ?? new Set()).add(b.budget));
      }
    }
  }
  const budgets = unions[0]?.score.budgets.map((b) => b.budget) ?? [];
  return [...rows.values()].map(({ at, ...r }) => {
    const units = [...at].filter(([, x]) => x.v > 0 && x.w > 0)
      .map(([unit, x]) => ({ unit, weight: x.w, value: x.v }));
    return {
      ...r,
      units,
      weight: units.reduce((a, u) => a + u.weight * u.value, 0),
      kept_upper: budgets.filter((b) => kept.get(r.memory)?.has(b)),
      covers_nothing: units.length === 0,
    };
  });
}

/** The report's `covers_nothing` and `per_memory`, when the rows were asked for. */
export const perMemoryFields = (rows: PerMemoryRow[] | undefined) =>
  rows === undefined ? {} : { covers_nothing: coversNothing(rows), per_memory: rows };

/** The `covers_nothing` summary of per-memory rows. */
export function coversNothing(
  rows: readonly PerMemoryRow[],
): NonNullable<StoreReport["covers_nothing"]> {
  const none = rows.filter((r) => r.covers_nothing);
  const cost = (rs: readonly PerMemoryRow[]) => rs.reduce((a, r) => a + r.cost, 0);
  return {
    memories: none.length,
    share: rows.length > 0 ? none.length / rows.length : 0,
    cost_share: cost(rows) > 0 ? cost(none) / cost(rows) : 0,
  };
}

/** What one target's scoring gives back to {@linkcode scoreStoreFile}. */
interface TargetScore {
  head: Pick<StoreReport, "conversation" | "package">;
  tail: Pick<StoreReport, "locomo_data" | "package_file">;
  target: string;
  store: MemoryStore;
  warnings: string[];
  rows: StoreItemScore[];
  summaries: StoreBudgetSummary[];
  adjudicator: string;
  salience: "system" | "estimate";
  unions: { pkg: Package; score: UnionScore }[];
  unmatchable?: Unmatchable;
}

/**
 * Scores a store file on a LoCoMo conversation or on the user's own package.
 *
 * Checks, in order: the store file reads (its problems are named before missing LoCoMo data); it
 * holds exactly one store for the target (a file with several is refused); the store has memories;
 * the target reads (LoCoMo located and holding the conversation, or the package validates and has
 * budgets). Warnings (also passed to `onNote`): the reader's notes, a store that names another
 * conversation or package, and on a package: the scoring's own notes and the weighted units the
 * lexical adjudicator cannot match (with their weight).
 *
 * @param opts the store, the target, format, budgets, adjudicator, per-memory listing
 * @returns the report, the item rows, the summaries, and the claims that failed
 * @throws {InputError} naming the file for a bad store, package or LoCoMo file, a file with several
 *   stores or none with memories, a missing conversation, or a bad adjudicator spec
 */
export async function scoreStoreFile(opts: StoreFileOptions): Promise<ScoredStoreFile> {
  const format = opts.format ?? "auto";
  const t = opts.target;
  const readOpts = t.kind === "locomo" ? { conversation: t.conversation } : {};
  const read = await readStoreFileDetected(opts.store, format, readOpts);
  const s = t.kind === "locomo"
    ? await onLocomo(opts, t, read)
    : await onPackage(opts, t.path, read);
  const info = infoLine(opts.store, s.store, read, s.target);
  const perMemory = opts.perMemory ? perMemoryRows(s.unions) : undefined;
  const report = STORE_REPORT.json({
    ...s.head,
    format: read.format,
    memories: s.store.memories.length,
    budgets: budgetRows(s.summaries),
    format_reason: read.reason,
    store: opts.store,
    ...s.tail,
    adjudicator: s.adjudicator,
    salience_source: s.salience,
    warnings: s.warnings,
    ...(s.unmatchable !== undefined ? { unmatchable: s.unmatchable } : {}),
    ...perMemoryFields(perMemory),
  });
  return {
    report,
    rows: s.rows,
    summaries: s.summaries,
    info,
    target: s.target,
    violations: claimViolations(s.rows, s.summaries),
  };
}

/** {@linkcode scoreStoreFile} on a LoCoMo conversation's support slices. */
async function onLocomo(
  o: StoreFileOptions,
  tl: Extract<StoreTarget, { kind: "locomo" }>,
  rd: ReadStoreFileResult,
): Promise<TargetScore> {
  const store = oneStore(rd, o.store, tl.conversation);
  const { found, samples, sample } = await locomoConversation(tl.conversation, tl.data);
  const target = describeLocomo(found, samples.length);
  const adjudicator = await adjudicatorFromSpec(o.adjudicator ?? "lexical", sample, o);
  const warnings = [...problemLines(store), ...otherTarget(store, tl.conversation)];
  note(o, store, rd, target, warnings);
  const unions: { pkg: Package; score: UnionScore }[] = [];
  const r: LocomoStoreScore = await scoreStoreOnLocomo(sample, store, {
    budgets: o.budgets ?? [30, 60, 100],
    adjudicator,
    ...(o.perMemory ? { onUnion: (pkg, score) => unions.push({ pkg, score }) } : {}),
  });
  return {
    head: { conversation: r.conversation },
    tail: { locomo_data: { name: found.name, path: found.path, via: found.via } },
    target,
    store,
    warnings,
    rows: r.rows,
    summaries: r.budgets,
    adjudicator: r.adjudicator,
    salience: r.salience,
    unions,
  };
}

/**
 * The warning that a store's memories (priced in words) and the package's candidates (at their
 * declared costs) may not share a unit: when some candidate with text is not priced at its word
 * count, or none has text. The union, its OPT and the budgets take both as one unit.
 */
function costUnitWarning(pkg: Package): string | undefined {
  const texts = pkg.candidates.filter((c) => (c.text ?? "").trim() !== "");
  const off = texts.filter((c) => c.cost !== wordCost(c.text!));
  const where = "memories are priced in words and the package's candidates at their declared " +
    "costs, and the union and its budgets take both as one unit";
  if (texts.length === 0) {
    return `costs: ${where}; no candidate has a text to check that they are words`;
  }
  if (off.length === 0) return undefined;
  const c = off[0];
  return `costs: ${where}, but ${off.length} of ${texts.length} candidates with text are not ` +
    `priced at their word count (e.g. ${c.id}: cost ${c.cost}, ${wordCost(c.text!)} words)`;
}

/** {@linkcode scoreStoreFile} on the user's own package. */
async function onPackage(
  o: StoreFileOptions,
  path: string,
  rd: ReadStoreFileResult,
): Promise<TargetScore> {
  const { pkg } = await readPackageFrom(path);
  const store = oneStore(rd, o.store, pkg.id);
  const budgets = o.budgets ?? pkg.budgets;
  if (budgets.length === 0) {
    throw new InputError(path, { path: "budgets" }, "expected budgets: the package lists none");
  }
  const spec = o.adjudicator ?? "lexical";
  const lex = spec === "lexical" ? packageLexical(pkg) : undefined;
  const adjudicator: Adjudicator = lex?.adjudicator ??
    (spec === "package_text"
      ? packageTextAdjudicator(pkg)
      : await adjudicatorFromSpec(spec, undefined, o));
  const target =
    `package ${pkg.id} (${path}: ${pkg.units.length} units, ${pkg.candidates.length} candidates)`;
  const score = await scoreUnion(pkg, store, { adjudicator, budgets, selectors: STORE_SELECTORS });
  const warnings = [...problemLines(score), ...otherTarget(store, pkg.id)];
  const un = lex?.unmatchable;
  if (un !== undefined && un.units.length > 0) {
    warnings.push(
      `unmatchable: ${un.units.length} weighted unit(s) have no text and no covering candidate ` +
        `with text (${un.units.join(", ")}): no memory can cover weight ${un.weight} ` +
        `(${(100 * un.share).toFixed(1)} % of the package's)`,
    );
  }
  if (spec === "package_text") {
    warnings.push(
      "package_text: only memories copying a candidate's text word for word get coverage",
    );
  }
  const units = costUnitWarning(pkg);
  if (units !== undefined) warnings.push(units);
  const rows = storeItemRows(pkg, score);
  const summaries = summarizeStoreRows(rows, budgets);
  warnings.push(...unscoredBudgets(summaries));
  note(o, store, rd, target, warnings);
  return {
    head: { package: pkg.id },
    tail: { package_file: path },
    target,
    store,
    warnings,
    rows,
    summaries,
    adjudicator: adjudicator.name,
    salience: score.salienceSource,
    unions: [{ pkg, score }],
    ...(un !== undefined ? { unmatchable: un } : {}),
  };
}

/** A warning per budget whose items are all left out of the means (every ratio null). */
export const unscoredBudgets = (budgets: readonly StoreBudgetSummary[]): string[] =>
  budgets.filter((b) => b.items > 0 && b.scored === 0).map((b) =>
    `B=${b.budget}: no ratio: ${
      b.degenerate > 0
        ? "the package's optimum is 0 at this budget"
        : "the package's optimum is not certified"
    } (${b.items - b.scored} of ${b.items} item(s) left out of the means)`
  );

/** What was read, in one line. */
const infoLine = (file: string, store: MemoryStore, rd: ReadStoreFileResult, target: string) =>
  `${target}; ${file} read as ${rd.format}` +
  ` (${rd.reason === "given" ? "given by --format" : `detected: ${rd.reason}`})` +
  `: ${store.memories.length} memories, ${store.problems.length} adapter note(s)`;

/** Passes the info line and the warnings to `onNote`. */
function note(
  o: StoreFileOptions,
  store: MemoryStore,
  rd: ReadStoreFileResult,
  target: string,
  warnings: readonly string[],
): void {
  if (o.onNote === undefined) return;
  o.onNote(infoLine(o.store, store, rd, target), "info");
  for (const w of warnings) o.onNote(w, "warning");
}
