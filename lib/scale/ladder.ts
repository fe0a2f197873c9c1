/**
 * Evidence-preserving, nested scale ladders (paper 002 §3.1 "evidence-preserving
 * scale ladder"; COMPANIONS §1(a)1, §1(e), §6.3).
 *
 * For each query q the ladder builds histories H^(s_j)(q), j = 0, 1, …, with
 * - E(q) ⊆ H^(s_j)(q) at every scale, the evidence sessions identical (same
 *   ids, turns and dates) at every scale;
 * - H^(s_j)(q) \ E(q) = the first N_irr(s_j) sessions of one seeded
 *   permutation of q's filler pool, so H^(s_j) ⊂ H^(s_j+1) (nested);
 * - the filler pool: q's own non-evidence sessions first (shuffled), then the
 *   source's cross-instance pool (shuffled; never a session of q's own group,
 *   never an evidence-like session, see the sources);
 * - the random stream seeded from (seed, query id) only
 *   (`seedrandom("<seed>/<query id>/filler")`, `…/dates`, `…/ties`), so
 *   adding queries, or adding larger scales, changes no earlier ladder;
 * - dates: evidence and own sessions keep theirs; each cross-instance
 *   filler gets a seeded date, uniform over whole minutes in
 *   [earliest haystack date, question date) (the earliest date when that
 *   range is empty, but never after the question); sessions are sorted by
 *   date, ties by a seeded key (then id).
 *
 * The token proxy per history is words × 4/3 (whitespace-separated words of
 * every turn): a declared proxy, not a tokenizer (the paper's is not stated).
 *
 * @module
 */
import { readJsonl } from "../base/jsonl.ts";
import { SeededRandom } from "../base/rng/seeded_random.ts";
import {
  makeFolder,
  readJsonArrayLines,
  readJsonInput,
  readTextInput,
  writeJsonArrayLinesAtomic,
  writeTextAtomic,
} from "../base/fs.ts";
import { InputError } from "../base/errors.ts";
import { formatLongMemEvalDate, parseLongMemEvalDate } from "./sources/dates.ts";
import { type LongMemEvalInstance, parseLongMemEval } from "./sources/longmemeval.ts";
import type {
  EvidenceNeed,
  LadderIssue,
  LadderQuery,
  LadderSession,
  LadderSource,
} from "./sources/types.ts";

/** The paper's ladder: N_irr = 0, 100, 200, 300, 400 (paper 002 §3.1). */
export const PAPER_LADDER: readonly number[] = [0, 100, 200, 300, 400];

/** LoCoMo's default ladder before the largest reachable value is added (COMPANIONS §6.3). */
export const LOCOMO_LADDER: readonly number[] = [0, 50, 100, 150];

/** How the token proxy is computed (printed beside every token count). */
export const TOKEN_PROXY_METHOD = "words × 4/3 (whitespace words of every turn; not a tokenizer)";

/** One scale of a ladder: its label (`s0`, `s1`, …) and N_irr. */
export interface LadderScale {
  /** Scale label (`s0`, `s1`, …). */
  label: string;
  /**
   * N_irr: irrelevant sessions added at this scale. At an `all` scale, the largest number any
   * query gets (each query's own count is in its manifest row).
   */
  nIrr: number;
  /** True at the `all` scale: every one of the query's own non-evidence sessions. */
  all?: boolean;
}

/** The token proxy of one history. */
export interface TokenProxy {
  /** Always {@linkcode TOKEN_PROXY_METHOD}. */
  method: string;
  /** Whitespace-separated words over every turn of every session. */
  words: number;
  /** round(words × 4 / 3). */
  tokens: number;
}

/** One query at one scale. */
export interface LadderRung {
  /** The scale. */
  scale: LadderScale;
  /** H^(s)(q): evidence and filler, sorted by (date, seeded tie key, id). */
  sessions: LadderSession[];
  /** The filler sessions' ids in draw order (a prefix of the next scale's). */
  fillerIds: string[];
  /** Token proxy of the history (words × 4/3). */
  tokenProxy: TokenProxy;
}

