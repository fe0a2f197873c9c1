/**
 * Mem0's LLM in `memaudit write` (issue 30 item 1): `--llm URL` runs mem0's own extraction
 * (`infer: true`) against an OpenAI-compatible endpoint through memaudit's local server
 * (`systems/mem0/llm_exchange.mjs`), which keeps every request and response in
 * `DIR/llm_exchanges.jsonl`; `--replay FILE` answers the same requests from such a file, offline,
 * so the store is rebuilt byte for byte. The API key (`$MEMAUDIT_LLM_API_KEY`) is sent, never
 * written.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { sha256Hex } from "../base/hash.ts";

/** The driver's LLM: record exchanges with `url` into `log`, or answer from `log`. */
export type DriverLlm =
  | { mode: "record"; url: string; model: string; log: string; header: object }
  | { mode: "replay"; model: string; log: string; log_name: string };

/**
 * Mem0's LLM in `memaudit write`: `record` sends mem0's extraction calls (`infer: true`) to an
 * OpenAI-compatible endpoint and keeps every exchange in `DIR/llm_exchanges.jsonl`; `replay`
 * answers them from such a file, offline.
 */
export type WriteLlm =
  | { mode: "record"; url: string; model: string }
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
}

/**
 * The header of an exchange log, checked against the run that replays it.
 *
 * @param file the log's path (for messages)
 * @param text its content
 * @param expect the system and the turns of the replaying run
 * @returns the header
 * @throws {InputError} (line 1) when the first line is not a header of format 1, or the log was
 *   recorded with another system, version or conversation
 */
export function replayHeader(
  file: string,
  text: string,
  expect: { system: string; sys: SystemVersion; turnsSha256: string },
): ExchangeLogHeader {
  const first = text.split("\n", 1)[0];
  let h: Partial<ExchangeLogHeader>;
  try {
    h = JSON.parse(first);
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
 * The driver's LLM for a run: a record (header filled in) or a replay (the log read and checked).
 *
 * @throws {InputError} when the replay file cannot be read or its header does not fit
 */
export async function driverLlm(
  llm: WriteLlm,
  run: { system: string; sys: SystemVersion; turnsSha256: string },
): Promise<{ driver: DriverLlm; replayed?: { text: string; header: ExchangeLogHeader } }> {
  if (llm.mode === "record") {
    const header: ExchangeLogHeader = {
      memaudit_llm_exchanges: 1,
      system: run.system,
      package: run.sys.package,
      version: run.sys.version,
      model: llm.model,
      url: llm.url,
      turns_sha256: run.turnsSha256,
    };
    return { driver: { mode: "record", url: llm.url, model: llm.model, log: "", header } };
  }
  let text: string;
  try {
    text = await Deno.readTextFile(llm.file);
  } catch (err) {
    throw new InputError(llm.file, { path: "" }, `expected a readable exchange log: ${err}`);
  }
  const header = replayHeader(llm.file, text, run);
  const log = llm.file.startsWith("/") ? llm.file : `${Deno.cwd()}/${llm.file}`;
  return {
    driver: { mode: "replay", model: header.model, log, log_name: llm.file },
    replayed: { text, header },
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

/** What provenance.json says of the LLM run, and the warnings it raises. */
export function llmProvenance(
  llm: WriteLlm,
  model: string,
  summary: { [key: string]: unknown },
  files: { exchanges?: string; replayed?: string },
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
      warnings: [],
    };
  }
  const unused = Number(summary.replay_unused ?? 0);
  return {
    record: {
      mode: "replay",
      replayed: llm.file,
      replayed_sha256: sha256Hex(files.replayed ?? ""),
      model,
      calls: summary.llm_calls,
      unused,
    },
    warnings: unused > 0
      ? [`${unused} recorded exchanges of ${llm.file} were not asked for by the replay`]
      : [],
  };
}
