/**
 * The one check of a LongMemEval instance (the official format, COMPANIONS §3.1), private to
 * lib/longmemeval/: read.ts runs it on each element of a streamed file and on parsed JSON, which
 * is how every reader of lib/ (the natural packages, the stores, `scale recall`, the ladder
 * sources) gets its instances.
 *
 * The rules follow the published files (the shared oracle copy: 301 instances, S: 30): every
 * field a string or a list of strings as published, one session and one date per haystack id,
 * turns `{role: "user" | "assistant", content, has_answer?}`, each question id once in a file and
 * each answer session in the haystack. Kept and told (`warn`): an answer that is a number (16
 * oracle answers and 1 S answer are integers; read as the number's decimal string), a haystack
 * that lists a session id twice (2 S haystacks), a question with no `has_answer: true` turn (13
 * oracle questions, all abstention). A null `question_date` is kept (no published file has one;
 * the ladder sources leave such a question out and report it). Fields outside the format are not
 * kept.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { isObject } from "../base/json_object.ts";

/** One turn of a LongMemEval session. */
export interface LongMemEvalTurn {
  /** Who spoke. */
  role: "user" | "assistant";
  /** The turn's text, as in the file. */
  content: string;
  /** True on an evidence turn (only evidence sessions carry the mark). */
  has_answer?: boolean;
}

/** One LongMemEval question with its haystack (the official instance format). */
export interface LongMemEvalInstance {
  /** Unique id; the suffix `_abs` marks an abstention question. */
  question_id: string;
  /** One of the six types (single-session-user, ..., multi-session), as in the file. */
  question_type: string;
  /** The question. */
  question: string;
  /** The gold answer; a number in the file becomes its decimal string. */
  answer: string;
  /** The question's date (`2023/05/20 (Sat) 02:21`), or null. */
  question_date: string | null;
  /** One date per haystack session, same order. */
  haystack_dates: string[];
  /** One id per haystack session, same order (ids may repeat in S: fillers are drawn with replacement). */
  haystack_session_ids: string[];
  /** The sessions: lists of turns. */
  haystack_sessions: LongMemEvalTurn[][];
  /** The evidence sessions' ids (each among `haystack_session_ids`). */
  answer_session_ids: string[];
}

/** What the checks of one file share: the ids seen, the warning sink, the numeric answers. */
export interface InstanceChecks {
  /** The file, for errors and warnings. */
  file: string;
  /** Question id -> the element that holds it. */
  seen: Map<string, number>;
  /** Told each quirk kept. */
  warn: (w: string) => void;
  /** Question ids whose answer was a number. */
  numeric: string[];
}

/**
 * A fresh state for checking the instances of `file`.
 *
 * @param file the file, for errors and warnings
 * @param warn told each quirk kept
 * @returns the state to pass to {@linkcode checkInstance} and {@linkcode endChecks}
 */
export function startChecks(file: string, warn: (w: string) => void): InstanceChecks {
  return { file, seen: new Map(), warn, numeric: [] };
}

/**
 * Tells the file's numeric answers in one warning (after its last instance).
 *
 * @param c the state of the file's checks
 */
export function endChecks(c: InstanceChecks): void {
  const n = c.numeric;
  if (n.length === 0) return;
  c.warn(
    `${c.file}: ${n.length} answer(s) are numbers in the file, read as their decimal strings (${
      n.slice(0, 5).join(", ")
    }${n.length > 5 ? ", ..." : ""})`,
  );
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? s.slice(0, 57) + "..." : s;
};

/** `[3].answer` in a list, `answer` for a bare instance (prefix ""). */
const pathOf = (prefix: string, field: string): string =>
  field === "" ? prefix : prefix === "" ? field : `${prefix}.${field}`;

/** Throws the InputError of one field of one question. */
type Fail = (field: string, expected: string) => never;

/**
 * Checks one parsed instance (see the module doc).
 *
 * @param raw the parsed element
 * @param i its index in the file (for "it is also element [i]"), 0 for a bare instance
 * @param prefix its JSON path, `[i]` in a list or "" for a bare instance
 * @param c the file's state (ids seen, warnings)
 * @returns the instance, with only the format's fields
 * @throws {InputError} naming the file, the path (`[i].field`), the question id and what was
 *   expected
 */
