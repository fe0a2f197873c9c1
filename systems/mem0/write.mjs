// memaudit's driver for Mem0 (npm mem0ai, `mem0ai/oss`), run with Node from
// .cache/systems/mem0/ by `memaudit write --system mem0`.
//
//   node write.mjs INPUT.json OUTPUT.json WORKDIR
//
// INPUT.json: {user_id, infer, llm, turns: [{role, content, time_ms, metadata}]}, one `add()`
// per turn, in order. `llm` is null (infer: false) or {mode: "record", url, model, log, header}
// or {mode: "replay", model, log, log_name, edited}: the OpenAI client mem0 builds is pointed at a local server
// (llm_exchange.mjs) that forwards and records, or answers from the log.
// OUTPUT.json: what `getAll()` returns for the user ({results: [...]}), the whole store.
// Standard output: one JSON line {package, version, added, exported, llm_calls?, replay_unused?}.
//
// Determinism (same input, same bytes): the clock mem0 reads (`new Date()`, `Date.now()`) is the
// turn's `time_ms` (its session date plus its position in milliseconds), and `randomUUID()` (which
// the `uuid` package calls) gives a v4-shaped id from SHA-256 of the user id and a counter.
// Settings: the default `memory` vector store and SQLite history, both under WORKDIR (never
// ~/.mem0), telemetry off. The embedder is a STAND-IN (a deterministic word-hash vector): with
// `infer: false` it decides no stored text; with `infer: true` it decides which existing memories
// mem0 shows the LLM beside a new turn.
import crypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
import { Recorder, Replayer, serve } from "./llm_exchange.mjs";

const DIMENSION = 64;

/** A word-hash embedding: each lower-cased word adds 1 at (FNV-1a hash mod DIMENSION). */
function standInEmbedding(text) {
  const v = new Array(DIMENSION).fill(0);
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (w === "") continue;
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193) >>> 0;
    v[h % DIMENSION] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const standInEmbedder = {
  embed: (text) => Promise.resolve(standInEmbedding(text)),
  embedBatch: (texts) => Promise.resolve(texts.map(standInEmbedding)),
};

/** The clock mem0 reads: set per turn. */
let clockMs = 0;

/** Installs the turn clock and the counted ids; must run before mem0 is imported. */
function installDeterminism(userId) {
  const RealDate = Date;
  globalThis.Date = class extends RealDate {
    constructor(...args) {
      super(...(args.length === 0 ? [clockMs] : args));
    }
    static now() {
      return clockMs;
    }
  };
  let n = 0;
  crypto.randomUUID = () => {
    const h = crypto.createHash("sha256").update(`${userId}\u0000${n++}`).digest("hex");
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${
      h.slice(20, 32)
    }`;
  };
  syncBuiltinESMExports();
}

/** The installed version of a package, from its package.json beside this script. */
function packageVersion(name) {
  const file = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}

/** The local LLM server for `llm` (record or replay), or null. */
async function llmServer(llm) {
  if (llm === null) return null;
  const answerer = llm.mode === "record"
    ? new Recorder(llm.url, process.env.MEMAUDIT_LLM_API_KEY, llm.header, llm.timeout_s)
    : new Replayer(readFileSync(llm.log, "utf8"), llm.log_name ?? llm.log, llm.edited === true);
  const server = await serve(answerer);
  return { answerer, server };
}

let llmState = null;

async function main() {
  const [input, output, work] = process.argv.slice(2);
  const { user_id: userId, infer, llm, turns } = JSON.parse(readFileSync(input, "utf8"));
  installDeterminism(userId);
  const { Memory } = await import("mem0ai/oss");
  llmState = await llmServer(llm);
  const memory = new Memory({
    embedder: {
      provider: "openai",
      config: { apiKey: "unused-stand-in", embeddingDims: DIMENSION },
    },
    ...(llmState !== null
      ? {
        llm: {
          provider: "openai",
          config: {
            apiKey: "forwarded-by-memaudit",
            model: llm.model,
            baseURL: llmState.server.baseURL,
          },
        },
      }
      : {}),
    vectorStore: {
      provider: "memory",
      config: {
        collectionName: "memories",
        dimension: DIMENSION,
        dbPath: join(work, "vectors.db"),
      },
    },
    historyStore: { provider: "sqlite", config: { historyDbPath: join(work, "history.db") } },
  });
  memory.embedder = standInEmbedder;
  let added = 0;
  for (const t of turns) {
    clockMs = t.time_ms;
    const r = await memory.add([{ role: t.role, content: t.content }], {
      userId,
      infer,
      metadata: t.metadata,
    });
    added += r.results.length;
  }
  // getAll() returns at most topK (default 20): ask for one more than was added, then check.
  const all = await memory.getAll({ filters: { user_id: userId }, topK: added + 1 });
  if (all.results.length > added || (!infer && all.results.length !== added)) {
    throw new Error(`getAll() returned ${all.results.length} memories, ${added} were added`);
  }
  writeFileSync(output, JSON.stringify(all, null, 2) + "\n");
  const summary = {
    package: "mem0ai",
    version: packageVersion("mem0ai"),
    added,
    exported: all.results.length,
  };
  if (llmState !== null) {
    await llmState.server.close();
    if (llm.mode === "record") {
      writeFileSync(llm.log, llmState.answerer.text());
      summary.llm_calls = llmState.answerer.log.length - 1;
    } else {
      summary.llm_calls = llmState.answerer.total - llmState.answerer.unused();
      summary.replay_unused = llmState.answerer.unused();
    }
  }
  process.stdout.write(JSON.stringify(summary) + "\n");
}

main().catch((err) => {
  // The exchange's own failure (an unreachable endpoint, a request the log lacks) says more than
  // the error mem0 wraps it in.
  const why = llmState?.answerer.miss ?? llmState?.answerer.failure;
  process.stderr.write(`mem0 driver: ${why ?? err?.stack ?? err}\n`);
  process.exit(1);
});
