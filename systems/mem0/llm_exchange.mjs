// memaudit's record / replay of a memory system's LLM calls (`memaudit write --llm URL`,
// `--replay FILE`). The driver points the system's OpenAI client at a local server from here:
//
// - record: each request is forwarded to URL (an OpenAI-compatible base, e.g.
//   http://127.0.0.1:8000/v1) and the exchange is kept; `lines()` gives the log.
// - replay: each request is answered from a log, matched by the SHA-256 of its canonical
//   JSON {path, body}; equal requests are answered in the order they were recorded. A request
//   the log does not hold is an error (see `miss`), never a call to the network.
//
// Log (JSONL): a header line {memaudit_llm_exchanges: 1, ...what the caller puts in it}, then
// one line per exchange {n, path, key, request, status, response}. The header's `exchanges`
// (their count) shows a log cut short, its `exchanges_sha256` (sha256 hex of the canonical JSON of the exchange lines, as a list) shows a
// log edited after it was recorded. The API key is never logged: where an endpoint's answer
// repeats it, it is replaced by `[MEMAUDIT_LLM_API_KEY]` in the log and in what the system gets.
// Plain JavaScript, so Node (the driver) and Deno (memaudit's tests) both load it.
import { createHash } from "node:crypto";
import { createServer } from "node:http";

/** Seconds a recorded request may take before the run fails (`--llm-timeout`). */
export const DEFAULT_TIMEOUT_SEC = 300;

/** The log's format version (its header's `memaudit_llm_exchanges`). */
export const LOG_VERSION = 1;

/** JSON with object keys sorted at every depth: equal values give equal text. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The key a request is matched by: sha256 hex of canonical {path, body}. */
export function requestKey(path, body) {
  return createHash("sha256").update(canonical({ path, body })).digest("hex");
}

/** What stands in the log, and in the answer passed on, for the API key an endpoint repeats. */
export const KEY_REDACTED = "[MEMAUDIT_LLM_API_KEY]";

/** sha256 hex of the canonical JSON of a log's exchange lines (the header's `exchanges_sha256`). */
export function exchangesSha256(entries) {
  return createHash("sha256").update(canonical(entries)).digest("hex");
}

/** The body as JSON when it parses, else as text. */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Records exchanges with an OpenAI-compatible endpoint at `url`. */
export class Recorder {
  /**
   * @param {string} url the endpoint's base URL (`.../v1`); a request to PATH goes to url + PATH
   * @param {string | undefined} apiKey sent as `Authorization: Bearer KEY` when given, not logged
   * @param {object} header what the log's first line says besides its version
   */
  constructor(url, apiKey, header, timeoutSec = DEFAULT_TIMEOUT_SEC) {
    this.url = url.replace(/\/+$/, "");
    this.apiKey = apiKey;
    this.log = [{ memaudit_llm_exchanges: LOG_VERSION, ...header }];
    this.failure = undefined;
    this.timeoutSec = timeoutSec;
    this.timedOut = false;
  }

  /** `text` with the API key replaced by {@linkcode KEY_REDACTED}. */
  redact(text) {
    return this.apiKey ? text.split(this.apiKey).join(KEY_REDACTED) : text;
  }

  /** Forwards one request and keeps the exchange. */
  async answer(path, bodyText) {
    const headers = { "content-type": "application/json" };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    // After one request timed out the run fails: the client's retries are not waited out again.
    if (this.timedOut) throw new Error(this.failure);
    let r;
    try {
      r = await fetch(this.url + path, {
        method: "POST",
        headers,
        body: bodyText,
        signal: AbortSignal.timeout(this.timeoutSec * 1000),
      });
    } catch (err) {
      this.timedOut = err?.name === "TimeoutError";
      this.failure = this.redact(
        this.timedOut
          ? `the LLM endpoint ${this.url}${path} did not answer within ${this.timeoutSec} s ` +
            "(--llm-timeout)"
          : `could not reach the LLM endpoint ${this.url}${path}: ` +
            `${err?.cause?.message ?? err?.message ?? err}`,
      );
      throw err;
    }
    const text = this.redact(await r.text());
    const body = parsed(bodyText);
    // What went wrong last, for the driver's error line (the system's own names memaudit's
    // local server, not the endpoint); a good answer (say, to a retry) clears it.
    const answer = parsed(text);
    this.failure = r.status >= 400
      ? `the LLM endpoint ${this.url}${path} answered ${r.status}: ` +
        `${(answer?.error?.message ?? text).toString().slice(0, 200)}`
      : typeof answer === "string"
      ? `the LLM endpoint ${this.url}${path} answered ${r.status} with a body that is not ` +
        `JSON: '${text.slice(0, 80)}'`
      : undefined;
    this.log.push({
      n: this.log.length,
      path,
      key: requestKey(path, body),
      request: body,
      status: r.status,
      response: parsed(text),
    });
    return { status: r.status, text };
  }

