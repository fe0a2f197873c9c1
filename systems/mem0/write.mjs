// memaudit's driver for Mem0 (npm mem0ai, `mem0ai/oss`), run with Node from
// .cache/systems/mem0/ by `memaudit write --system mem0`.
//
//   node write.mjs INPUT.json OUTPUT.json WORKDIR
//
// INPUT.json: {user_id, turns: [{role, content, metadata}]}, one `add()` per turn, in order.
// OUTPUT.json: what `getAll()` returns for the user ({results: [...]}), the whole store.
// Standard output: one JSON line {package, version, added, exported}.
// Settings: `infer: false` (each turn is stored verbatim, no LLM is called), the default
// `memory` vector store and SQLite history, both in files under WORKDIR (never ~/.mem0),
// telemetry off. The embedder is a STAND-IN (a deterministic word-hash vector): with
// `infer: false` it decides no stored text, only the vectors that search would use.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Memory } from "mem0ai/oss";

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

/** The installed version of a package, from its package.json beside this script. */
function packageVersion(name) {
  const file = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}

async function main() {
  const [input, output, work] = process.argv.slice(2);
  const { user_id: userId, turns } = JSON.parse(readFileSync(input, "utf8"));
  const memory = new Memory({
    embedder: {
      provider: "openai",
      config: { apiKey: "unused-stand-in", embeddingDims: DIMENSION },
    },
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
    const r = await memory.add([{ role: t.role, content: t.content }], {
      userId,
      infer: false,
      metadata: t.metadata,
    });
    added += r.results.length;
  }
  // getAll() returns at most topK (default 20): ask for one more than was added, then check.
  const all = await memory.getAll({ filters: { user_id: userId }, topK: added + 1 });
  if (all.results.length !== added) {
    throw new Error(`getAll() returned ${all.results.length} memories, ${added} were added`);
  }
  writeFileSync(output, JSON.stringify(all, null, 2) + "\n");
  const version = packageVersion("mem0ai");
  process.stdout.write(
    JSON.stringify({ package: "mem0ai", version, added, exported: all.results.length }) + "\n",
  );
}

main().catch((err) => {
  process.stderr.write(`mem0 driver: ${err?.stack ?? err}\n`);
  process.exit(1);
});
