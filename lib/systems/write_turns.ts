/**
 * The turns `memaudit write` feeds to a real memory system, from a LoCoMo conversation or a
 * LongMemEval question's haystack, in conversation order, each with its session's date (paper 000
 * §5: a system writes its store from the dialogue as it happens).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import type { LongMemEvalInstance } from "../longmemeval/read.ts";
import type { LocomoSample, LocomoTurn } from "../natural/load_locomo.ts";
import { parseTime } from "./_read.ts";

/** One turn, as sent to a system's driver. */
export interface WriteTurn {
  /** Session number, from 1, in conversation order. */
  session: number;
  /** The session's date as the data gives it (`1:56 pm on 8 May, 2023`, `2023/05/20 (Sat) 02:21`). */
  session_date: string;
  /** The session's date in seconds since the epoch (read as UTC), or null when not recognised. */
  session_time: number | null;
  /** The turn's id: LoCoMo's `D<session>:<turn>`, LongMemEval's `<session_id>:<index>`. */
  turn_id: string;
  /** `user` or `assistant` (LoCoMo: the first speaker is `user`). */
  role: "user" | "assistant";
  /** What is stored: LoCoMo `Speaker: text` (as the package lines read), LongMemEval the content. */
  text: string;
}

/** LongMemEval's `2023/05/20 (Sat) 02:21`. */
const LME_DATE = /^(\d{4})\/(\d{2})\/(\d{2})(?:\s+\([A-Za-z]+\))?\s+(\d{2}):(\d{2})$/;

/**
 * Seconds since the epoch of a session date (LoCoMo's, LongMemEval's or ISO), read as UTC.
 *
 * @returns whole seconds, or null when the text is not a recognised date
 */
export function sessionSeconds(date: string): number | null {
  const m = LME_DATE.exec(date.trim());
  const ms = m
    ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]))
    : parseTime(date);
  return ms === null || !Number.isFinite(ms) ? null : Math.floor(ms / 1000);
}

/**
 * The turns of a LoCoMo conversation: sessions in number order, each turn as `Speaker: text` (image
 * turns keep their text only). A turn whose text is blank is left out, as in
 * {@linkcode longMemEvalTurns} (it would be stored as a bare `Speaker: `).
 *
 * @param sample a validated LoCoMo sample
 * @param file the file it came from, for errors
 * @throws {InputError} when a session has turns but no `session_N_date_time`, or no session has
 *   turns
 */
export function locomoTurns(sample: LocomoSample, file = "<memory>"): WriteTurn[] {
  const c = sample.conversation;
  const numbers = Object.keys(c).map((k) => /^session_(\d+)$/.exec(k)).filter((m) => m !== null)
    .map((m) => Number(m![1])).sort((a, b) => a - b);
  const out: WriteTurn[] = [];
  for (const n of numbers) {
    const list = c[`session_${n}`] as LocomoTurn[];
    if (list.length === 0) continue;
    const date = c[`session_${n}_date_time`];
    if (typeof date !== "string") {
      const path = `[${sample.sample_id}].conversation.session_${n}_date_time`;
      throw new InputError(file, { path }, "expected the date of a session that has turns");
    }
    const time = sessionSeconds(date);
    for (const t of list) {
      if (t.text.trim() === "") continue; // nothing to store
      out.push({
        session: n,
        session_date: date,
        session_time: time,
        turn_id: t.dia_id,
        role: t.speaker === c.speaker_a ? "user" : "assistant",
        text: `${t.speaker}: ${t.text}`,
      });
    }
  }
  if (out.length === 0) {
    throw new InputError(file, { path: `[${sample.sample_id}]` }, "expected a session with turns");
  }
  return out;
}

/**
 * The turns of a LongMemEval question's haystack: sessions in file order (numbered from 1), turns
 * as `{role, content}`; a turn id is `<session_id>:<index from 0>`. A turn whose content is blank
 * is left out (there is nothing to store, and Mem0 refuses a blank message); the others keep their
 * index.
 *
 * @param q a validated LongMemEval instance
 * @param file the file it came from, for errors
 * @throws {InputError} when the haystack has no turn with content
 */
export function longMemEvalTurns(q: LongMemEvalInstance, file = "<memory>"): WriteTurn[] {
  const out: WriteTurn[] = [];
  q.haystack_sessions.forEach((session, i) => {
    const date = q.haystack_dates[i];
    const time = sessionSeconds(date);
    session.forEach((t, j) => {
      if (t.content.trim() === "") return; // nothing to store (Mem0 refuses a blank message)
      out.push({
        session: i + 1,
        session_date: date,
        session_time: time,
        turn_id: `${q.haystack_session_ids[i]}:${j}`,
        role: t.role,
        text: t.content,
      });
    });
  });
  if (out.length === 0) {
    const msg = "expected a haystack with a turn that has content";
    throw new InputError(file, { path: `question ${q.question_id}` }, msg);
  }
  return out;
}
