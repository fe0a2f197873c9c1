/**
 * lib/scale/recall_report.ts: `scale recall --json` in its declared shape (left-out counts beside
 * their ids, s*_alpha under its alpha) and the scale table's rows, one per rung and k.
 */
import assert from "node:assert/strict";
import type { RecallReport } from "../../lib/scale/recall.ts";
import {
  RECALL_SCALE_COLUMNS,
  RECALL_TRANSITION_COLUMNS,
  recallReportJson,
  recallScaleRows,
} from "../../lib/scale/recall_report.ts";

const report: RecallReport = {
  params: {
    level: "turn",
    ks: [5],
    roles: ["user", "assistant"],
    tokens: "t",
    bm25: { k1: 1.5, b: 0.75, epsilon: 0.25 },
    alpha: 0.7,
    bootstrap: { resamples: 0, level: 0.95, seed: 0, unit: "question" },
  },
  scales: [{
    label: "oracle",
    file: "o.json",
    retriever: "bm25",
    n: 2,
    means: { "recall_any@5": 1, "recall_all@5": 0.5, "ndcg_any@5": 0.75 },
    ci: null,
    left_out: { abstention: ["q3_abs"], no_evidence: [] },
    mean_corpus: 12,
  }],
  questions: [{ question_id: "q1", label: "oracle", "recall_any@5": 1 }],
  transitions: [],
  s_star: { "recall_any@5": { s_star: ">oracle", recovers: false, s_star_sustained: ">oracle" } },
  warnings: [],
};

Deno.test("recallReportJson: counts beside the left-out ids, s* under its alpha", () => {
  const j = recallReportJson(report);
  assert.deepEqual(Object.keys(j), [
    "scales",
    "questions",
    "transitions",
    "s_star",
    "params",
    "warnings",
  ]);
  assert.deepEqual(j.scales[0].left_out, { abstention: 1, no_evidence: 0 });
  assert.deepEqual(j.scales[0].left_out_ids.abstention, ["q3_abs"]);
  assert.equal(j.s_star.alpha, 0.7);
  assert.equal(j.questions[0]["recall_any@5"], 1);
  assert.throws(
    () => recallReportJson({ ...report, params: { ...report.params, level: "word" as "turn" } }),
    /scale_recall_report: params\.level: /,
  );
});

Deno.test("recallScaleRows: one row per rung and k, null intervals without resamples", () => {
  const rows = recallScaleRows(report);
  assert.deepEqual(rows, [{
    scale: "oracle",
    k: 5,
    n: 2,
    recall_any: 1,
    recall_any_low: null,
    recall_any_high: null,
    recall_all: 0.5,
    recall_all_low: null,
    recall_all_high: null,
    ndcg_any: 0.75,
  }]);
  assert.deepEqual(RECALL_SCALE_COLUMNS, Object.keys(rows[0]));
  assert.deepEqual(RECALL_TRANSITION_COLUMNS, [
    "from",
    "to",
    "metric",
    "shared",
    "kept",
    "lost",
    "gained",
    "never",
  ]);
});
