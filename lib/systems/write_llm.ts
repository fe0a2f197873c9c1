/**
 * Mem0's LLM in `memaudit write` (issue 30 item 1): `--llm URL` runs mem0's own extraction (`infer:
 * true`) against an OpenAI-compatible endpoint through memaudit's local server
 * (`systems/mem0/llm_exchange.mjs`), which keeps every request and response in
 * `DIR/llm_exchanges.jsonl`; `--replay FILE` answers the same requests from such a file, offline,
 * so the store is rebuilt byte for byte. The API key (`$MEMAUDIT_LLM_API_KEY`) is sent, never
 * written.
 *
 * @module
 */
import { canonicalJson } from "../base/canonical_json.ts";
import { InputError } from "../base/errors.ts";
import { sha256Hex } from "../base/hash.ts";
import { jsonlLines } from "../base/jsonl.ts";

/** The driver's LLM: record exchanges with `url` into `log`, or answer from `log`. */
export type DriverLlm =
  | {
    mode: "record";
    url: string;
    model: string;
    log: string;
    header: object;
    /** Seconds a request may take (default 300). */
    timeout_s?: number;
  }
  | { mode: "replay"; model: string; log: string; log_name: string; edited: boolean };

/**
 * Mem0's LLM in `memaudit write`: `record` sends mem0's extraction calls (`infer: true`) to an
 * OpenAI-compatible endpoint and keeps every exchange in `DIR/llm_exchanges.jsonl`; `replay`
 * answers them from such a file, offline.
 */
export type WriteLlm =
  | { mode: "record"; url: string; model: string; timeoutSec?: number }
  | { mode: "replay"; file: string };

/** The npm package and version of a system that writes stores. */
export interface SystemVersion {
  /** The npm package, e.g. `mem0ai`. */
  package: string;
  /** Its version, e.g. `3.3.1`. */
  version: string;
}

/** The first line of an exchange log: what the recording was made of. */
export interface ExchangeLogHeader {
  /** The log format's version: 1. */
  memaudit_llm_exchanges: 1;
  /** `mem0`. */
  system: string;
  /** The npm package and version that made the requests. */
  package: string;
  version: string;
  /** The chat model named in every request. */
  model: string;
  /** The endpoint the requests went to. */
  url: string;
  /** SHA-256 of the turns fed (canonical JSON), as provenance.json's `turns_sha256`. */
  turns_sha256: string;
  /**
   * SHA-256 of the exchange lines (the canonical JSON of their list), which shows a log edited
   * after it was recorded; absent in logs recorded before it was kept.
   */
  exchanges_sha256?: string;
  /** How many exchange lines follow (absent in older logs): fewer shows a log cut short. */
  exchanges?: number;
}

/** One recorded exchange: a line after the header. */
export interface RecordedExchange {
  /** Its number, from 1. */
  n: number;
  /** The request's path, e.g. `/chat/completions`. */
  path: string;
  /** sha256 hex of the canonical JSON of `{path, body}`: what a replayed request is matched by. */
  key: string;
  /** The request's body. */
  request: unknown;
  /** The HTTP status answered. */
  status: number;
  /** The answer's body (JSON, or its text when it was not JSON). */
  response: unknown;
}

/**
 * The header of an exchange log, checked against the run that replays it.
 *
 * @param file the log's path (for messages)
 * @param expect the system and the turns of the replaying run
 * @throws {InputError} (line 1) when the first line is not a header of format 1, or the log was
 *   recorded with another system, version or conversation
 */
export function replayHeader(
  file: string,
  text: string,
  expect: { system: string; sys: SystemVersion; turnsSha256: string },
): ExchangeLogHeader {
  const first = jsonlLines(text)[0];
  let h: Partial<ExchangeLogHeader>;
  try {
    h = first?.line === 1 ? JSON.parse(first.text) : {};
  } catch {
    h = {};
  }
  const fail = (what: string): never => {
    throw new InputError(file, { path: "line 1" }, what);
  };
  if (h?.memaudit_llm_exchanges !== 1 || typeof h.model !== "string") {
    fail(
      'expected the header of an LLM exchange log ({"memaudit_llm_exchanges": 1, ...}, ' +
        "written by memaudit write --llm URL)",
    );
  }
  if (h.system !== expect.system || h.version !== expect.sys.version) {
    fail(
      `expected a recording by ${expect.sys.package}@${expect.sys.version}, ` +
        `found ${h.package}@${h.version} (${h.system})`,
    );
  }
  if (h.turns_sha256 !== expect.turnsSha256) {
    fail(
      `expected a recording of the same turns (turns_sha256 ${expect.turnsSha256.slice(0, 12)}), ` +
        `found ${String(h.turns_sha256).slice(0, 12)}: another conversation or question`,
    );
  }
  return h as ExchangeLogHeader;
}

/**
 * The exchange lines of a log (after its header), each checked; blank lines are skipped, CRLF line
 * ends and a byte-order mark are read.
 *
 * @param file the log's path (for messages)
 * @throws {InputError} (line N, counted in the file) when a line is not JSON (say, a log cut short)
 *   or not an exchange `{path, key, status, response}`
 */
export function recordedExchanges(file: string, text: string): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  for (const { line, text: lineText } of jsonlLines(text)) {
    if (line === 1) continue; // the header (replayHeader)
    const fail = (what: string): never => {
      throw new InputError(file, { path: `line ${line}` }, what);
    };
    let e: Partial<RecordedExchange>;
    try {
      e = JSON.parse(lineText);
    } catch {
      return fail(
        "expected a JSON line of an LLM exchange log (a log cut short, or edited by hand?)",
      );
    }
    if (
      e === null || typeof e !== "object" || typeof e.path !== "string" ||
      typeof e.key !== "string" || !/^[0-9a-f]{64}$/.test(e.key) ||
      !Number.isInteger(e.status) || !("response" in e)
    ) {
      fail("expected an exchange {n, path, key (64 hex digits), request, status, response}");
    }
    out.push(e as RecordedExchange);
  }
  return out;
}

