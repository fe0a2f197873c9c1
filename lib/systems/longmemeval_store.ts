/**
 * A memory system's stores scored on LongMemEval (issue 28 item 3; paper 000 definition 2, Table 4,
 * §5): a system run on LongMemEval writes one store per question, since each question has its own
 * haystack. Each store `DIR/<question_id>.<ext>` (any store format the readers know) is scored on
 * its question's support-slice package (lib/longmemeval/natural.ts) under the union denominator,
 * pruned by recency, salience and the exact upper-pruned bound, as a LoCoMo store is on its
 * conversation's packages; the means are over the questions scored.
 *
 * @module
 */
import { join } from "node:path";
import { ImportedAdjudicator } from "../adjudicate/imported.ts";
import type { Adjudicator } from "../adjudicate/types.ts";
import { LexicalAdjudicator } from "../adjudicate/lexical.ts";
import { adjudicatePackage } from "../adjudicate/relabel.ts";
import { InputError } from "../base/errors.ts";
import {
  LONGMEMEVAL_FLAG_REASONS,
  type LongMemEvalSlice,
  type LongMemEvalSliceOptions,
  longMemEvalSupportSlice,
} from "../longmemeval/natural.ts";
import { type LongMemEvalInstance, readLongMemEval } from "../longmemeval/read.ts";
import type { Package } from "../package/schema.ts";
import {
  adjudicatorFromSpec,
  STORE_SELECTORS,
  storeItemRows,
  type StoreItemScore,
  summarizeStoreRows,
} from "./locomo_store.ts";
import { readStoreFileDetected, type StoreFormatChoice } from "./read_store.ts";
import {
  budgetRows,
  claimViolations,
  oneStore,
  otherTarget,
  perMemoryFields,
  perMemoryRows,
  problemLines,
  type ScoredStoreFile,
  type StoreFileOptions,
  unscoredBudgets,
} from "./score_store_file.ts";
import { type LongMemEvalStores, STORE_REPORT } from "./store_report.ts";
import { scoreUnion } from "./union_score.ts";

/** Options of {@linkcode scoreLongMemEvalStores}. */
export interface LongMemEvalStoreOptions extends Pick<StoreFileOptions, "llmModel" | "llmApiKey"> {
  /** The LongMemEval file (plain JSON list or gzip, any name). */
  longmemeval: string;
  /**
   * The stores: a folder of `<question_id>.<ext>` files, or one question's store (`{ question, file
   * }`).
   */
  stores: string | { question: string; file: string };
  /** Store format of every file, or `auto` (default: detected per file). */
  format?: StoreFormatChoice;
  /** Budgets in words (default 30, 60, 100). */
  budgets?: readonly number[];
  /**
   * Coverage: `lexical` (default; IDF over each question's evidence turns), `imported:FILE` or
   * `llm:URL` (then the package's own candidates are judged by it too, so both sides of the union
   * share one judge).
   */
  adjudicator?: string;
  /** List what each memory covers (one question only: memory ids repeat across stores). */
  perMemory?: boolean;
  /** Called with each warning, as soon as it is known, and one info line at the end. */
  onNote?: (line: string, kind: "info" | "warning") => void;
  /** Called after each question scored (done so far). */
  onProgress?: (done: number) => void;
}

/**
 * The stem a store file names: its name without the last extension (a hidden file's leading dot
 * starts no extension: `.DS_Store` names `.DS_Store`, not `''`).
 */
const stemOf = (name: string) =>
  name.lastIndexOf(".") > 0 ? name.slice(0, name.lastIndexOf(".")) : name;

/** Whether a folder entry is a file, a symbolic link followed (a dangling link counts: its read fails naming it). */
async function isFileEntry(dir: string, e: Deno.DirEntry): Promise<boolean> {
  if (!e.isSymlink) return e.isFile;
  try {
    return (await Deno.stat(join(dir, e.name))).isFile;
  } catch {
    return true;
  }
}

/**
 * The store files of a folder by question id (the file name without its last extension); symbolic
 * links to files count as files.
 *
 * @throws {InputError} naming the folder when it cannot be read, or two files naming one question
 */
