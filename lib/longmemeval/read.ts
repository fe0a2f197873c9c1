/**
 * LongMemEval files as published (Wu et al., ICLR 2025; issue 28 item 1): a plain JSON list of
 * instances (`longmemeval_oracle.json`, `longmemeval_s_cleaned.json` ~265 MB, `_m_cleaned.json`)
 * or the same list gzip-compressed (told by its magic bytes 1f 8b, not by its name). The list is
 * streamed: one instance is parsed at a time, so memory stays at one instance whatever the file
 * size. A bare instance (one object) reads as a list of one.
 *
 * @module
 */
import { InputError } from "../errors.ts";

/** One turn `{role, content, has_answer?}`; `has_answer` marks an evidence turn. */
export interface LongMemEvalTurn {
  /** Speaker role. */
  role: "user" | "assistant";
  /** Turn text. */
  content: string;
  /** True on an evidence turn. */
  has_answer?: boolean;
}

/** One LongMemEval instance: a question with its own haystack of sessions. */
export interface LongMemEvalInstance {
  /** Unique question id; the suffix `_abs` marks an abstention question. */
  question_id: string;
  /** LongMemEval question type (e.g. `multi-session`). */
  question_type: string;
  /** Question text. */
  question: string;
  /** Gold answer, as text (a number in the file is converted). */
  answer: string;
  /** Date of the question (`2023/05/20 (Sat) 02:21`), or null when absent. */
  question_date: string | null;
  /** One date per haystack session. */
  haystack_dates: string[];
  /** Session ids of the haystack, in file order. */
  haystack_session_ids: string[];
  /** The sessions: lists of turns, in the order of `haystack_session_ids`. */
  haystack_sessions: LongMemEvalTurn[][];
  /** E(q): the evidence session ids. */
  answer_session_ids: string[];
}

async function* fileBytes(path: string): AsyncGenerator<Uint8Array> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new InputError(path, { path: "" }, "expected an existing file");
    }
    if (e instanceof Deno.errors.IsADirectory) {
      throw new InputError(path, { path: "" }, "expected a file, got a folder");
    }
    throw e;
  }
  const head = new Uint8Array(2);
  const got = await file.read(head);
  await file.seek(0, Deno.SeekMode.Start);
  let stream: ReadableStream<Uint8Array> = file.readable;
  if (got === 2 && head[0] === 0x1f && head[1] === 0x8b) {
    stream = stream.pipeThrough(
      new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
    );
  }
  try {
    for await (const chunk of stream) yield chunk;
  } catch (e) {
    throw new InputError(path, { path: "" }, `expected a readable gzip stream (${e})`);
  }
}

/** Splits a JSON list into its top-level elements' texts, one at a time. */
async function* elements(path: string): AsyncGenerator<{ text: string; index: number }> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let depth = 0, inString = false, escape = false, started = false, bare = false;
  let collecting = false;
  let parts: Uint8Array[] = [];
  let index = 0;
  const bad = (what: string) => new InputError(path, { path: `[${index}]` }, what);
  const take = (): string => {
    const total = parts.reduce((a, p) => a + p.length, 0);
    const all = parts.length === 1 ? parts[0] : new Uint8Array(total);
    if (parts.length > 1) {
      let o = 0;
      for (const p of parts) all.set(p, o), o += p.length;
    }
    parts = [];
    try {
      return decoder.decode(all);
    } catch {
      throw bad("expected UTF-8 text");
    }
  };
  for await (const chunk of fileBytes(path)) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (inString) {
        // Jump to the next quote; it ends the string unless an odd run of backslashes precedes.
        if (escape) {
          escape = false;
          continue;
        }
        const q = chunk.indexOf(0x22, i);
        if (q < 0) {
          let run = 0;
          for (let p = chunk.length - 1; p >= i && chunk[p] === 0x5c; p--) run++;
          escape = run % 2 === 1;
          break;
        }
        let run = 0;
        for (let p = q - 1; p >= i && chunk[p] === 0x5c; p--) run++;
        i = q;
        if (run % 2 === 0) inString = false;
        continue;
      }
      const c = chunk[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (!started) {
        if (c === 0xef && chunk[i + 1] === 0xbb && chunk[i + 2] === 0xbf) { // a byte-order mark
          i += 2;
          continue;
        }
        started = true;
        if (c === 0x7b) { // one bare instance
          bare = true;
          depth = 1;
          collecting = true;
          from = i;
          continue;
        }
        if (c !== 0x5b) {
          throw new InputError(path, { path: "" }, "expected a JSON list of LongMemEval instances");
        }
        depth = 1;
        continue;
      }
      if (depth === 0) {
        throw new InputError(path, { path: "" }, "expected nothing after the end of the list");
      }
      if (c === 0x22) {
        if (!collecting) throw bad("expected an instance object");
        inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        if (!collecting) {
          if (c !== 0x7b) throw bad("expected an instance object");
          collecting = true;
          from = i;
        }
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth === (bare ? 0 : 1) && collecting) {
          parts.push(chunk.subarray(from, i + 1));
          collecting = false;
          yield { text: take(), index };
          index++;
        }
      } else if (!collecting && c !== 0x2c) {
        throw bad("expected an instance object");
      }
    }
    if (collecting) parts.push(chunk.slice(from));
  }
  if (!started) throw new InputError(path, { path: "" }, "expected a JSON list, got an empty file");
  if (depth !== 0 || inString) throw bad("expected the list to end (the file is truncated)");
}

function fail(path: string, qid: string, field: string, expected: string): never {
  throw new InputError(path, { path: `${qid}.${field}` }, expected);
}

function stringList(path: string, qid: string, o: Record<string, unknown>, key: string): string[] {
  const v = o[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    fail(path, qid, key, "expected a list of strings");
  }
  return v as string[];
}

