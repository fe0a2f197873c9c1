/**
 * LoCoMo dialogue helpers of the natural-package converter, also used by the
 * scale part's LoCoMo source (lib/scale): safe ids, word counts and costs
 * (ARTIFACT-SPEC §1.4, §6.6), dia_id resolution and a per-sample index.
 *
 * @module
 */
import type { LocomoQa, LocomoSample } from "./load_locomo.ts";
import { type SliceIssue, sliceIssue } from "./slice_issue.ts";

/** Raw spans keep at most this many words, then " ..." (ARTIFACT-SPEC §6.6). */
export const RAW_SPAN_WORDS = 220;

/**
 * Safe-token filter of ARTIFACT-SPEC §1.4: characters other than ASCII
 * alphanumerics and `._-` become `_`; leading and trailing `._` are stripped.
 */
export function safeToken(s: string): string {
  const t = s.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[._]+/, "").replace(/[._]+$/, "");
  if (t === "") throw new RangeError(`Cannot make a safe id from '${s}': nothing is left`);
  return t;
}

/** Whitespace-separated words of `s`. */
export function words(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== "");
}

/** Raw-span text: the text itself, or its first 220 words joined by spaces plus " ...". */
export function rawSpanText(text: string): { text: string; truncated: boolean } {
  const w = words(text);
  if (w.length <= RAW_SPAN_WORDS) return { text, truncated: false };
  return { text: w.slice(0, RAW_SPAN_WORDS).join(" ") + " ...", truncated: true };
}

/** raw_span cost max(12, w), w = max(1, words of the serialized text) (ARTIFACT-SPEC §6.6). */
export function rawSpanCost(serialized: string): number {
  return Math.max(12, Math.max(1, words(serialized).length));
}

/** atomic_fact cost clamp(w, 4, 20), w = max(1, words) (ARTIFACT-SPEC §6.6). */
export function atomicFactCost(serialized: string): number {
  return Math.min(20, Math.max(4, Math.max(1, words(serialized).length)));
}

/** One turn of a sample with its place in the session text. */
export interface TurnInfo {
  id: string;
  session: number;
  /** Global arrival order over the whole conversation (0-based). */
  order: number;
  speaker: string;
  text: string;
  /** `speaker: text`. */
  line: string;
  /** Word range [wordStart, wordEnd) of `line` inside the session text. */
  wordStart: number;
  wordEnd: number;
}

/** One observation of a session (flattened over speakers in file order). */
export interface ObservationInfo {
  /** Index within the session's observations. */
  k: number;
  speaker: string;
  text: string;
  /** Cited turns that exist (canonical dia_ids, deduplicated). */
  cites: string[];
  /** Corrections and dropped citations, without sample/QA fields yet. */
  drafts: Draft[];
}

/** One event of a session's event summary (flattened over speakers in file order). */
export interface EventInfo {
  /** Index within the session's events. */
  k: number;
  speaker: string;
  text: string;
}

/** One session of a sample. */
export interface SessionInfo {
  n: number;
  date?: string;
  turns: TurnInfo[];
  /** Session text: one `speaker: text` line per turn. */
  text: string;
  /** Raw-span text (truncated to 220 words) and whether it was cut. */
  raw: string;
  truncated: boolean;
  observations: ObservationInfo[];
  /** The session summary (`session_summary.session_<n>_summary`), if any. */
  summary?: string;
  /** The session's events (`event_summary.events_session_<n>`), speakers in file order. */
  events: EventInfo[];
}

/** An issue before it is tied to a QA item. */
export interface Draft {
  code: SliceIssue["code"];
  detail: string;
  ref?: string;
}

/** Evidence of one QA item after resolution. */
export interface ResolvedEvidence {
  /** Canonical dia_ids of existing turns, in evidence order, deduplicated. */
  turns: string[];
  drafts: Draft[];
  /** False when an id could not be resolved (or there is no evidence). */
  ok: boolean;
}

/** Per-sample lookups shared by all slices of the sample. */
export interface SampleIndex {
  sample: LocomoSample;
  /** Sessions with turns or a date, by session number. */
  sessions: Map<number, SessionInfo>;
  turns: Map<string, TurnInfo>;
  /** Sample-level issues (sessions without turns or date, duplicate or misplaced turn ids). */
  issues: SliceIssue[];
  /** Resolved evidence per QA index (filled lazily). */
  evidence: (ResolvedEvidence | undefined)[];
}

const ID = /^D(\d+):(\d+)$/;

type IdResult =
  | { kind: "malformed" }
  | { kind: "parsed"; ids: string[]; missing: string[]; split: boolean; normalised: string[] };

