/**
 * LongMemEval files as published (Wu et al., ICLR 2025; COMPANIONS §3.1): `longmemeval_oracle.json`,
 * `longmemeval_s_cleaned.json` (~265 MB), `longmemeval_m_cleaned.json`, or gzip copies of them
 * (detected by the magic bytes 1f 8b, whatever the file is called). The file is one JSON list of
 * instances; it is read as a byte stream, cut into its top-level elements by an incremental
 * splitter (strings and escapes tracked, so brackets inside text do not count), and each element
 * is parsed on its own with the project's strict JSON reader (lib/base/json_text.ts: duplicate keys,
 * underflowing numbers and over-deep nesting refused). So memory holds one instance at a time, not
 * the file.
 *
 * Each instance is checked; the first problem is an {@linkcode InputError} naming the file, the
 * element (`[i]`), the question id and the field. Published quirks are kept as they are and told
 * through `onWarning`: a question with no evidence turn (`has_answer: true`; the abstention
 * questions), a haystack that repeats a session id (S draws filler sessions with replacement),
 * answers that are numbers (kept as their decimal strings).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { parseJsonText } from "../base/json_text.ts";
import { isObject } from "../base/json_object.ts";
import { openByteStream } from "../base/gzip_stream.ts";

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

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const WS = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The top-level elements of a JSON list, as the bytes of each, from a byte stream. Structure
 * outside the elements (the brackets, commas, whitespace) is checked here; the elements' own
 * syntax by the strict parse that follows.
 */
async function* splitJsonList(
  bytes: ReadableStream<Uint8Array>,
  file: string,
): AsyncGenerator<Uint8Array> {
  // before: nothing read yet; open: after '[' or ',' (an element next, or ']' right after '[');
  // in: inside an element; between: after an element (',' or ']'); done: after ']'.
  type Phase = "before" | "open" | "in" | "between" | "done";
  let phase = "before" as Phase;
  let depth = 0, inString = false, escape = false, index = 0, offset = 0, empty = true;
  let parts: Uint8Array[] = [];
  const bad = (what: string): never => {
    throw new InputError(
      file,
      { path: index === 0 && phase === "before" ? "" : `[${index}]` },
      what,
    );
  };
  try {
    for await (const chunk of bytes) {
      let start = phase === "in" ? 0 : -1;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i];
        if (phase === "in") {
          if (inString) {
            if (escape) escape = false;
            else if (c === 0x5c) escape = true;
            else if (c === 0x22) inString = false;
            continue;
          }
          if (c === 0x22) inString = true;
          else if (c === 0x7b || c === 0x5b) depth++;
          else if (c === 0x7d || c === 0x5d) {
            if (--depth === 0) {
              parts.push(chunk.subarray(start, i + 1));
              yield concat(parts);
              parts = [];
              index++;
              phase = "between";
              start = -1;
            }
          }
          continue;
        }
        if (WS(c)) continue;
        if (phase === "before") {
          if (c !== 0x5b) {
            bad(
              `expected a LongMemEval file: a JSON list of instances ('['), found byte 0x${
                c.toString(16).padStart(2, "0")
              } at offset ${offset + i}`,
            );
          }
          phase = "open";
        } else if (phase === "open") {
          if (c === 0x5d && empty) phase = "done";
          else if (c === 0x7b) {
            phase = "in";
            depth = 1;
            start = i;
            empty = false;
          } else bad(`expected an instance object ('{') at offset ${offset + i}`);
        } else if (phase === "between") {
          if (c === 0x2c) phase = "open";
          else if (c === 0x5d) phase = "done";
          else bad(`expected ',' or ']' after element [${index - 1}] at offset ${offset + i}`);
        } else {
          bad(`expected nothing after the list's closing ']', found more at offset ${offset + i}`);
        }
      }
      if (phase === "in") parts.push(start <= 0 ? chunk : chunk.subarray(start));
      offset += chunk.length;
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(
      file,
      { path: phase === "before" ? "" : `[${index}]` },
      `expected gzip or plain JSON bytes that can be read to the end (${(err as Error).message})`,
    );
  }
  if (phase === "before") {
    bad("expected a LongMemEval file: a JSON list of instances, the file is empty");
  }
  if ((phase as Phase) !== "done") {
    bad(
      phase === "in"
        ? `expected the list to go on, the file ends inside element [${index}] (truncated?)`
        : "expected the list to end with ']', the file ends first (truncated?)",
    );
  }
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? s.slice(0, 57) + "..." : s;
};