/** The ladder of one query. */
export interface QueryLadder {
  /** The query and what the ladder keeps fixed. */
  query: LadderQuery;
  /** Size of the query's filler pool (own plus cross-instance). */
  reachable: number;
  /** One rung per scale, in ladder order. */
  rungs: LadderRung[];
}

/** A built ladder. */
export interface Ladder {
  /** The source kind and files. */
  source: { kind: string; files: string[] };
  /** Global seed. */
  seed: number | string;
  /** Scales in ladder order. */
  scales: LadderScale[];
  /**
   * What the pools allow: the smallest and largest filler pool over the
   * selected queries, and a sentence saying which scales were reachable.
   */
  reachable: { min: number; max: number; note: string };
  /** Per-query ladders, in source order. */
  queries: QueryLadder[];
  /** The source's issues, then the ladder's (`query_unreachable`). */
  issues: LadderIssue[];
}

/** One manifest row (one query at one scale). */
export interface ManifestRow {
  /** Query id (LongMemEval `question_id`, LoCoMo `<sample_id>_q<index>`). */
  queryId: string;
  /** The scale. */
  scale: string;
  /** N_irr: irrelevant sessions added at this scale. */
  nIrr: number;
  /** E(q): evidence session ids, identical at every scale. */
  evidenceIds: string[];
  /** Filler session ids in draw order. */
  fillerIds: string[];
  /** Global seed. */
  seed: number | string;
  /** The per-query stream: `seedrandom("<seed>/<queryId>/filler")`. */
  stream: string;
  /** Token proxy of the history (words × 4/3). */
  tokenProxy: TokenProxy;
  /** Structural-judge rule: all evidence sessions needed, or any. */
  need: EvidenceNeed;
  /** Abstention question. */
  abstention: boolean;
}

const wordCache = new WeakMap<LadderSession["turns"], number>();

/** Whitespace-separated words over the turns of a session (cached per turn list). */
export function sessionWords(s: LadderSession): number {
  let w = wordCache.get(s.turns);
  if (w === undefined) {
    w = 0;
    for (const t of s.turns) {
      const m = t.content.match(/\S+/g);
      w += m ? m.length : 0;
    }
    wordCache.set(s.turns, w);
  }
  return w;
}