/** Resolves one dia_id string against the turns: exact, normalised, or split. */
function resolveId(raw: string, turns: Map<string, TurnInfo>): IdResult {
  if (turns.has(raw)) {
    return { kind: "parsed", ids: [raw], missing: [], split: false, normalised: [] };
  }
  const parts = raw.trim().split(/\s*[;,]\s*|\s+/).filter((p) => p !== "");
  if (parts.length === 0 || !parts.every((p) => ID.test(p))) return { kind: "malformed" };
  const ids: string[] = [];
  const normalised: string[] = [];
  const missing: string[] = [];
  for (const p of parts) {
    const m = ID.exec(p)!;
    const canon = `D${Number(m[1])}:${Number(m[2])}`;
    if (!turns.has(canon)) missing.push(p);
    else {
      if (canon !== p) normalised.push(`'${p}' as ${canon}`);
      ids.push(canon);
    }
  }
  if (parts.length === 1 && raw !== parts[0] && ids.length === 1 && normalised.length === 0) {
    normalised.push(`'${raw}' as ${ids[0]}`);
  }
  return { kind: "parsed", ids, missing, split: parts.length > 1, normalised };
}

/**
 * Resolves a list of dia_id strings. `prefix` selects the issue codes
 * (`evidence_id_*` or `observation_id_*`). Ids that resolve are kept even
 * when a sibling does not; `ok` is false as soon as one id fails.
 */
export function resolveIds(
  raws: readonly string[],
  turns: Map<string, TurnInfo>,
  prefix: "evidence" | "observation",
): ResolvedEvidence {
  const out: string[] = [];
  const drafts: Draft[] = [];
  let ok = true;
  for (const raw of raws) {
    const r = resolveId(raw, turns);
    if (r.kind === "malformed") {
      ok = false;
      drafts.push({
        code: `${prefix}_id_malformed`,
        ref: raw,
        detail: `'${raw}' is not of the form D<session>:<turn>`,
      });
      continue;
    }
    if (r.split) {
      drafts.push({
        code: `${prefix}_id_split`,
        ref: raw,
        detail: `'${raw}' split into ${[...r.ids, ...r.missing].join(", ")}`,
      });
    }
    if (r.missing.length > 0) {
      ok = false;
      drafts.push({
        code: `${prefix}_id_dangling`,
        ref: raw,
        detail: `no turn ${r.missing.join(", ")} in the conversation`,
      });
    }
    for (const n of r.normalised) {
      drafts.push({ code: `${prefix}_id_normalised`, ref: raw, detail: `read ${n}` });
    }
    for (const id of r.ids) {
      if (!out.includes(id)) out.push(id);
      else if (prefix === "evidence") {
        drafts.push({ code: "evidence_id_duplicate", ref: id, detail: `${id} listed twice` });
      }
    }
  }
  return { turns: out, drafts, ok };
}

const indexCache = new WeakMap<LocomoSample, SampleIndex>();

/** Builds (once per sample object) the turn, session and observation index. */
export function indexSample(sample: LocomoSample): SampleIndex {
  const cached = indexCache.get(sample);
  if (cached) return cached;
  const issues: SliceIssue[] = [];
  const { dates, lists, numbers } = sessionParts(sample);
  const sessions = new Map<number, SessionInfo>();
  const turns = new Map<string, TurnInfo>();
  const at = { order: 0 };
  for (const n of numbers) {
    sessions.set(
      n,
      indexSession(sample.sample_id, n, lists.get(n) ?? [], dates.get(n), at, turns, issues),
    );
  }
  attachObservations(sample, sessions, turns);
  attachSummaries(sample, sessions);
  attachEvents(sample, sessions);
  const index: SampleIndex = {
    sample,
    sessions,
    turns,
    issues,
    evidence: new Array(sample.qa.length),
  };
  indexCache.set(sample, index);
  return index;
}

type TurnRow = { dia_id: string; speaker: string; text: string };

/** The conversation's `session_N_date_time` strings and `session_N` turn lists, N in order. */
function sessionParts(sample: LocomoSample): {
  dates: Map<number, string>;
  lists: Map<number, TurnRow[]>;
  numbers: number[];
} {
  const dates = new Map<number, string>();
  const lists = new Map<number, TurnRow[]>();
  for (const [key, value] of Object.entries(sample.conversation)) {
    const d = /^session_(\d+)_date_time$/.exec(key);
    if (d && typeof value === "string") dates.set(Number(d[1]), value);
    const s = /^session_(\d+)$/.exec(key);
    if (s && Array.isArray(value)) lists.set(Number(s[1]), value);
  }
  const numbers = [...new Set([...dates.keys(), ...lists.keys()])].sort((a, b) => a - b);
  return { dates, lists, numbers };
}