/** Checks one parsed element; the instance, or an InputError naming question and field. */
function instanceOf(
  raw: unknown,
  i: number,
  file: string,
  seen: Map<string, number>,
  warn: (w: string) => void,
  numeric: string[],
): LongMemEvalInstance {
  const at = (field: string) => ({ path: `[${i}]${field === "" ? "" : `.${field}`}` });
  if (!isObject(raw)) {
    throw new InputError(file, at(""), `expected an instance object, got ${show(raw)}`);
  }
  const qid = raw.question_id;
  if (typeof qid !== "string" || qid === "") {
    throw new InputError(file, at("question_id"), `expected a non-empty string, got ${show(qid)}`);
  }
  const fail = (field: string, expected: string): never => {
    throw new InputError(file, at(field), `question '${qid}': ${expected}`);
  };
  const prior = seen.get(qid);
  if (prior !== undefined) {
    fail("question_id", `expected each question once, it is also element [${prior}]`);
  }
  seen.set(qid, i);
  const str = (field: string): string => {
    const v = raw[field];
    if (typeof v !== "string") fail(field, `expected a string, got ${show(v)}`);
    return v as string;
  };
  const strList = (field: string): string[] => {
    const v = raw[field];
    if (!Array.isArray(v)) fail(field, `expected a list of strings, got ${show(v)}`);
    (v as unknown[]).forEach((x, k) => {
      if (typeof x !== "string") fail(`${field}[${k}]`, `expected a string, got ${show(x)}`);
    });
    return v as string[];
  };
  const question_type = str("question_type");
  const question = str("question");
  let answer: string;
  if (typeof raw.answer === "number" && Number.isFinite(raw.answer)) {
    answer = String(raw.answer);
    numeric.push(qid);
  } else answer = str("answer");
  const date = raw.question_date;
  if (date !== null && typeof date !== "string") {
    fail("question_date", `expected a string or null, got ${show(date)}`);
  }
  const haystack_dates = strList("haystack_dates");
  const haystack_session_ids = strList("haystack_session_ids");
  const sessionsRaw = raw.haystack_sessions;
  if (!Array.isArray(sessionsRaw)) {
    fail("haystack_sessions", `expected a list of sessions, got ${show(sessionsRaw)}`);
  }
  const sessionsList = sessionsRaw as unknown[];
  const n = haystack_session_ids.length;
  const perId = (field: string, what: string, length: number) => {
    const expected = `expected one ${what} per haystack_session_ids entry`;
    if (length !== n) fail(field, `${expected}: ${length} ${what}s, ${n} ids`);
  };
  perId("haystack_sessions", "session", sessionsList.length);
  perId("haystack_dates", "date", haystack_dates.length);
  let evidence = 0;
  const haystack_sessions = sessionsList.map((s, si) => {
    if (!Array.isArray(s)) {
      fail(`haystack_sessions[${si}]`, `expected a session (a list of turns), got ${show(s)}`);
    }
    return (s as unknown[]).map((t, ti) => {
      const f = `haystack_sessions[${si}][${ti}]`;
      if (
        !isObject(t) || (t.role !== "user" && t.role !== "assistant") ||
        typeof t.content !== "string"
      ) {
        fail(f, `expected a turn {role: "user" | "assistant", content: string}, got ${show(t)}`);
      }
      const turn = t as Record<string, unknown>;
      const out: LongMemEvalTurn = {
        role: turn.role as "user" | "assistant",
        content: turn.content as string,
      };
      if (turn.has_answer !== undefined) {
        if (typeof turn.has_answer !== "boolean") {
          fail(`${f}.has_answer`, `expected true or false, got ${show(turn.has_answer)}`);
        }
        out.has_answer = turn.has_answer as boolean;
        if (out.has_answer) evidence++;
      }
      return out;
    });
  });
  const answer_session_ids = strList("answer_session_ids");
  const ids = new Map<string, number>();
  haystack_session_ids.forEach((s, k) => {
    const first = ids.get(s);
    if (first === undefined) ids.set(s, k);
    else {
      warn(
        `${file}: question '${qid}': haystack_session_ids repeats '${s}' (sessions ${first} and ${k}); both kept`,
      );
    }
  });
  answer_session_ids.forEach((a, k) => {
    if (!ids.has(a)) {
      fail(
        `answer_session_ids[${k}]`,
        `expected an id among haystack_session_ids, '${a}' is missing from the haystack`,
      );
    }
  });
  if (evidence === 0) {
    warn(
      `${file}: question '${qid}' (${question_type}${
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
    haystack_dates,
    haystack_session_ids,
    haystack_sessions,
    answer_session_ids,
  };
}

/**
 * Streams instances from a LongMemEval file (plain JSON list or gzip, detected by magic bytes),
 * in file order, one element parsed at a time (peak memory: about one instance, not the file).
 *
 * @example Read the shared oracle copy
 * ```ts ignore
 * for await (const q of readLongMemEval("../shared/data/longmemeval/longmemeval_oracle_301.json.gz")) {
 *   console.log(q.question_id, q.haystack_sessions.length);
 * }
 * ```
 *
 * @param path the file (any name; `.json` or gzip)
 * @param options `onWarning`, told each published quirk kept (see the module doc)
 * @returns the instances, in file order
 * @throws {InputError} naming file, element, question_id and field: not a JSON list, bad JSON in an
 *   element, a missing or mistyped field, `haystack_session_ids` / `haystack_sessions` /
 *   `haystack_dates` of different lengths, an answer session missing from the haystack, a repeated
 *   question id, a turn that is not `{role: "user" | "assistant", content: string}`
 */
export async function* readLongMemEval(
  path: string,
  options: {
    /** Told each published quirk kept (no evidence turn, repeated session id, numeric answers). */
    onWarning?: (w: string) => void;
  } = {},
): AsyncGenerator<LongMemEvalInstance> {
  const warn = options.onWarning ?? (() => {});
  const seen = new Map<string, number>();
  const numeric: string[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let i = 0;
  for await (
    const bytes of splitJsonList(
      await openByteStream(
        path,
        (e) => `expected a readable LongMemEval file (${e.message})`,
      ),
      path,
    )
  ) {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new InputError(
        path,
        { path: `[${i}]` },
        "expected UTF-8 text, the element has invalid bytes",
      );
    }
    let raw: unknown;
    try {
      raw = parseJsonText(text, path, { uniqueKeys: true });
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      const qid = /"question_id"\s*:\s*"([^"\\]*)"/.exec(text)?.[1];
      const where = err.where && "path" in err.where ? err.where.path : "";
      throw new InputError(
        path,
        { path: `[${i}]` },
        `${qid === undefined ? "" : `question '${qid}': `}${err.expected}${
          where === ""
            ? ""
            : ` (${/^line \d/.test(where) ? `${where} of the element` : `at ${where}`})`
        }`,
      );
    }
    yield instanceOf(raw, i, path, seen, warn, numeric);
    i++;
  }
  if (numeric.length > 0) {
    warn(
      `${path}: ${numeric.length} answer(s) are numbers in the file, read as their decimal strings (${
        numeric.slice(0, 5).join(", ")
      }${numeric.length > 5 ? ", ..." : ""})`,
    );
  }
}
