/**
 * `memaudit write`: writes a memory store with a real memory system from npm (Mem0 with
 * `infer: false`, Memvid with its rule engine), feeding it a LoCoMo conversation or a LongMemEval
 * question's haystack turn by turn with the session dates, and exports the whole store in the
 * system's own format, for `memaudit store` (paper 000 §5, Table 4). The command is its flag table,
 * then the source's turns -> {@linkcode writeStore} -> one line.
 *
 * @module
 */
import {
  MEM0_DEFAULT_MODEL,
  type MemvidFrames,
  WRITE_SYSTEMS,
  type WriteLlm,
  writeStore,
} from "../../systems/write_store.ts";
import { writeSource, type WriteSourceSpec } from "../../systems/write_source.ts";
import { type Command, EXIT, UsageError } from "../command.ts";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { ifGiven, parseRealFlag, requireOutDir, runWithFlags } from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";

/** The flags of `memaudit write`, in help order. */
const FLAGS = {
  system: {
    value: "NAME",
    help: "the memory system that writes the store",
    choices: Object.keys(WRITE_SYSTEMS),
    required: true,
  },
  locomo: { value: "CONV", help: "LoCoMo conversation (sample id), e.g. conv-26" },
  "locomo-data": {
    value: "WHICH",
    help: "locomo8 | locomo10 | PATH (default $MEMAUDIT_LOCOMO, else the cached " +
      "locomo10.json, else ../shared locomo8)",
  },
  longmemeval: {
    value: "FILE",
    help: "a LongMemEval file (oracle, S or M; plain JSON or gzip), with --question",
  },
  question: { value: "QID", help: "with --longmemeval: the question whose haystack is fed" },
  frames: {
    value: "UNIT",
    help: "memvid only: one put() frame per session (default: the session's lines, its date " +
      "as the timestamp) or per turn (each put() rewrites the .mv2 file: on a LoCoMo " +
      "conversation minutes, then the SDK's 50 MB free-tier limit)",
    choices: ["session", "turn"],
  },
  llm: {
    value: "URL",
    help: "mem0 only: run mem0's own extraction (infer: true) against this OpenAI-compatible " +
      "endpoint (e.g. http://127.0.0.1:8000/v1; key from $MEMAUDIT_LLM_API_KEY), recording " +
      "every request and response to DIR/llm_exchanges.jsonl",
  },
  "llm-model": {
    value: "NAME",
    help: `with --llm: the chat model named in each request (default ${MEM0_DEFAULT_MODEL}, ` +
      "mem0's own)",
  },
  "llm-timeout": {
    value: "SECONDS",
    help: "with --llm: how long one request may take before the run fails (default 300)",
  },
  replay: {
    value: "FILE",
    help: "mem0 only: rebuild a --llm store offline, each request answered from FILE (an " +
      "llm_exchanges.jsonl of the same conversation); a request FILE lacks is an error",
  },
  out: {
    value: "DIR",
    help: "writes DIR/store.json (the system's own export) and DIR/provenance.json",
  },
} as const satisfies FlagTable;