  /** The log as JSONL text, the header's `exchanges_sha256` filled in. */
  text() {
    const header = {
      ...this.log[0],
      exchanges: this.log.length - 1,
      exchanges_sha256: exchangesSha256(this.log.slice(1)),
    };
    return [header, ...this.log.slice(1)].map((e) => JSON.stringify(e)).join("\n") + "\n";
  }
}

/**
 * Answers requests from a recorded log.
 *
 * @param {string} text the log (JSONL, header first; a byte-order mark and CRLF are read)
 * @param {string} file its name, for messages
 * @param {boolean} edited whether the log was edited after recording (named when it misses)
 * @throws {Error} when a line is not JSON or the header is not a log of this version
 */
export class Replayer {
  constructor(text, file, edited = false) {
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).map((l, i) => [l, i + 1])
      .filter(([l]) => l.trim() !== "");
    const entries = lines.map(([l, line]) => {
      try {
        return { ...JSON.parse(l), line };
      } catch {
        throw new Error(`${file}: line ${line}: expected a JSON line of an LLM exchange log`);
      }
    });
    this.header = entries[0];
    if (this.header?.memaudit_llm_exchanges !== LOG_VERSION) {
      throw new Error(
        `${file}: line 1: expected the header {"memaudit_llm_exchanges": ${LOG_VERSION}, ...}`,
      );
    }
    this.file = file;
    this.total = entries.length - 1;
    this.queues = new Map();
    for (const e of entries.slice(1)) {
      const q = this.queues.get(e.key) ?? [];
      q.push(e);
      this.queues.set(e.key, q);
    }
    this.miss = undefined;
    this.failure = undefined;
    this.edited = edited;
  }

  /** The recorded answer to a request; a request not in the log is kept in `miss`. */
  answer(path, bodyText) {
    const key = requestKey(path, parsed(bodyText));
    const e = this.queues.get(key)?.shift();
    if (e === undefined) {
      this.miss ??= `request to ${path} (key ${key.slice(0, 12)}) is not in the replay log ` +
        `${this.file} (${this.total} exchanges recorded): ` +
        (this.edited
          ? "the log was edited after it was recorded (an edited answer changes the requests " +
            "that follow it)"
          : "the conversation, the settings or the system's version differ from the recording");
      return { status: 400, text: JSON.stringify({ error: { message: this.miss } }) };
    }
    const text = typeof e.response === "string" ? e.response : JSON.stringify(e.response);
    // The system's own error would name memaudit's local server; this names the log's line.
    this.failure = e.status >= 400 || typeof e.response === "string"
      ? `the recorded answer at line ${e.line} of ${this.file} is ${e.status} ` +
        `${
          typeof e.response === "string" ? `'${text.slice(0, 80)}' (not JSON)` : text.slice(0, 200)
        }`
      : undefined;
    return { status: e.status, text };
  }

  /** How many recorded exchanges were not asked for. */
  unused() {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }
}

/**
 * Serves an answerer on 127.0.0.1 (a free port).
 *
 * @param {{answer(path: string, body: string): Promise<{status: number, text: string}> | {status: number, text: string}}} answerer
 * @returns {Promise<{baseURL: string, close(): Promise<void>}>}
 */
export function serve(answerer) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      try {
        const r = await answerer.answer(req.url ?? "/", Buffer.concat(chunks).toString("utf8"));
        res.writeHead(r.status, { "content-type": "application/json" });
        res.end(r.text);
      } catch (err) {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(err?.message ?? err) } }));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        baseURL: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