function check(
  path: string,
  raw: unknown,
  index: number,
  warn: (w: string) => void,
): LongMemEvalInstance {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new InputError(path, { path: `[${index}]` }, "expected an instance object");
  }
  const o = raw as Record<string, unknown>;
  if (typeof o.question_id !== "string" || o.question_id === "") {
    throw new InputError(path, { path: `[${index}].question_id` }, "expected a non-empty string");
  }
  const qid = o.question_id;
  for (const key of ["question_type", "question"]) {
    if (typeof o[key] !== "string") fail(path, qid, key, "expected a string");
  }
  if (typeof o.answer !== "string" && typeof o.answer !== "number") {
    fail(path, qid, "answer", "expected a string or a number");
  }
  if (o.question_date !== undefined && o.question_date !== null) {
    if (typeof o.question_date !== "string") fail(path, qid, "question_date", "expected a string");
  }
  const ids = stringList(path, qid, o, "haystack_session_ids");
  const dates = stringList(path, qid, o, "haystack_dates");
  const answers = stringList(path, qid, o, "answer_session_ids");
  const sessions = o.haystack_sessions;
  if (!Array.isArray(sessions)) fail(path, qid, "haystack_sessions", "expected a list of sessions");
  for (
    const [key, n] of [["haystack_dates", dates.length], [
      "haystack_sessions",
      sessions.length,
    ]] as const
  ) {
    if (n !== ids.length) {
      fail(
        path,
        qid,
        key,
        `expected ${ids.length} entries (one per haystack_session_ids entry), got ${n}`,
      );
    }
  }
  const seen = new Set<string>();
  ids.forEach((id, k) => {
    if (seen.has(id)) {
      warn(`${path}: ${qid}: haystack_session_ids[${k}] repeats the session id "${id}" (kept)`);
    }
    seen.add(id);
  });
  for (const a of answers) {
    if (!seen.has(a)) {
      fail(
        path,
        qid,
        "answer_session_ids",
        `ids of haystack sessions, got "${a}" (not in haystack_session_ids)`,
      );
    }
  }
  const turns = sessions as unknown[];
  turns.forEach((s, k) => {
    if (!Array.isArray(s)) fail(path, qid, `haystack_sessions[${k}]`, "expected a list of turns");
    s.forEach((t, j) => {
      const at = `haystack_sessions[${k}][${j}]`;
      if (t === null || typeof t !== "object" || Array.isArray(t)) {
        fail(path, qid, at, "expected a turn {role, content}");
      }
      const r = t as Record<string, unknown>;
      if (r.role !== "user" && r.role !== "assistant") {
        fail(path, qid, `${at}.role`, 'expected "user" or "assistant"');
      }
      if (typeof r.content !== "string") fail(path, qid, `${at}.content`, "expected a string");
      if (r.has_answer !== undefined && typeof r.has_answer !== "boolean") {
        fail(path, qid, `${at}.has_answer`, "expected true or false");
      }
    });
  });
  return {
    question_id: qid,
    question_type: o.question_type as string,
    question: o.question as string,
    answer: String(o.answer),
    question_date: (o.question_date ?? null) as string | null,
    haystack_dates: dates,
    haystack_session_ids: ids,
    haystack_sessions: sessions as LongMemEvalTurn[][],
    answer_session_ids: answers,
  };
}

/**
 * Streams the instances of a LongMemEval file: a plain JSON list (any size: one instance is
 * parsed at a time) or the same gzip-compressed (told by its magic bytes), or one bare instance.
 * Checked per instance: the fields and their types, `haystack_session_ids`, `haystack_dates` and
 * `haystack_sessions` of one length, every answer session in
 * the haystack, every turn `{role: user|assistant, content}`, and no question id twice in the
 * file. A numeric answer is turned into text; a session id listed twice in one haystack (the
 * published S file has such) is kept and reported through `onWarning`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readLongMemEval } from "./read.ts";
 * const path = await Deno.makeTempFile({ suffix: ".json" });
 * await Deno.writeTextFile(path, JSON.stringify([{
 *   question_id: "q1", question_type: "single-session-user", question: "Where?", answer: 2,
 *   question_date: null, haystack_dates: ["2023/05/01 (Mon) 09:00"], haystack_session_ids: ["s1"],
 *   haystack_sessions: [[{ role: "user", content: "Oslo", has_answer: true }]],
 *   answer_session_ids: ["s1"],
 * }]));
 * const got = [];
 * for await (const x of readLongMemEval(path)) got.push(x);
 * assert.ok(got.length === 1 && got[0].answer === "2");
 * ```
 *
 * @param path the file
 * @param options `onWarning`: called with one sentence per oddity that does not stop reading
 * @returns the instances, in file order
 * @throws {InputError} naming the file, the question id and the field of the first problem
 *   (`[3]` when the instance has no usable question_id), or the file itself when it is missing,
 *   not a JSON list, not UTF-8 or truncated
 */
export async function* readLongMemEval(
  path: string,
  options: { onWarning?: (w: string) => void } = {},
): AsyncGenerator<LongMemEvalInstance> {
  const seen = new Set<string>();
  let count = 0;
  for await (const { text, index } of elements(path)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new InputError(
        path,
        { path: `[${index}]` },
        `expected valid JSON (${(e as Error).message})`,
      );
    }
    const inst = check(path, raw, index, options.onWarning ?? (() => {}));
    if (seen.has(inst.question_id)) {
      fail(path, inst.question_id, "question_id", "a question id not used before in the file");
    }
    seen.add(inst.question_id);
    count++;
    yield inst;
  }
  if (count === 0) options.onWarning?.(`${path} holds no instance (an empty list)`);
}