const HELP = `Usage: memaudit write --system mem0|memvid --locomo CONV --out DIR
       memaudit write --system mem0|memvid --longmemeval FILE --question QID --out DIR

Feeds a conversation turn by turn, in order and with its session dates, to a
real memory system installed from npm, and exports the system's whole store
in its own format (DIR/store.json), with DIR/provenance.json (system, package
version, settings, the source and its SHA-256, turn count, memories exported,
wall time). Score it with \`memaudit store\`.

  mem0    mem0ai@3.3.1 (mem0ai/oss), add() per turn with infer: false (each
          turn stored verbatim, no LLM), the default in-memory vector store and
          SQLite history; the embedder is a stand-in (a word-hash vector: with
          infer: false it changes no stored text); export getAll(), all of it
          (format mem0_get_all)
  memvid  @memvid/sdk@2.0.159, put() per session (its turns' lines; --frames
          turn: per turn) with the session date as its timestamp,
          enrich("rules") (offline rule engine), export memories() (format
          memvid_cards)

On first use the system is installed from its committed, pinned
package-lock.json (systems/<system>/) with \`npm ci\` into .cache/systems/<system>/;
the machine's node (20 or later) runs memaudit's driver systems/<system>/write.mjs.
Without --llm nothing is sent anywhere (telemetry off, no LLM). With --llm
URL, mem0 runs its real write path (infer: true: one extraction call per turn)
against URL through a local server of memaudit's that records every exchange;
--replay DIR/llm_exchanges.jsonl answers the same calls from that file, with
no network, and gives the same store.json byte for byte (ids and createdAt
come from the driver's clock and a counter, not the wall clock).

Options:
${
  optionsHelp(FLAGS, [
    [
      "--json",
      "print {store, provenance, record} as JSON (record: what provenance.json holds; " +
      "data/schema/write_report.schema.json); no --csv",
    ],
    ["-h, --help", "this text"],
  ])
}
Examples:
  deno task memaudit write --system mem0 --locomo conv-26 --out runs/mem0_conv26
  deno task memaudit store --locomo conv-26 --store runs/mem0_conv26/store.json
  deno task memaudit write --system mem0 --locomo conv-26 --llm http://127.0.0.1:8000/v1 \\
    --llm-model qwen2.5-7b-instruct --out runs/mem0_llm
  deno task memaudit write --system mem0 --locomo conv-26 \\
    --replay runs/mem0_llm/llm_exchanges.jsonl --out runs/mem0_replayed
  deno task memaudit write --system memvid --out runs/memvid_q1 \\
    --longmemeval ../shared/data/longmemeval/longmemeval_oracle_301.json.gz --question 8a137a2c

Exit codes: 0 done; 2 bad usage, bad input, or node/npm missing or the install failed.
`;

/** Mem0's LLM from --llm, --llm-model and --replay, checked; undefined without them. */
function checkedLlm(v: (k: string) => string | undefined, system: unknown): WriteLlm | undefined {
  const [url, model, replay, timeout] = [v("llm"), v("llm-model"), v("replay"), v("llm-timeout")];
  if (timeout !== undefined && url === undefined) {
    throw new UsageError("--llm-timeout goes with --llm URL");
  }
  if (url === undefined && replay === undefined) {
    if (model !== undefined) throw new UsageError("--llm-model goes with --llm URL");
    return undefined;
  }
  if (system !== "mem0") {
    throw new UsageError(`--${url !== undefined ? "llm" : "replay"} goes with --system mem0`);
  }
  if (url !== undefined && replay !== undefined) {
    throw new UsageError("--llm and --replay exclude each other: record, or replay a recording");
  }
  if (replay !== undefined) {
    if (model !== undefined) {
      throw new UsageError("--llm-model goes with --llm (a replay uses the recorded model)");
    }
    if (replay.trim() === "") throw new UsageError("--replay FILE expects a path");
    return { mode: "replay", file: replay };
  }
  if (model?.trim() === "") throw new UsageError("--llm-model expects a model name, got ''");
  const timeoutSec = ifGiven(
    timeout,
    (t) => parseRealFlag("--llm-timeout", t, 0, Infinity, { open: true }),
  );
  return {
    mode: "record",
    url: checkedUrl(url!),
    model: model ?? MEM0_DEFAULT_MODEL,
    ...(timeoutSec !== undefined ? { timeoutSec } : {}),
  };
}

/**
 * `--llm URL`, checked: an http(s) base URL that requests are sent under (`URL/chat/completions`),
 * so no query, fragment or endpoint path, and no credentials (they would be written to
 * llm_exchanges.jsonl and provenance.json; the key goes in `$MEMAUDIT_LLM_API_KEY`).
 */