async function storeFiles(dir: string): Promise<Map<string, string>> {
  const byStem = new Map<string, string>();
  try {
    const names: string[] = [];
    for await (const e of Deno.readDir(dir)) if (await isFileEntry(dir, e)) names.push(e.name);
    for (const name of names.sort()) {
      const stem = stemOf(name), prev = byStem.get(stem);
      if (prev !== undefined) {
        const msg = `expected one store per question, '${prev}' and '${name}' both name '${stem}'`;
        throw new InputError(dir, { path: name }, msg);
      }
      byStem.set(stem, name);
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    const msg = `expected a folder of store files <question_id>.<ext> (${(err as Error).message})`;
    throw InputError.atRoot(dir, msg);
  }
  return byStem;
}

/** A short list of ids for a warning. */
const some = (ids: readonly string[]) =>
  `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? `, ... (${ids.length} in all)` : ""}`;

/** Per question: its lexical adjudicator (IDF over its evidence turns) or the shared one. */
type JudgeOf = (pkg: Package) => Adjudicator;

/** One question's store, scored. */
type QuestionScore = Awaited<ReturnType<typeof scoreQuestion>>;

/** Scores one store file on one question's package. */
async function scoreQuestion(
  o: LongMemEvalStoreOptions,
  pkg: Package,
  qid: string,
  file: string,
  judge: Adjudicator,
  budgets: readonly number[],
  warn: (w: string) => void,
) {
  const read = await readStoreFileDetected(file, o.format ?? "auto", {});
  const store = oneStore(read, file, qid, true);
  if (store.memories.length === 0) {
    warn(`${qid}: the store holds no memories: scored as empty (F = 0, every ratio 0)`);
  }
  for (const w of otherTarget(store, qid)) warn(`${qid}: ${w}`);
  const selectors = STORE_SELECTORS;
  const solver = { bnbWork: 50_000 };
  const score = await scoreUnion(pkg, store, { adjudicator: judge, budgets, selectors, solver });
  for (const p of problemLines(score)) warn(`${qid}: ${p}`);
  return {
    store,
    format: read.format,
    reason: read.reason,
    rows: storeItemRows(pkg, score),
    pkg,
    score,
    adjudicator: judge.name,
  };
}

/**
 * The question's support slice; a question id with no character a package id keeps (ASCII letters,
 * digits, `._-`) is an {@linkcode InputError} naming the file and the element's `question_id`.
 */
function sliceOf(
  q: LongMemEvalInstance,
  file: string,
  index: number,
  opts: LongMemEvalSliceOptions,
): LongMemEvalSlice {
  try {
    return longMemEvalSupportSlice(q, opts);
  } catch (err) {
    if (!(err instanceof RangeError) || !/safe id/.test(err.message)) throw err;
    const msg =
      `expected an id with an ASCII letter or digit (package ids keep A-Z, a-z, 0-9, '._-'), got '${q.question_id}'`;
    throw new InputError(file, { path: `[${index}].question_id` }, msg);
  }
}

/**
 * The LongMemEval reader's notes to pass on: those on the file, and those on a question with a
 * store (the others change no number here). A question id may hold a quote, so the id is matched
 * whole, as the reader spells it.
 */
const readerNotes =
  (files: ReadonlyMap<string, string>, warn: (w: string) => void) => (w: string) => {
    const named = (q: string) => w.includes(`question '${q}': `) || w.includes(`question '${q}' (`);
    if (!w.includes("question '") || [...files.keys()].some(named)) warn(w);
  };

/** A warning when an imported labeling lacked cells it was asked for (they count as 0). */
function labelMisses(o: LongMemEvalStoreOptions, judge?: Adjudicator): string | undefined {
  if (!(judge instanceof ImportedAdjudicator) || judge.misses === 0) return undefined;
  return `${o.adjudicator}: ${judge.misses} of ${
    judge.hits + judge.misses
  } (text, unit) cell(s) looked up are not in the labeling, counted as coverage 0`;
}

/** The judge per question from the `--adjudicator` spelling. */
async function judgeFor(
  o: LongMemEvalStoreOptions,
): Promise<{ of: JudgeOf; relabel: boolean; shared?: Adjudicator }> {
  const spec = o.adjudicator ?? "lexical";
  if (spec === "lexical") {
    return {
      of: (pkg) => new LexicalAdjudicator({ corpus: pkg.experiences.map((e) => e.text ?? "") }),
      relabel: false,
    };
  }
  const shared = await adjudicatorFromSpec(spec, undefined, o);
  return { of: () => shared, relabel: true, shared };
}

/**
 * Scores a system's LongMemEval stores: each question of the file (streamed) that has a store file
 * is converted to its support-slice package and its store scored on it (union ratio and package
 * ratio of the recency-, salience- and upper-pruned selections at each budget).
 *
 * Warnings (also passed to `onNote`): the LongMemEval reader's notes (on the file, or on a question
 * that has a store), each store reader's notes (prefixed with the question id), questions without a
 * store (the means leave them out), stores of flagged questions (not scored), files naming no
 * question, a store naming another question, budgets where no item has a ratio, questions whose
 * package optimum is 0 at every budget, cells an imported labeling lacks (counted as 0), stores
 * whose memories have no time (recency then takes export order), and salience from the system on
 * some stores but not others.
 *
 * @param o the LongMemEval file, the stores (folder or one question's file), format, budgets,
 *   adjudicator
 * @returns the report (its `longmemeval` says which questions were scored), the item rows (one per
 *   question and budget), the means, and the claims that failed
 * @throws {InputError} naming the file for a bad LongMemEval file, folder or store file, a question
 *   id the file lacks (one-question form), a flagged question (one-question form), no store naming
 *   a question of the file, or a bad adjudicator spelling
 */
export async function scoreLongMemEvalStores(
  o: LongMemEvalStoreOptions,
): Promise<ScoredStoreFile> {
  const budgets = [...(o.budgets ?? [30, 60, 100])];
  const one = typeof o.stores === "string" ? undefined : o.stores;
  const files = one !== undefined ? new Map([[one.question, one.file]]) : new Map(
    [...await storeFiles(o.stores as string)].map(([q, n]) => [q, join(o.stores as string, n)]),
  );
  const where = one !== undefined ? one.file : o.stores as string;
  const warnings: string[] = [];
  const warn = (w: string) => {
    warnings.push(w);
    o.onNote?.(w, "warning");
  };
  const judge = await judgeFor(o);
  const seen = new Set<string>();
  const lme: LongMemEvalStores = {
    file: o.longmemeval,
    questions: 0,
    scored: [],
    missing: [],
    flagged: [],
    unused: [],
  };
  const scored: QuestionScore[] = [];
  const sliceOpts = { budgets, ...(judge.relabel ? { lexical: false as const } : {}) };
  const readerNote = readerNotes(files, warn);
  for await (const q of readLongMemEval(o.longmemeval, { onWarning: readerNote })) {
    lme.questions++;
    const file = files.get(q.question_id);
    if (file === undefined) {
      if (one === undefined) lme.missing.push(q.question_id);
      continue;
    }
    seen.add(q.question_id);
    const slice = sliceOf(q, o.longmemeval, lme.questions - 1, sliceOpts);
    if (slice.status === "flagged") {
      const reason = slice.reasons.map((r) => LONGMEMEVAL_FLAG_REASONS[r]).join("; ");
      if (one !== undefined) {
        const msg =
          `expected a question with located evidence to score the store on, it is flagged: ${reason}`;
        throw new InputError(o.longmemeval, { path: q.question_id }, msg);
      }
      lme.flagged.push({ question_id: q.question_id, reason });
      continue;
    }
    let pkg = slice.package!;
    const adj = judge.of(pkg);
    if (judge.relabel) pkg = await adjudicatePackage(pkg, adj);
    scored.push(await scoreQuestion(o, pkg, q.question_id, file, adj, budgets, warn));
    lme.scored.push(q.question_id);
    o.onProgress?.(scored.length);
  }
  lme.unused = [...files.keys()].filter((k) => !seen.has(k)).map((k) => files.get(k)!);
  if (one !== undefined && scored.length === 0) {
    const msg =
      `expected a question '${one.question}', the file's ${lme.questions} questions do not include it`;
    throw InputError.atRoot(o.longmemeval, msg);
  }
  if (scored.length === 0 && lme.flagged.length === 0) {
    const msg =
      `expected store files named <question_id>.<ext> for questions of ${o.longmemeval}; none of its ${files.size} file(s) names one of its ${lme.questions} questions`;
    throw InputError.atRoot(where, msg);
  }
  const misses = labelMisses(o, judge.shared);
  if (misses !== undefined) warn(misses);
  return finish(o, budgets, lme, scored, warnings, warn, where);
}

/**
 * The questions whose certified package optimum is 0 at every budget, and whether some candidate
 * covers a unit (then the budgets are too small for it); when none does, no text can cover a unit
 * (under lexical, e.g. a unit of fewer than two word stems, `* Mummies (4):`). No budget gives them
 * a ratio, so the means leave them out. One warning per cause.
 */
function neverScored(scored: readonly QuestionScore[]): string[] {
  const never = scored.filter((s) => s.rows.every((r) => r.certified && r.opt_package === 0));
  const out: string[] = [];
  for (const covers of [false, true]) {
    const ids = never.filter((s) => s.pkg.coverage.some((c) => c.value > 0) === covers)
      .map((s) => s.rows[0]?.question_id ?? s.pkg.id);
    if (ids.length === 0) continue;
    out.push(
      `${ids.length} scored question(s) have a package optimum of 0 at every budget (${
        covers
          ? "no candidate that covers a unit fits the largest budget"
          : "no candidate covers a unit"
      }), left out of the means: ${some(ids)}`,
    );
  }
  return out;
}

/** The rows sorted by question id (UTF-16 code units; ids are unique in a file), then budget order kept. */
const byQuestionId = (rows: readonly StoreItemScore[]): StoreItemScore[] =>
  [...rows].sort((a, b) => {
    const x = a.question_id ?? a.package, y = b.question_id ?? b.package;
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The report of {@linkcode scoreLongMemEvalStores} from the scored questions. */
function finish(
  o: LongMemEvalStoreOptions,
  budgets: readonly number[],
  lme: LongMemEvalStores,
  scored: readonly QuestionScore[],
  warnings: string[],
  warn: (w: string) => void,
  where: string,
): ScoredStoreFile {
  if (lme.missing.length > 0) {
    warn(
      `${lme.missing.length} of ${lme.questions} question(s) have no store file, left out of the means: ${
        some(lme.missing)
      }`,
    );
  }
  for (const f of lme.flagged) {
    warn(`${f.question_id}: its store is not scored: the question is flagged (${f.reason})`);
  }
  if (lme.unused.length > 0) {
    warn(
      `${lme.unused.length} file(s) name no question of the file, not read: ${some(lme.unused)}`,
    );
  }
  const rows = scored.flatMap((s) => s.rows);
  // The means are summed in question-id order, so the file's question order leaves them alone.
  const summaries = summarizeStoreRows(byQuestionId(rows), budgets);
  for (const w of unscoredBudgets(summaries)) warn(w);
  for (const w of neverScored(scored)) warn(w);
  const untimed = scored.filter((s) =>
    s.store.memories.every((m) => m.created_at === undefined && m.updated_at === undefined)
  ).map((s) => s.rows[0]?.question_id ?? s.pkg.id);
  if (untimed.length > 0) {
    warn(
      `recency: ${untimed.length} store(s) give no memory a time, so recency pruning takes export order (the last memory as the newest): ${
        some(untimed)
      }`,
    );
  }
  const saliences = new Set(scored.map((s) => s.score.salienceSource));
  if (saliences.size > 1) {
    warn(
      "salience: some stores carry the system's scores and some do not; those without are pruned by the query-blind estimate",
    );
  }
  const formats = [...new Set(scored.map((s) => s.format))].sort();
  const reasons = [...new Set(scored.map((s) => s.reason))];
  const perMemory = o.perMemory === true && scored.length === 1
    ? perMemoryRows([{ pkg: scored[0].pkg, score: scored[0].score }])
    : undefined;
  const target =
    `LongMemEval ${lme.file}: ${lme.scored.length} of ${lme.questions} question(s) scored`;
  const memories = scored.reduce((a, s) => a + s.store.memories.length, 0);
  const info = `${target}; ${where} read as ${
    formats.join(", ") || "-"
  }: ${memories} memories in ${scored.length} store(s)`;
  o.onNote?.(info, "info");
  const report = STORE_REPORT.json({
    format: formats.join(", "),
    memories,
    budgets: budgetRows(summaries),
    format_reason: reasons.length === 1 ? reasons[0] : "detected per file",
    store: where,
    longmemeval: lme,
    adjudicator: scored[0]?.adjudicator ?? (o.adjudicator ?? "lexical"),
    salience_source: saliences.has("estimate") || saliences.size === 0 ? "estimate" : "system",
    warnings,
    ...perMemoryFields(perMemory),
  });
  return { report, rows, summaries, info, target, violations: claimViolations(rows, summaries) };
}
