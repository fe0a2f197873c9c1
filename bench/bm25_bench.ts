/**
 * BM25Okapi speed (issue 11: one query over 500 sessions < 5 ms median).
 * History: 500 sessions of 12 consecutive LoCoMo turns each (real text, all
 * turns indexed as user turns, as the LoCoMo ladder does); when the shared
 * LoCoMo file is absent, 500 seeded synthetic sessions of 12 turns of 20
 * words. Cases: one top-12 query (a LoCoMo question), and building the index.
 *
 * Run: `deno bench -A bench/bm25_bench.ts`.
 *
 * @module
 */
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { sharedDataPath } from "../lib/natural/shared_data.ts";
import { SeededRandom } from "../lib/base/rng/seeded_random.ts";
import { Bm25Okapi, HistoryRetriever, tokenize } from "../lib/base/bm25.ts";
import type { LadderSession } from "../lib/scale/sources/types.ts";

const path = sharedDataPath("locomo/locomo8.json");
const turns: string[] = [];
let question = "When did Caroline go to the LGBTQ support group?";
if (path) {
  for (const s of await loadLocomo(path)) {
    for (const [k, v] of Object.entries(s.conversation)) {
      if (/^session_\d+$/.test(k) && Array.isArray(v)) {
        for (const t of v) turns.push(`${t.speaker}: ${t.text}`);
      }
    }
  }
} else {
  const rng = new SeededRandom(1);
  const vocab = Array.from({ length: 3000 }, (_, i) => `w${i}`);
  for (let i = 0; i < 6000; i++) {
    turns.push(Array.from({ length: 20 }, () => vocab[rng.randbelow(vocab.length)]).join(" "));
  }
  question = "w1 w20 w300 w4 w55";
}
const sessions: LadderSession[] = Array.from({ length: 500 }, (_, i) => ({
  id: `s${i}`,
  date: i,
  origin: "bench",
  turns: turns.slice((i * 12) % (turns.length - 12), (i * 12) % (turns.length - 12) + 12)
    .map((content) => ({ role: "user" as const, content })),
}));
const retriever = new HistoryRetriever(sessions);
const query = tokenize(question);
const docs = sessions.map((s) => tokenize(s.turns.map((t) => t.content).join(" ")));

Deno.bench("BM25 top-12 query over 500 sessions", () => {
  retriever.search(query, 12);
});

Deno.bench("BM25 index of 500 sessions (from tokens)", () => {
  new Bm25Okapi(docs);
});
