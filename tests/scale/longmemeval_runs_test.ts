/** The shared LongMemEval runs loader (notebook 08 §6) and the reader's prompt sizes. */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  loadSharedLongMemEvalRuns,
  medianPromptTokens,
  SHARED_LONGMEMEVAL_RUNS,
} from "../../lib/scale/longmemeval_runs.ts";
import { withTempDir } from "../_tmp.ts";

const FIX = new URL("./fixtures/qa/", import.meta.url).pathname;

Deno.test("loadSharedLongMemEvalRuns(): null without the folder (the notebook skips), the runs with it", async () => {
  await withTempDir(async (dir) => {
    assert.equal(await loadSharedLongMemEvalRuns(dir), null);
    await Deno.mkdir(join(dir, "longmemeval-runs"));
    const [o, s] = SHARED_LONGMEMEVAL_RUNS;
    await Deno.copyFile(`${FIX}oracle.jsonl`, join(dir, o.name));
    assert.equal(await loadSharedLongMemEvalRuns(dir), null); // one of two: still skipped
    await Deno.copyFile(`${FIX}s.jsonl`, join(dir, s.name));
    const runs = (await loadSharedLongMemEvalRuns(dir))!;
    assert.deepEqual(runs.map((r) => [r.label, r.verdicts.length, r.medianPromptTokens]), [
      ["oracle", 5, null],
      ["s", 5, 2100],
    ]);
  });
});

Deno.test("medianPromptTokens(): tokens.prompt_tokens, else usage.prompt_tokens; even counts average", () => {
  const line = (o: unknown) => JSON.stringify(o);
  assert.equal(
    medianPromptTokens(
      [
        line({ tokens: { prompt_tokens: 10 } }),
        line({ usage: { prompt_tokens: 30 } }),
        line({ tokens: { prompt_tokens: 20 }, usage: { prompt_tokens: 99 } }),
        line({ question_id: "q" }),
      ].join("\n"),
    ),
    20,
  );
  assert.equal(
    medianPromptTokens(
      line({ tokens: { prompt_tokens: 1 } }) + "\n" + line({ tokens: { prompt_tokens: 4 } }),
    ),
    2.5,
  );
});