export function checkInstance(
  raw: unknown,
  i: number,
  prefix: string,
  c: InstanceChecks,
): LongMemEvalInstance {
  const at = (field: string) => ({ path: pathOf(prefix, field) });
  if (!isObject(raw)) {
    throw new InputError(c.file, at(""), `expected an instance object, got ${show(raw)}`);
  }
  const qid = raw.question_id;
  if (typeof qid !== "string" || qid === "") {
    throw new InputError(
      c.file,
      at("question_id"),
      `expected a non-empty string, got ${show(qid)}`,
    );
  }
  const fail: Fail = (field, expected) => {
    throw new InputError(c.file, at(field), `question '${qid}': ${expected}`);
  };
  const prior = c.seen.get(qid);
  if (prior !== undefined) {
    fail("question_id", `expected each question once, it is also element [${prior}]`);
  }
  c.seen.set(qid, i);
  const str = (field: string): string => {
    const v = raw[field];
    if (typeof v !== "string") fail(field, `expected a string, got ${show(v)}`);
    return v as string;
  };
  const question_type = str("question_type");
  const question = str("question");
  let answer: string;
  if (typeof raw.answer === "number" && Number.isFinite(raw.answer)) {
    answer = String(raw.answer);
    c.numeric.push(qid);
  } else answer = str("answer");
  const date = raw.question_date;
  if (date !== null && typeof date !== "string") {
    fail("question_date", `expected a string or null, got ${show(date)}`);
  }
  const haystack = checkHaystack(raw, qid, fail, c);
  if (haystack.evidence === 0) {
    c.warn(
      `${c.file}: question '${qid}' (${question_type}${
        qid.endsWith("_abs") ? ", abstention" : ""
      }): no evidence turn (no turn has has_answer: true)`,
    );
  }
  return {
    question_id: qid,
    question_type,
    question,
    answer,
    question_date: date as string | null,
    haystack_dates: haystack.dates,
    haystack_session_ids: haystack.ids,
    haystack_sessions: haystack.sessions,
    answer_session_ids: haystack.answers,
  };
}

function strList(raw: Record<string, unknown>, field: string, fail: Fail): string[] {
  const v = raw[field];
  if (!Array.isArray(v)) fail(field, `expected a list of strings, got ${show(v)}`);
  (v as unknown[]).forEach((x, k) => {
    if (typeof x !== "string") fail(`${field}[${k}]`, `expected a string, got ${show(x)}`);
  });
  return v as string[];
}

/** The haystack's lists, checked against each other; `evidence` counts the has_answer turns. */
function checkHaystack(
  raw: Record<string, unknown>,
  qid: string,
  fail: Fail,
  c: InstanceChecks,
) {
  const dates = strList(raw, "haystack_dates", fail);
  const ids = strList(raw, "haystack_session_ids", fail);
  const sessionsRaw = raw.haystack_sessions;
  if (!Array.isArray(sessionsRaw)) {
    fail("haystack_sessions", `expected a list of sessions, got ${show(sessionsRaw)}`);
  }
  const perId = (field: string, what: string, length: number) => {
    const expected = `expected one ${what} per haystack_session_ids entry`;
    if (length !== ids.length) fail(field, `${expected}: ${length} ${what}s, ${ids.length} ids`);
  };
  perId("haystack_sessions", "session", (sessionsRaw as unknown[]).length);
  perId("haystack_dates", "date", dates.length);
  let evidence = 0;
  const sessions = (sessionsRaw as unknown[]).map((s, si) => {
    if (!Array.isArray(s)) {
      fail(`haystack_sessions[${si}]`, `expected a session (a list of turns), got ${show(s)}`);
    }
    return (s as unknown[]).map((t, ti) => {
      const turn = checkTurn(t, `haystack_sessions[${si}][${ti}]`, fail);
      if (turn.has_answer === true) evidence++;
      return turn;
    });
  });
  const answers = strList(raw, "answer_session_ids", fail);
  const first = new Map<string, number>();
  ids.forEach((s, k) => {
    const f = first.get(s);
    if (f === undefined) first.set(s, k);
    else {
      c.warn(
        `${c.file}: question '${qid}': haystack_session_ids repeats '${s}' (sessions ${f} and ${k}); both kept`,
      );
    }
  });
  answers.forEach((a, k) => {
    if (!first.has(a)) {
      fail(
        `answer_session_ids[${k}]`,
        `expected an id among haystack_session_ids, '${a}' is missing from the haystack`,
      );
    }
  });
  return { dates, ids, sessions, answers, evidence };
}

function checkTurn(t: unknown, field: string, fail: Fail): LongMemEvalTurn {
  if (
    !isObject(t) || (t.role !== "user" && t.role !== "assistant") || typeof t.content !== "string"
  ) {
    fail(field, `expected a turn {role: "user" | "assistant", content: string}, got ${show(t)}`);
  }
  const turn = t as Record<string, unknown>;
  const out: LongMemEvalTurn = {
    role: turn.role as "user" | "assistant",
    content: turn.content as string,
  };
  if (turn.has_answer !== undefined) {
    if (typeof turn.has_answer !== "boolean") {
      fail(`${field}.has_answer`, `expected true or false, got ${show(turn.has_answer)}`);
    }
    out.has_answer = turn.has_answer as boolean;
  }
  return out;
}
