/**
 * The LongMemEval-S transfer diagnostic, offline half (paper 000 appendix "LongMemEval Transfer
 * Diagnostics"): does a budgeted write-time store keep the evidence retrievable, with fewer words
 * retrieved, than the raw store of every turn?
 *
 * Per question of an S file:
 * - the raw store: every turn of the haystack (a repeated session id once), one item per turn;
 * - each writer's store under budget B: the writer runs on each haystack session in turn, on a
 *   query-agnostic session package (experiences: the session's turns; candidates: the raw turn,
 *   its sentences, the window of neighbouring turns, costed as in the natural packages; units:
 *   every sentence of the session, weight 1; a candidate covers the sentences it holds), and keeps
 *   what it picks within B words; the store is the union over sessions. The writer never sees the
 *   question (the paper's separation of writing and labelling).
 * - retrieval: BM25Okapi (k1 1.5, b 0.75, epsilon 0.25; tokens: lowercased runs of letters and
 *   digits) with the question as the query over the store's items;
 * - evidence: a raw turn is evidence when it has `has_answer`; a written memory when its text holds
 *   an evidence unit of the question's natural package (an answer-bearing sentence, or the whole
 *   evidence turn where the answer was not located).
 * Reported per store: evidence recall_any@k, the words retrieved in the top k and the store's
 * words. The reader half (answers from the retrieved items, judged) needs an LLM reader: it is
 * reported as not run offline, never left out silently.
 *
 * @module
 */
import type { Candidate, Experience, Package, Unit } from "../package/schema.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import { compilePackage } from "../package/compile.ts";
import { getWriter } from "../writers/registry.ts";
import { Bm25Okapi, countTerms } from "../base/bm25.ts";
import { atomicFactCost, rawSpanCost, rawSpanText, words } from "../natural/dialogue.ts";
import { longMemEvalSupportSlice, turnSentences } from "./natural.ts";
import type { LongMemEvalInstance } from "./read.ts";

/** What the reader half says (it needs an LLM reader). */
export const TRANSFER_READER_STATUS =
  "not run offline: the reader half needs an LLM reader (answers from the retrieved items, then a judge)";

/** Tokens of the diagnostic's BM25: lowercased runs of Unicode letters and digits. */
export function transferTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** One row of the diagnostic: a store at a budget and k, means over the questions with evidence. */
export interface TransferRow {
  /** `raw` (every turn) or a writer id. */
  store: string;
  /** Budget B in words per session, or null for the raw store. */
  budget: number | null;
  /** Retrieval depth k. */
  k: number;
  /** Questions with evidence (the denominator). */
  n: number;
  /** Mean over questions of 1 if an evidence item is among the top k, else 0. */
  recall_any: number;
  /** Mean words retrieved in the top k. */
  words_retrieved: number;
  /** Mean words of the whole store. */
  store_words: number;
}

interface Item {
  text: string;
  evidence: boolean;
}

/** The query-agnostic package of one session (see the module doc). */
function sessionPackage(
  id: string,
  turns: LongMemEvalInstance["haystack_sessions"][number],
): Package {
  const lines = turns.map((t) => `${t.role}: ${t.content}`);
  const experiences: Experience[] = [];
  const candidates: Candidate[] = [];
  const units: Unit[] = [];
  turns.forEach((t, ti) => {
    const exp = `${id}_${ti + 1}`;
    experiences.push({ id: exp, order: ti });
    const sentences = turnSentences(t.content);
    sentences.forEach((s, k) =>
      units.push({ id: `${exp}::u${k}`, family: "fact", text: s, weight: 1 })
    );
    const add = (local: string, kind: "raw" | "fact", text: string) =>
      candidates.push({
        id: `${exp}::${local}`,
        experience: exp,
        kind,
        representation: kind === "raw" ? "raw_span" : "atomic_fact",
        cost: kind === "raw" ? rawSpanCost(text) : atomicFactCost(text),
        text,
      });
    add("raw", "raw", rawSpanText(lines[ti]).text);
    if (sentences.length > 1) sentences.forEach((s, k) => add(`s${k}`, "fact", s));
    const win = lines.slice(Math.max(0, ti - 1), ti + 2);
    if (win.length > 1) add("win", "raw", rawSpanText(win.join("\n")).text);
  });
  const coverage = candidates.flatMap((c) =>
    units.filter((u) => c.text!.includes(u.text!)).map((u) => ({
      candidate: c.id,
      unit: u.id,
      value: 1,
      provenance: "source",
    }))
  );
  return {
    schema_version: PACKAGE_SCHEMA_VERSION,
    id,
    experiences,
    candidates,
    units,
    queries: [{ id: `${id}_all`, importance: 1, required_units: units.map((u) => u.id) }],
    weight_source: "explicit",
    coverage,
    budgets: [1],
    group_cap: 1,
  };
}

