/**
 * The shared LongMemEval recall ladder (notebook 08 §6b-6c) and the reader × retrieval join. The
 * run on ../shared is part of the full tier (it ranks 7 rungs, about 10 s on 2 cores).
 */
import assert from "node:assert/strict";
import { readerRetrievalJoin, sharedLongMemEvalRecall } from "../../lib/scale/recall_shared.ts";
import { loadSharedLongMemEvalRuns } from "../../lib/scale/longmemeval_runs.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import type { RecallReport } from "../../lib/scale/recall.ts";
import { FULL_TESTS } from "../_tier.ts";
import { withTempDir } from "../_tmp.ts";

Deno.test("readerRetrievalJoin() counts the reader's losses with their evidence in the top k", () => {
  const v = (question_id: string, label: boolean) => ({ question_id, label, line: 1 });
  const runs = [
    {
      label: "oracle",
      file: "o",
      verdicts: [v("a", true), v("b", true), v("c", true), v("d", false)],
    },
    {
      label: "s",
      file: "s",
      verdicts: [v("a", false), v("b", false), v("c", true), v("d", false)],
    },
  ];
  const q = (id: string, any: number, all: number) => ({
    question_id: id,
    label: "s",
    "recall_any@50": any,
    "recall_all@50": all,
  });
  const report = {
    params: { ks: [50] },
    questions: [q("a", 1, 1), q("b", 1, 0), q("c", 1, 1), q("d", 0, 0), {
      ...q("x", 1, 1),
      label: "o",
    }],
  } as unknown as RecallReport;
  const j = readerRetrievalJoin(runs, report);
  assert.deepEqual(
    [j.joined, j.lost, j.lostAnyInTopK, j.lostAllInTopK, j.kept, j.keptAllInTopK],
    [4, ["a", "b"], ["a", "b"], ["a"], 1, 1],
  );
  assert.throws(() => readerRetrievalJoin(runs, report, { k: 10 }), /k = 10 was not scored/);
  assert.throws(() => readerRetrievalJoin(runs, report, { to: "m" }), /no reader run labelled "m"/);
});

const HAVE = sharedDataPath("longmemeval/longmemeval_s_30.json.gz") !== null &&
  sharedDataPath("longmemeval-runs/oracle_con_20251215-1521.jsonl") !== null;

Deno.test({
  name:
    "sharedLongMemEvalRecall() on ../shared: 7 rungs over the 30 S questions, n0 = oracle, all = S",
  ignore: !HAVE || !FULL_TESTS,
  async fn() {
    await withTempDir(async (dir) => {
      const r = (await sharedLongMemEvalRecall(dir, { resamples: 100 }))!;
      const rep = r.report;
      assert.deepEqual(rep.scales.map((s) => s.label), [
        "oracle",
        "n0",
        "n10",
        "n20",
        "n30",
        "all",
        "s",
      ]);
      assert.ok(rep.scales.every((s) => s.n === 30));
      const at = (l: string) => rep.scales.find((s) => s.label === l)!.means;
      assert.deepEqual(at("n0"), at("oracle"));
      assert.equal(at("oracle")["recall_all@50"], 1);
      assert.equal(at("s")["recall_all@50"], 0.8);
      assert.equal(at("s")["recall_any@10"], 0.8);
      const j = readerRetrievalJoin((await loadSharedLongMemEvalRuns())!, rep);
      assert.deepEqual([j.joined, j.lost.length, j.lostAnyInTopK.length, j.lostAllInTopK.length], [
        30,
        4,
        4,
        3,
      ]);
    });
  },
});
