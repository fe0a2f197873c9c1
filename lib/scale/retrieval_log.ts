/**
 * The JSONL log upstream LongMemEval `src/retrieval/run_retrieval.py` writes (one line per
 * question; read at commit 9e0b455): `question_id`, the instance's fields, and
 * `retrieval_results: {query, ranked_items: [{corpus_id, text, timestamp}], metrics: {session,
 * turn}}`, `ranked_items` being the whole corpus, best first. A user's own retriever scored
 * from its log is a rung of `scale recall` (issue 28 item 4).
 *
 * Upstream's rules are kept: the correct ids are the ranked ids that contain `answer`
 * (run_retrieval.py renames the non-evidence turns and sessions of evidence sessions to
 * `noans`), so evidence is what the log itself marks. The ranking is at turn level when
 * `metrics.turn` holds values, else at session level. Lines are read one at a time (a full S log
 * holds every haystack and is several GB); a gzip file is told by its magic bytes. The log's own
 * `metrics` are kept (`logged`) so the scorer can check its values against them.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { parseJsonlLine } from "../base/jsonl.ts";
import { isObject } from "../base/json_object.ts";
import { streamTextLines } from "../base/gzip_stream.ts";
import type { RankedQuestion } from "./retrieval_metrics.ts";

function numbers(v: unknown): Record<string, number> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === "number") out[k] = x;
  return out;
}

/**
 * Streams the questions of a run_retrieval.py log as rankings (see the module doc).
 *
 * @param path the log (JSONL, plain or gzip)
 * @returns one ranked question per line, in file order
 * @throws {InputError} naming the file, line and field of a malformed line or a question id
 *   seen twice
 */
export async function* readRetrievalLog(path: string): AsyncGenerator<RankedQuestion> {
  const seen = new Set<string>();
  for await (const { text, line } of streamTextLines(path)) {
    const bad = (field: string, expected: string) =>
      new InputError(path, { path: `line ${line}${field ? `: ${field}` : ""}` }, expected);
    const o = parseJsonlLine(text, path, line);
    if (!isObject(o)) throw bad("", "expected a JSON object");
    const qid = o.question_id;
    if (typeof qid !== "string" || qid === "") {
      throw bad("question_id", "expected a non-empty string");
    }
    if (seen.has(qid)) {
      throw bad("question_id", `a question id not seen before, got "${qid}" again`);
    }
    seen.add(qid);
    const rr = o.retrieval_results;
    if (!isObject(rr) || !Array.isArray(rr.ranked_items)) {
      throw bad(
        `${qid}.retrieval_results.ranked_items`,
        "expected a list of {corpus_id, ...} (run_retrieval.py's output)",
      );
    }
    const corpusIds = rr.ranked_items.map((it, i) => {
      if (!isObject(it) || typeof it.corpus_id !== "string") {
        throw bad(`${qid}.retrieval_results.ranked_items[${i}].corpus_id`, "expected a string");
      }
      return it.corpus_id;
    });
    const metrics = isObject(rr.metrics) ? rr.metrics : {};
    const turn = isObject(metrics.turn) && Object.keys(metrics.turn).length > 0;
    const rankings = new Int32Array(corpusIds.length);
    for (let i = 0; i < rankings.length; i++) rankings[i] = i;
    const correct = new Set(corpusIds.filter((id) => id.includes("answer")));
    yield {
      question_id: qid,
      corpusIds,
      rankings,
      correct,
      granularity: turn ? "turn" : "session",
      logged: { turn: numbers(metrics.turn), session: numbers(metrics.session) },
      leftOut: qid.includes("_abs") ? "abstention" : correct.size === 0 ? "no_evidence" : null,
    };
  }
}