function byId(a: LadderSession, b: LadderSession): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first `k` items of a Fisher–Yates shuffle drawn from the front (prefix-stable in k). */
function partialShuffle<T>(items: T[], k: number, rng: SeededRandom): T[] {
  const a = items.slice();
  const n = Math.min(k, a.length);
  for (let i = 0; i < n; i++) {
    const j = i + rng.randbelow(a.length - i);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a.slice(0, n);
}

function streamName(seed: number | string, queryId: string, part: string): string {
  return `${seed}/${queryId}/${part}`;
}

interface Placed {
  session: LadderSession;
  tie: number;
}

function order(a: Placed, b: Placed): number {
  return a.session.date - b.session.date || a.tie - b.tie || byId(a.session, b.session);
}

/**
 * Builds the ladder of every selected query of a source (see the module
 * comment for the rules).
 *
 * @param source a converted source (`locomoLadderSource`, `longMemEvalLadderSource`,
 *   optionally `withFiller`)
 * @param opts seed, N_irr per scale, query selection
 * @returns the ladder: scales, per-query rungs, what was reachable, issues
 * @throws {RangeError} for N_irr values that are not distinct ascending
 *   integers >= 0, a query id the source does not have, a limit below 1, no
 *   query selected, or when no selected query's pool reaches the largest
 *   N_irr (the message names the largest reachable value)
 *
 * @example A two-query ladder from a tiny LongMemEval-format list
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLadder } from "./ladder.ts";
 * import { longMemEvalLadderSource } from "./sources/longmemeval.ts";
 * const session = (id: string, text: string) => [{ role: "user" as const, content: text }];
 * const inst = (q: string) => ({
 *   question_id: q, question_type: "single-session-user", question: "Where?", answer: "Oslo",
 *   question_date: "2023/06/01 (Thu) 10:00",
 *   haystack_session_ids: [`answer_${q}`, `${q}_a`, `${q}_b`],
 *   haystack_dates: ["2023/05/01 (Mon) 09:00", "2023/05/02 (Tue) 09:00", "2023/05/03 (Wed) 09:00"],
 *   haystack_sessions: [session("e", "I moved to Oslo"), session("a", "hi"), session("b", "yo")],
 *   answer_session_ids: [`answer_${q}`],
 * });
 * const ladder = buildLadder(longMemEvalLadderSource([inst("q1"), inst("q2")]), { seed: 1, nIrr: [0, 2, 4] });
 * assert.ok(ladder.queries[0].rungs[2].sessions.length === 5);
 * ```
 */
export function buildLadder(source: LadderSource, opts: {
  /** Global seed (a number or a string). */
  seed: number | string;
  /**
   * N_irr per scale, ascending. Default: {@linkcode PAPER_LADDER}, and for a
   * LoCoMo source without a filler corpus {@linkcode LOCOMO_LADDER} plus the
   * largest value every selected query reaches (smaller entries only). A last entry `"all"`
   * adds a scale holding every one of each query's own non-evidence sessions (the whole own
   * haystack, e.g. LongMemEval S); a query with fewer own sessions than the largest number is
   * left out (`query_unreachable`), so every rung draws own sessions only and stays nested.
   */
  nIrr?: readonly (number | "all")[];
  /** Only these query ids (default all), in source order. */
  queryIds?: readonly string[];
  /** At most this many queries (after `queryIds`), the first in source order. */
  limit?: number;
}): Ladder {
  const seed = opts.seed;
  let selected = source.queries;
  if (opts.queryIds) {
    const want = new Set(opts.queryIds);
    const known = new Set(selected.map((q) => q.queryId));
    const unknown = [...want].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new RangeError(
        `Cannot build a ladder: expected query ids of the source, got ${
          unknown.slice(0, 5).map((id) => JSON.stringify(id)).join(", ")
        }${
          unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""
        } (the source has ${known.size} queries)`,
      );
    }
    selected = selected.filter((q) => want.has(q.queryId));
  }
  if (opts.limit !== undefined) {
    if (!(Number.isInteger(opts.limit) && opts.limit >= 1)) {
      throw new RangeError(
        `Cannot build a ladder: limit must be an integer >= 1, got ${opts.limit}`,
      );
    }
    selected = selected.slice(0, opts.limit);
  }
  if (selected.length === 0) {
    throw new RangeError("Cannot build a ladder: expected at least one query, none is selected");
  }
  const pool = [...source.pool].sort(byId);

  // Each query's candidate filler lists (own first, then cross), before any draw.
  const lists = selected.map((q) => {
    const taken = new Set([...q.evidence, ...q.own].map((s) => s.id));
    const cross = pool.filter((s) => s.origin !== q.group && !taken.has(s.id));
    const own = [...q.own].sort(byId);
    return { q, own, cross, reachable: own.length + cross.length };
  });
  const reach = lists.map((l) => l.reachable);
  const minReach = Math.min(...reach), maxReach = Math.max(...reach);

  let nIrr: number[];
  let note: string;
  const isLocomoOnly = source.kind === "locomo";
  const wantsAll = opts.nIrr !== undefined && opts.nIrr[opts.nIrr.length - 1] === "all";
  if (opts.nIrr?.some((n, i) => n === "all" && i !== opts.nIrr!.length - 1)) {
    throw new RangeError(
      `Cannot build a ladder: "all" can only be the last N_irr, got ${opts.nIrr.join(", ")}`,
    );
  }
  if (opts.nIrr) {
    nIrr = opts.nIrr.filter((n): n is number => n !== "all");
    note = `requested N_irr ${opts.nIrr.join(", ")}`;
  } else if (isLocomoOnly) {
    nIrr = LOCOMO_LADDER.filter((n) => n < minReach);
    nIrr.push(minReach);
    note = `LoCoMo default: ${LOCOMO_LADDER.join(", ")} and the largest N_irr every selected ` +
      `query reaches (${minReach}; pools ${minReach}-${maxReach} sessions from the other ` +
      `conversations), so the ladder is ${nIrr.join(", ")}; 400 needs a filler corpus`;
  } else {
    nIrr = [...PAPER_LADDER];
    note = `paper ladder ${nIrr.join(", ")}`;
  }
  nIrr.forEach((n, i) => {
    if (!Number.isInteger(n) || n < 0 || (i > 0 && n <= nIrr[i - 1])) {
      throw new RangeError(
        `Cannot build a ladder: N_irr must be distinct ascending integers >= 0, got ${
          nIrr.join(", ")
        }`,
      );
    }
  });
  const top = nIrr.length ? nIrr[nIrr.length - 1] : 0;
  const issues: LadderIssue[] = [...source.issues];
  const kept = lists.filter((l) => {
    const ownShort = wantsAll && l.own.length < top;
    if (!ownShort && l.reachable >= top) return true;
    const detail = ownShort
      ? `it has ${l.own.length} own non-evidence sessions, fewer than N_irr ${top} ` +
        `(the "all" scale takes own sessions only): left out`
      : `its filler pool holds ${l.reachable} sessions, fewer than N_irr ${top}: left out`;
    issues.push({ code: "query_unreachable", ref: l.q.queryId, detail });
    return false;
  });
  if (kept.length === 0) {
    throw new RangeError(
      `Cannot build a ladder to N_irr ${top}: the largest filler pool holds ${maxReach} sessions`,
    );
  }
  if (opts.nIrr) {
    const left = lists.length - kept.length;
    note += left > 0
      ? `; ${left} of ${lists.length} queries cannot reach ${top} and are left out`
      : `; every selected query reaches it (pools ${minReach}-${maxReach})`;
  }
  const scales: LadderScale[] = nIrr.map((n, j) => ({ label: `s${j}`, nIrr: n }));
  if (wantsAll) {
    const most = kept.reduce((a, l) => Math.max(a, l.own.length), 0);
    scales.push({ label: `s${nIrr.length}`, nIrr: most, all: true });
    note += `; the last scale holds all of each query's own non-evidence sessions (up to ${most})`;
  }

  const queries: QueryLadder[] = kept.map(({ q, own, cross, reachable }) => {
    const fill = new SeededRandom(streamName(seed, q.queryId, "filler"));
    const dates = new SeededRandom(streamName(seed, q.queryId, "dates"));
    const ties = new SeededRandom(streamName(seed, q.queryId, "ties"));
    const ownOrder = partialShuffle(own, own.length, fill);
    const drawn = [
      ...ownOrder.slice(0, wantsAll ? Math.max(top, own.length) : top),
      ...partialShuffle(cross, Math.max(0, top - ownOrder.length), fill),
    ];
    const ownIds = new Set(own.map((s) => s.id));
    const lo = Math.min(q.earliest, q.questionDate);
    const span = q.questionDate - q.earliest;
    const filler: Placed[] = drawn.map((s) => {
      const date = ownIds.has(s.id) ? s.date : span > 0 ? q.earliest + dates.randbelow(span) : lo;
      const tie = dates.nextUint32();
      return { session: date === s.date ? s : { ...s, date }, tie };
    });
    const evidence: Placed[] = q.evidence.map((s) => ({ session: s, tie: ties.nextUint32() }));
    const evWords = q.evidence.reduce((a, s) => a + sessionWords(s), 0);
    const rungs = scales.map((scale) => {
      const f = filler.slice(0, scale.all ? own.length : scale.nIrr);
      const words = f.reduce((a, p) => a + sessionWords(p.session), evWords);
      return {
        scale,
        sessions: [...evidence, ...f].sort(order).map((p) => p.session),
        fillerIds: f.map((p) => p.session.id),
        tokenProxy: { method: TOKEN_PROXY_METHOD, words, tokens: Math.round(words * 4 / 3) },
      };
    });
    return { query: q, reachable, rungs };
  });
  return {
    source: { kind: source.kind, files: [...source.files] },
    seed,
    scales,
    reachable: { min: minReach, max: maxReach, note },
    queries,
    issues,
  };
}

