import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { readRetrievalLog } from "../../lib/scale/retrieval_log.ts";
import { withTempDir } from "../_tmp.ts";

const line = (qid: string, ids: string[]) =>
  JSON.stringify({
    question_id: qid,
    retrieval_results: {
      ranked_items: ids.map((corpus_id) => ({ corpus_id })),
      metrics: { session: { "recall_any@1": 1 }, turn: {} },
    },
  });

Deno.test("readRetrievalLog() reads a gzip log line by line, evidence being the ids with 'answer'", async () => {
  await withTempDir(async (dir) => {
    const text = line("q1", ["noans_1", "answer_2"]) + "\n\n" + line("q2_abs", ["x"]) + "\n";
    const s = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    const path = join(dir, "log.jsonl.gz");
    await Deno.writeFile(path, new Uint8Array(await new Response(s).arrayBuffer()));
    const qs = await Array.fromAsync(readRetrievalLog(path));
    assert.deepEqual(qs.map((q) => [q.question_id, [...q.correct], q.granularity, q.leftOut]), [
      ["q1", ["answer_2"], "session", null],
      ["q2_abs", [], "session", "abstention"],
    ]);
    assert.deepEqual(qs[0].logged, { turn: {}, session: { "recall_any@1": 1 } });
  });
});

Deno.test("readRetrievalLog() refuses a folder with an InputError naming it (was Deno's bare error)", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(
      () => Array.fromAsync(readRetrievalLog(dir)),
      (e: unknown) =>
        e instanceof InputError &&
        e.message.startsWith(`Cannot read ${dir}: (root): expected a readable file (`),
    );
  });
});