/** recall_any@k and words retrieved of one store for one question, per k. */
function retrieve(items: readonly Item[], query: string, ks: readonly number[]) {
  const bm = new Bm25Okapi(items.map((it) => countTerms(transferTokens(it.text))));
  const top = bm.topK(transferTokens(query), Math.max(...ks));
  return ks.map((k) => {
    const hits = top.slice(0, k).map((h) => items[h.index]);
    return {
      any: hits.some((h) => h.evidence) ? 1 : 0,
      words: hits.reduce((n, h) => n + words(h.text).length, 0),
    };
  });
}

/**
 * Runs the offline transfer diagnostic over S questions.
 *
 * @param questions checked instances (an S file; {@linkcode readLongMemEval})
 * @param opts budgets per session, writers, depths
 * @returns rows (raw store, then each writer at each budget), left-out questions, the reader status
 * @throws {RangeError} for an unknown writer id
 */
export async function transferDiagnostic(
  questions: AsyncIterable<LongMemEvalInstance> | Iterable<LongMemEvalInstance>,
  opts: {
    /** Budgets B in words per session (default 30, 100). */
    budgets?: readonly number[];
    /** Writer ids (default oracle_gvt, density_only, fact_only, recency_raw, mem0_extract). */
    methods?: readonly string[];
    /** Retrieval depths (default 1, 5, 10). */
    ks?: readonly number[];
  } = {},
): Promise<{
  /** Rows, raw store first, then writers by budget. */
  rows: TransferRow[];
  /** Questions read. */
  questions: number;
  /** Questions without an evidence unit, left out of every mean (counted here). */
  left_out: string[];
  /** The reader half: {@linkcode TRANSFER_READER_STATUS}. */
  reader: string;
}> {
  const budgets = [...(opts.budgets ?? [30, 100])];
  const methods = [
    ...(opts.methods ?? ["oracle_gvt", "density_only", "fact_only", "recency_raw", "mem0_extract"]),
  ];
  const ks = [...(opts.ks ?? [1, 5, 10])];
  const writers = methods.map((m) => [m, getWriter(m)] as const);
  const keys = ["raw", ...budgets.flatMap((b) => methods.map((m) => `${m}@${b}`))];
  const sums = new Map(
    keys.map((key) => [key, { any: ks.map(() => 0), words: ks.map(() => 0), store: 0 }]),
  );
  const leftOut: string[] = [];
  let n = 0, read = 0;
  for await (const q of questions) {
    read++;
    const slice = longMemEvalSupportSlice(q, { lexical: false });
    const evidenceTexts = (slice.package?.units ?? []).map((u) => u.text!);
    if (evidenceTexts.length === 0) {
      leftOut.push(q.question_id);
      continue;
    }
    n++;
    const holds = (text: string) => evidenceTexts.some((e) => text.includes(e));
    const seen = new Set<string>();
    const raw: Item[] = [];
    const stores = new Map(keys.slice(1).map((key) => [key, [] as Item[]]));
    q.haystack_session_ids.forEach((sid, si) => {
      if (seen.has(sid)) return;
      seen.add(sid);
      const turns = q.haystack_sessions[si];
      for (const t of turns) {
        raw.push({ text: `${t.role}: ${t.content}`, evidence: t.has_answer === true });
      }
      const pkg = sessionPackage(sid, turns);
      if (pkg.units.length === 0) return;
      const cp = compilePackage(pkg);
      const text = new Map(pkg.candidates.map((c) => [c.id, c.text!]));
      for (const b of budgets) {
        for (const [m, w] of writers) {
          for (const c of w(cp, b).store) {
            stores.get(`${m}@${b}`)!.push({ text: text.get(c)!, evidence: holds(text.get(c)!) });
          }
        }
      }
    });
    for (const [key, items] of [["raw", raw] as const, ...stores]) {
      const s = sums.get(key)!;
      s.store += items.reduce((x, it) => x + words(it.text).length, 0);
      if (items.length === 0) continue;
      retrieve(items, q.question, ks).forEach((r, i) => {
        s.any[i] += r.any;
        s.words[i] += r.words;
      });
    }
  }
  const rows: TransferRow[] = [];
  for (const key of keys) {
    const s = sums.get(key)!;
    const [store, b] = key === "raw"
      ? ["raw", null]
      : [key.split("@")[0], Number(key.split("@")[1])];
    ks.forEach((k, i) =>
      rows.push({
        store,
        budget: b,
        k,
        n,
        recall_any: n === 0 ? 0 : s.any[i] / n,
        words_retrieved: n === 0 ? 0 : s.words[i] / n,
        store_words: n === 0 ? 0 : s.store / n,
      })
    );
  }
  return { rows, questions: read, left_out: leftOut, reader: TRANSFER_READER_STATUS };
}