/**
 * One rung as a LongMemEval-format instance (any LongMemEval tool reads it):
 * the question fields of the query, the rung's sessions in date order, their
 * ids and dates (`2023/05/20 (Sat) 02:21`), `answer_session_ids` = E(q).
 * Filler turns carry no `has_answer`.
 *
 * @param ql the query's ladder
 * @param rung one of its rungs
 * @returns the instance (question_id unchanged, so judge logs join on it)
 */
export function ladderInstance(ql: QueryLadder, rung: LadderRung): LongMemEvalInstance {
  const q = ql.query;
  return {
    question_id: q.queryId,
    question_type: q.questionType,
    question: q.question,
    answer: q.answer,
    question_date: formatLongMemEvalDate(q.questionDate),
    haystack_session_ids: rung.sessions.map((s) => s.id),
    haystack_dates: rung.sessions.map((s) => formatLongMemEvalDate(s.date)),
    haystack_sessions: rung.sessions.map((s) =>
      s.turns.map((t) =>
        t.has_answer
          ? { role: t.role, content: t.content, has_answer: true }
          : { role: t.role, content: t.content }
      )
    ),
    answer_session_ids: q.evidence.map((s) => s.id),
  };
}

/**
 * The LongMemEval-format instances of one scale, in query order.
 *
 * @param ladder a built ladder
 * @param label a scale label (`s0`, …)
 * @returns one instance per query
 * @throws {RangeError} for an unknown label
 */