function checkedUrl(url: string): string {
  const u = /^https?:\/\/[^\s/]+/.test(url) && URL.canParse(url) ? new URL(url) : undefined;
  const fail = (what: string, shown = url): never => {
    throw new UsageError(`--llm expects ${what}, got '${shown}'`);
  };
  if (u === undefined) return fail("an http(s) URL (e.g. http://127.0.0.1:8000/v1)");
  if (u.username !== "" || u.password !== "") {
    fail(
      "a URL without user:password@ (the key goes in $MEMAUDIT_LLM_API_KEY, never written)",
      `${u.protocol}//***@${u.host}${u.pathname}`,
    );
  }
  if (u.search !== "" || u.hash !== "" || url.includes("?") || url.includes("#")) {
    fail("a base URL without ?query or #fragment (requests go to URL/chat/completions)");
  }
  if (/\/chat\/completions\/*$/.test(u.pathname)) {
    fail("the base URL (e.g. http://127.0.0.1:8000/v1), not its /chat/completions endpoint");
  }
  return url;
}

/** The flags, checked: the system, one source, the folder, Mem0's LLM. */
function checked(
  values: Record<string, unknown>,
): { source: WriteSourceSpec; out: string; llm?: WriteLlm } {
  checkFlags(FLAGS, values);
  const v = (k: string) => values[k] as string | undefined;
  const out = requireOutDir(v("out"));
  if (v("frames") !== undefined && values.system !== "memvid") {
    throw new UsageError("--frames goes with --system memvid (mem0 adds turn by turn)");
  }
  const llm = checkedLlm(v, values.system);
  return { ...checkedSource(v), out, ...(llm !== undefined ? { llm } : {}) };
}

/** The one source: a LoCoMo conversation or a LongMemEval question. */
function checkedSource(v: (k: string) => string | undefined): { source: WriteSourceSpec } {
  if (v("locomo") !== undefined && v("longmemeval") !== undefined) {
    throw new UsageError("--locomo and --longmemeval exclude each other: give one source");
  }
  if (v("longmemeval") !== undefined) {
    if (v("locomo-data") !== undefined) {
      throw new UsageError("--locomo-data goes with --locomo, not with --longmemeval");
    }
    if (v("longmemeval")!.trim() === "") throw new UsageError("--longmemeval FILE expects a path");
    const q = v("question");
    if (q === undefined || q.trim() === "") {
      throw new UsageError(
        "--longmemeval needs --question QID (the question whose haystack is fed)",
      );
    }
    return { source: { kind: "longmemeval", file: v("longmemeval")!, question: q } };
  }
  if (v("question") !== undefined) throw new UsageError("--question goes with --longmemeval");
  const conv = v("locomo");
  if (conv === undefined || conv.trim() === "") {
    throw new UsageError("--locomo CONV is required (e.g. conv-26), or --longmemeval FILE");
  }
  if (v("locomo-data")?.trim() === "") {
    throw new UsageError("--locomo-data expects locomo8, locomo10 or a file path, got ''");
  }
  const data = v("locomo-data");
  return { source: { kind: "locomo", conversation: conv, ...(data ? { data } : {}) } };
}

export const command: Command = {
  name: "write",
  summary: SUMMARIES.write,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, form }, io) => {
    if (form === "csv") throw new UsageError("--csv does not apply to write: one line, or --json");
    const { source, out, llm } = checked(values);
    const system = values.system as keyof typeof WRITE_SYSTEMS;
    const got = await writeSource(source);
    const r = await writeStore({
      system,
      ...got,
      out,
      frames: (values.frames ?? "session") as MemvidFrames,
      ...(llm !== undefined ? { llm } : {}),
      onNote: (line) => io.stderr(`memaudit write: ${line}\n`),
    });
    if (form === "json") {
      io.stdout(JSON.stringify(r, null, 2) + "\n");
      return EXIT.ok;
    }
    const p = r.record, l = p.llm;
    const how = l === undefined
      ? ""
      : l.mode === "record"
      ? `; ${l.calls} LLM calls recorded in ${out}/llm_exchanges.jsonl`
      : `; ${l.calls} LLM calls replayed from ${l.replayed}`;
    io.stdout(
      `${p.system} (${p.package}@${p.version}) wrote ${p.memories_exported} memories from ` +
        `${p.turns} turns in ${p.write_seconds} s: ${r.store} (format ${p.format}, sha256 ` +
        `${p.store_sha256}), ${r.provenance}${how}\n`,
    );
    return EXIT.ok;
  }, { positionals: false }),
};