/**
 * One session: its turns with their lines and word spans (turn ids must be unique and name this
 * session), its text and raw span; a session without turns or without a date is an issue.
 */
function indexSession(
  sid: string,
  n: number,
  list: readonly TurnRow[],
  date: string | undefined,
  at: { order: number },
  turns: Map<string, TurnInfo>,
  issues: SliceIssue[],
): SessionInfo {
  const issue = (code: SliceIssue["code"], detail: string, ref: string) =>
    issues.push(sliceIssue(sid, null, code, detail, ref));
  if (list.length === 0) {
    issue("session_without_turns", `session_${n} (${date}) has no turns`, `session_${n}`);
  }
  if (list.length > 0 && date === undefined) {
    issue("session_without_date", `session_${n} has turns but no date`, `session_${n}`);
  }
  const infos: TurnInfo[] = [];
  let w = 0;
  for (const t of list) {
    const line = `${t.speaker}: ${t.text}`;
    const len = words(line).length;
    const info: TurnInfo = {
      id: t.dia_id,
      session: n,
      order: at.order++,
      speaker: t.speaker,
      text: t.text,
      line,
      wordStart: w,
      wordEnd: w + len,
    };
    w += len;
    infos.push(info);
    const m = ID.exec(t.dia_id);
    if (!m || Number(m[1]) !== n) {
      issue("turn_session_mismatch", `turn '${t.dia_id}' sits in session_${n}`, t.dia_id);
    }
    if (turns.has(t.dia_id)) {
      issue("duplicate_turn_id", `turn '${t.dia_id}' appears twice; the first is used`, t.dia_id);
    } else turns.set(t.dia_id, info);
  }
  const text = infos.map((t) => t.line).join("\n");
  const raw = rawSpanText(text);
  return {
    n,
    date,
    turns: infos,
    text,
    raw: raw.text,
    truncated: raw.truncated,
    observations: [],
    events: [],
  };
}

/** Each session's observations (atomic facts per speaker) with the turns they cite resolved. */
function attachObservations(
  sample: LocomoSample,
  sessions: Map<number, SessionInfo>,
  turns: Map<string, TurnInfo>,
): void {
  for (const [key, bySpeaker] of Object.entries(sample.observation ?? {})) {
    const m = /^session_(\d+)_observation$/.exec(key);
    const session = m ? sessions.get(Number(m[1])) : undefined;
    if (!session) continue;
    for (const [speaker, facts] of Object.entries(bySpeaker)) {
      for (const [text, ref] of facts) {
        const refs = typeof ref === "string" ? [ref] : ref;
        const r = resolveIds(refs, turns, "observation");
        session.observations.push({
          k: session.observations.length,
          speaker,
          text,
          cites: r.turns,
          drafts: r.drafts,
        });
      }
    }
  }
}

/** The session summaries of sessions that have turns (empty summaries left out). */
function attachSummaries(sample: LocomoSample, sessions: Map<number, SessionInfo>): void {
  for (const [key, text] of Object.entries(sample.session_summary ?? {})) {
    const m = /^session_(\d+)_summary$/.exec(key);
    const session = m ? sessions.get(Number(m[1])) : undefined;
    if (session && session.turns.length > 0 && text.trim() !== "") session.summary = text;
  }
}

/** The event summary sentences of sessions that have turns, speakers in file order. */
function attachEvents(sample: LocomoSample, sessions: Map<number, SessionInfo>): void {
  for (const [key, bySpeaker] of Object.entries(sample.event_summary ?? {})) {
    const m = /^events_session_(\d+)$/.exec(key);
    const session = m ? sessions.get(Number(m[1])) : undefined;
    if (!session || session.turns.length === 0) continue;
    for (const [speaker, list] of Object.entries(bySpeaker)) {
      if (speaker === "date" || !Array.isArray(list)) continue;
      for (const text of list) {
        if (text.trim() !== "") session.events.push({ k: session.events.length, speaker, text });
      }
    }
  }
}

/** Resolved evidence of QA item `j` (cached in the index). */
export function evidenceOf(index: SampleIndex, j: number): ResolvedEvidence {
  let r = index.evidence[j];
  if (!r) {
    const qa: LocomoQa = index.sample.qa[j];
    r = resolveIds(qa.evidence, index.turns, "evidence");
    if (qa.evidence.length === 0) r.ok = false;
    index.evidence[j] = r;
  }
  return r;
}