export function ladderInstances(ladder: Ladder, label: string): LongMemEvalInstance[] {
  const j = ladder.scales.findIndex((s) => s.label === label);
  if (j < 0) {
    throw new RangeError(
      `Cannot find scale '${label}': expected one of ${
        ladder.scales.map((s) => s.label).join(", ")
      }`,
    );
  }
  return ladder.queries.map((ql) => ladderInstance(ql, ql.rungs[j]));
}

/**
 * The manifest: one row per (query, scale), queries in order, scales in
 * ladder order.
 *
 * @param ladder a built ladder
 * @returns the rows
 */
export function ladderManifest(ladder: Ladder): ManifestRow[] {
  return ladder.queries.flatMap((ql) =>
    ql.rungs.map((r) => ({
      queryId: ql.query.queryId,
      scale: r.scale.label,
      nIrr: r.fillerIds.length,
      evidenceIds: ql.query.evidence.map((s) => s.id),
      fillerIds: r.fillerIds,
      seed: ladder.seed,
      stream: `seedrandom("${streamName(ladder.seed, ql.query.queryId, "filler")}")`,
      tokenProxy: r.tokenProxy,
      need: ql.query.need,
      abstention: ql.query.abstention,
    }))
  );
}

/**
 * Sessions and token proxy per scale, averaged over the queries.
 *
 * @param ladder a built ladder
 * @returns one row per scale
 */