/**
 * The driver's LLM for a run: a record (header filled in) or a replay (the log read and checked).
 *
 * @returns the driver's settings and, for a replay, the log's text, header and whether it was
 *   edited after recording (its exchanges' SHA-256 is not its header's `exchanges_sha256`)
 * @throws {InputError} when the replay file cannot be read, its header does not fit, it holds fewer
 *   or more exchanges than its header counts (a log cut short), or a line is not an exchange
 */
export async function driverLlm(
  llm: WriteLlm,
  run: { system: string; sys: SystemVersion; turnsSha256: string },
): Promise<{
  driver: DriverLlm;
  replayed?: { text: string; header: ExchangeLogHeader; edited: boolean };
}> {
  if (llm.mode === "record") {
    const { url, model } = llm;
    const header: ExchangeLogHeader = {
      memaudit_llm_exchanges: 1,
      system: run.system,
      package: run.sys.package,
      version: run.sys.version,
      model,
      url,
      turns_sha256: run.turnsSha256,
    };
    const timeout = llm.timeoutSec !== undefined ? { timeout_s: llm.timeoutSec } : {};
    return { driver: { mode: "record", url, model, log: "", header, ...timeout } };
  }
  let text: string;
  try {
    text = await Deno.readTextFile(llm.file);
  } catch (err) {
    const msg = `expected a readable exchange log (${(err as Error).message})`;
    throw InputError.atRoot(llm.file, msg);
  }
  const header = replayHeader(llm.file, text, run);
  const exchanges = recordedExchanges(llm.file, text);
  if (header.exchanges !== undefined && header.exchanges !== exchanges.length) {
    const msg = `expected the ${header.exchanges} exchanges the header counts, the file holds ` +
      `${exchanges.length}: a log cut short (or lines removed)`;
    throw new InputError(llm.file, { path: "line 1" }, msg);
  }
  const edited = header.exchanges_sha256 !== undefined &&
    header.exchanges_sha256 !== sha256Hex(canonicalJson(exchanges));
  const log = llm.file.startsWith("/") ? llm.file : `${Deno.cwd()}/${llm.file}`;
  return {
    driver: { mode: "replay", model: header.model, log, log_name: llm.file, edited },
    replayed: { text, header, edited },
  };
}

/** Mem0's settings for provenance.json when its LLM runs (`infer: true`). */
export function inferSettings(
  base: Record<string, unknown>,
  llm: WriteLlm,
  model: string,
): Record<string, unknown> {
  return {
    ...base,
    api: "mem0ai/oss Memory: add([{role, content}], {userId, infer: true, metadata}) per turn",
    infer: true,
    llm: llm.mode === "record"
      ? `openai provider, model ${model}, baseURL: memaudit's local server forwarding to ` +
        `${llm.url} and recording every exchange (llm_exchanges.jsonl); API key from ` +
        "$MEMAUDIT_LLM_API_KEY, never recorded"
      : `openai provider, model ${model}, answered offline from the recorded exchanges ` +
        `${llm.file} (no network)`,
    embedder: "STAND-IN: a deterministic 64-dimension word-hash vector written by memaudit " +
      "(not a real embedding model; with infer: true it decides which existing memories mem0 " +
      "shows the LLM beside each new turn)",
  };
}

/**
 * The warning of a run whose LLM answers gave mem0 no memory at all: mem0 drops an answer it cannot
 * parse (content that is not its JSON), with a line on the driver's stderr only, so the run
 * succeeds with an empty store.
 */
function nothingAdded(summary: { [key: string]: unknown }, log: string): string[] {
  const calls = Number(summary.llm_calls ?? 0);
  return calls > 0 && Number(summary.added) === 0
    ? [
      `mem0 added no memory from its ${calls} LLM answers (it drops an answer it cannot ` +
      `parse, and says so only on the driver's stderr): see the answers in ${log}`,
    ]
    : [];
}

/** What provenance.json says of the LLM run, and the warnings it raises. */
export function llmProvenance(
  llm: WriteLlm,
  model: string,
  summary: { [key: string]: unknown },
  files: { exchanges?: string; replayed?: string; edited?: boolean },
): { record: Record<string, unknown>; warnings: string[] } {
  if (llm.mode === "record") {
    return {
      record: {
        mode: "record",
        url: llm.url,
        model,
        calls: summary.llm_calls,
        exchanges: "llm_exchanges.jsonl",
        exchanges_sha256: sha256Hex(files.exchanges ?? ""),
      },
      warnings: nothingAdded(summary, "llm_exchanges.jsonl"),
    };
  }
  const unused = Number(summary.replay_unused ?? 0);
  const warnings: string[] = [];
  if (files.edited) {
    warnings.push(
      `${llm.file} was edited after it was recorded (its exchanges' SHA-256 is not its ` +
        "header's exchanges_sha256): this store is not the recorded run's",
    );
  }
  if (unused > 0) {
    warnings.push(`${unused} recorded exchanges of ${llm.file} were not asked for by the replay`);
  }
  return {
    record: {
      mode: "replay",
      replayed: llm.file,
      replayed_sha256: sha256Hex(files.replayed ?? ""),
      model,
      calls: summary.llm_calls,
      unused,
      ...(files.edited ? { edited: true } : {}),
    },
    warnings: [...warnings, ...nothingAdded(summary, llm.file)],
  };
}
