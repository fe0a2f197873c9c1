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
 * answers that are numbers (kept as their decimal strings). The checks are one function
 * (`_check_instance.ts`), run on each streamed element here and on parsed JSON by
 * {@linkcode checkLongMemEval}, which the ladder sources of lib/scale/ use.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { parseJsonText } from "../base/json_text.ts";
import { isObject } from "../base/json_object.ts";
import { openByteStream } from "../base/gzip_stream.ts";
import {
  checkInstance,
  endChecks,
  type LongMemEvalInstance,
  startChecks,
} from "./_check_instance.ts";

export type { LongMemEvalInstance, LongMemEvalTurn } from "./_check_instance.ts";

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
  const checks = startChecks(path, options.onWarning ?? (() => {}));
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
    yield checkInstance(raw, i, `[${i}]`, checks);
    i++;
  }
  endChecks(checks);
}

/**
 * Whether parsed JSON is one bare LongMemEval instance (an object with `question_id`) rather than
 * the published list.
 *
 * @param data parsed JSON
 * @returns true for a single instance object
 */
export function isLongMemEvalInstance(data: unknown): data is Record<string, unknown> {
  return isObject(data) && "question_id" in data;
}

/**
 * Checks LongMemEval data already parsed from JSON by the same rules as {@linkcode readLongMemEval}
 * (one check for both): the published list of instances, or one bare instance (an object with
 * `question_id`), read as a list of one whose errors name its fields without `[0]`.
 *
 * @example A numeric answer is kept as its decimal string, and told
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkLongMemEval } from "./read.ts";
 * const warnings: string[] = [];
 * const [q] = checkLongMemEval({
 *   question_id: "q1", question_type: "single-session-user", question: "How many?", answer: 3,
 *   question_date: "2023/05/20 (Sat) 02:21", haystack_dates: ["2023/05/01 (Mon) 10:00"],
 *   haystack_session_ids: ["answer_1"], answer_session_ids: ["answer_1"],
 *   haystack_sessions: [[{ role: "user", content: "I have 3.", has_answer: true }]],
 * }, "one.json", { onWarning: (w) => warnings.push(w) });
 * assert.equal(q.answer, "3");
 * assert.match(warnings[0], /1 answer\(s\) are numbers/);
 * ```
 *
 * @param data parsed JSON
 * @param file the file's name, for errors and warnings
 * @param options `onWarning`, told each published quirk kept (see the module doc)
 * @returns the instances, in file order
 * @throws {InputError} naming the file, the path (`[i].field`, or `field` for a bare instance), the
 *   question id and what was expected (the same checks as {@linkcode readLongMemEval}); or, at the
 *   root, data that is neither a list nor an instance object
 */
export function checkLongMemEval(
  data: unknown,
  file: string,
  options: {
    /** Told each published quirk kept (no evidence turn, repeated session id, numeric answers). */
    onWarning?: (w: string) => void;
  } = {},
): LongMemEvalInstance[] {
  const checks = startChecks(file, options.onWarning ?? (() => {}));
  let out: LongMemEvalInstance[];
  if (Array.isArray(data)) out = data.map((raw, i) => checkInstance(raw, i, `[${i}]`, checks));
  else if (isLongMemEvalInstance(data)) out = [checkInstance(data, 0, "", checks)];
  else {
    throw InputError.atRoot(
      file,
      "expected a LongMemEval file: a JSON list of instances, or one instance object",
    );
  }
  endChecks(checks);
  return out;
}