export function ladderSummary(ladder: Ladder): {
  /** The scale. */
  scale: string;
  /** N_irr: irrelevant sessions added at this scale. */
  nIrr: number;
  /** Queries. */
  n: number;
  /** Mean sessions per history. */
  meanSessions: number;
  /** Mean token proxy per history ({@linkcode TOKEN_PROXY_METHOD}). */
  meanTokenProxy: number;
  /** Largest token proxy of a history at this scale. */
  maxTokenProxy: number;
}[] {
  return ladder.scales.map((scale, j) => {
    const rungs = ladder.queries.map((q) => q.rungs[j]);
    const n = rungs.length;
    const mean = (f: (r: LadderRung) => number) =>
      n === 0 ? 0 : rungs.reduce((a, r) => a + f(r), 0) / n;
    return {
      scale: scale.label,
      nIrr: scale.nIrr,
      n,
      meanSessions: mean((r) => r.sessions.length),
      meanTokenProxy: mean((r) => r.tokenProxy.tokens),
      maxTokenProxy: rungs.reduce((a, r) => Math.max(a, r.tokenProxy.tokens), 0),
    };
  });
}

/**
 * Writes a ladder to a folder: `instances_<label>.json` per scale (a
 * LongMemEval-format list), `manifest.jsonl` (one {@linkcode ManifestRow}
 * per line) and `ladder.json` (source, seed, scales, what was reachable,
 * the token-proxy method, issues). Each file is written atomically; the
 * same ladder gives byte-identical files.
 *
 * @param ladder a built ladder
 * @param dir output folder (created)
 * @returns the paths written
 * @throws {InputError} when the folder cannot be made
 */
export async function writeLadder(ladder: Ladder, dir: string): Promise<string[]> {
  await makeFolder(dir);
  const paths: string[] = [];
  for (const s of ladder.scales) {
    const p = `${dir}/instances_${s.label}.json`;
    // One instance per line, streamed: the largest scales of a full ladder exceed a string.
    await writeJsonArrayLinesAtomic(p, ladderInstances(ladder, s.label));
    paths.push(p);
  }
  const m = `${dir}/manifest.jsonl`;
  await writeTextAtomic(m, ladderManifest(ladder).map((r) => JSON.stringify(r) + "\n").join(""));
  paths.push(m);
  const meta = `${dir}/ladder.json`;
  await writeTextAtomic(
    meta,
    JSON.stringify(
      {
        schema: "memaudit.ladder/1",
        source: ladder.source,
        seed: ladder.seed,
        scales: ladder.scales,
        reachable: ladder.reachable,
        queries: ladder.queries.length,
        token_proxy: TOKEN_PROXY_METHOD,
        summary: ladderSummary(ladder),
        issues: ladder.issues,
      },
      null,
      2,
    ) + "\n",
  );
  paths.push(meta);
  return paths;
}

/**
 * Reads back a ladder written by {@linkcode writeLadder}: `ladder.json`
 * (scales, seed, source), `manifest.jsonl` (E(q), the judge rule, filler
 * ids) and every `instances_<label>.json`. Session dates round-trip exactly
 * (whole minutes). Issues are not read back.
 *
 * @param dir the folder
 * @returns the ladder (`reachable` as recorded)
 * @throws {InputError} naming the file and place of a missing or inconsistent part
 */
export async function readLadder(dir: string): Promise<Ladder> {
  const metaPath = `${dir}/ladder.json`;
  // As the package readers: a byte-order mark skipped, a syntax error at its line and column, a
  // repeated key refused.
  const meta = await readJsonInput(metaPath) as {
    schema?: string;
    source: Ladder["source"];
    seed: number | string;
    scales: LadderScale[];
    reachable: Ladder["reachable"];
  } | null;
  const bad = (file: string, path: string, expected: string) =>
    new InputError(file, { path }, expected);
  if (meta?.schema !== "memaudit.ladder/1" || !Array.isArray(meta.scales)) {
    throw bad(metaPath, "schema", `expected "memaudit.ladder/1" with a scales list`);
  }
  // A ladder has scales, each with a label (its instances file) and an N_irr.
  if (meta.scales.length === 0) throw bad(metaPath, "scales", "expected at least one scale");
  meta.scales.forEach((sc, j) => {
    if (typeof sc?.label !== "string" || sc.label === "" || !Number.isSafeInteger(sc.nIrr)) {
      throw bad(metaPath, `scales[${j}]`, 'expected a scale {"label": "s0", "nIrr": 0}');
    }
  });
  const manifestPath = `${dir}/manifest.jsonl`;
  const rows = new Map<string, ManifestRow>();
  const manifest = readJsonl(await readTextInput(manifestPath), manifestPath, { objects: false });
  for (const { line, value } of manifest) {
    const r = value as ManifestRow | null;
    if (typeof r?.queryId !== "string" || typeof r.scale !== "string") {
      throw bad(manifestPath, `line ${line}`, "expected a manifest row with a queryId and a scale");
    }
    rows.set(`${r.queryId}\u0000${r.scale}`, r);
  }
  const perScale: LongMemEvalInstance[][] = [];
  for (const s of meta.scales) {
    const p = `${dir}/instances_${s.label}.json`;
    perScale.push(parseLongMemEval(await readJsonArrayLines(p), p));
  }
  const first = perScale[0] ?? [];
  const queries: QueryLadder[] = first.map((inst, qi) => {
    const toSession = (x: LongMemEvalInstance, k: number, file: string): LadderSession => {
      const date = parseLongMemEvalDate(x.haystack_dates[k]);
      if (date === null) {
        throw bad(file, `[${qi}].haystack_dates[${k}]`, "a date like 2023/05/20 (Sat) 02:21");
      }
      return { id: x.haystack_session_ids[k], date, turns: x.haystack_sessions[k], origin: "" };
    };
    const ev = new Set(inst.answer_session_ids);
    const rungs: LadderRung[] = meta.scales.map((scale, j) => {
      const file = `${dir}/instances_${scale.label}.json`;
      const x = perScale[j][qi];
      if (!x || x.question_id !== inst.question_id) {
        const expected = `"${inst.question_id}" (the same query order in every scale)`;
        throw bad(file, `[${qi}].question_id`, expected);
      }
      const row = rows.get(`${inst.question_id}\u0000${scale.label}`);
      if (!row) {
        throw bad(manifestPath, "", `a row for ${inst.question_id} at ${scale.label}`);
      }
      const sessions = x.haystack_session_ids.map((_, k) => toSession(x, k, file));
      const words = sessions.reduce((a, s) => a + sessionWords(s), 0);
      return {
        scale,
        sessions,
        fillerIds: row.fillerIds,
        tokenProxy: { method: TOKEN_PROXY_METHOD, words, tokens: Math.round(words * 4 / 3) },
      };
    });
    const evidence = rungs[0]?.sessions.filter((s) => ev.has(s.id)) ?? [];
    const row0 = rows.get(`${inst.question_id}\u0000${meta.scales[0].label}`)!;
    // memaudit writes every rung's question_date; a null one (the reader keeps it) is refused here.
    if (inst.question_date === null) {
      const file = `${dir}/instances_${meta.scales[0].label}.json`;
      throw bad(
        file,
        `[${qi}].question_date`,
        "expected a date like 2023/05/20 (Sat) 02:21, got null",
      );
    }
    const date = parseLongMemEvalDate(inst.question_date) ?? 0;
    return {
      query: {
        queryId: inst.question_id,
        questionType: inst.question_type,
        question: inst.question,
        answer: String(inst.answer),
        questionDate: date,
        earliest: Math.min(date, ...evidence.map((s) => s.date)),
        evidence,
        own: [],
        group: inst.question_id,
        need: row0.need,
        abstention: row0.abstention,
      },
      reachable: NaN,
      rungs,
    };
  });
  return {
    source: meta.source,
    seed: meta.seed,
    scales: meta.scales,
    reachable: meta.reachable,
    queries,
    issues: [],
  };
}
