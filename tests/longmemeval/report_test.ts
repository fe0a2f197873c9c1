/**
 * lib/longmemeval/report.ts: the LongMemEval natural run's declared shape: the LoCoMo report's
 * keys after the reliability counts, flags and warnings; another `source` is refused.
 */
import assert from "node:assert/strict";
import { LONGMEMEVAL_NATURAL_REPORT } from "../../lib/longmemeval/report.ts";

const counts = { attempted: 2, accepted: 1, flagged: 1 };
const report = {
  source: "longmemeval" as const,
  attempted: 2,
  accepted: 1,
  flagged: [{ question_id: "q2", reason: "answer not located" }],
  reliability: { all: counts, by_type: { "multi-session": counts } },
  whole_turn_units: 0,
  adjudicator: "lexical",
  warnings: [],
  grid: {
    data: { file: "lme.json", sha256: "ab" },
    conversations: null,
    packages: 1,
    budgets: [30],
    methods: [],
    k: null,
  },
  rows: 1,
  summary: [],
};

Deno.test("LONGMEMEVAL_NATURAL_REPORT.json: the counts, then the LoCoMo report's keys", () => {
  assert.deepEqual(Object.keys(LONGMEMEVAL_NATURAL_REPORT.json(report)), [
    "source",
    "attempted",
    "accepted",
    "flagged",
    "reliability",
    "whole_turn_units",
    "adjudicator",
    "warnings",
    "grid",
    "rows",
    "summary",
  ]);
  assert.throws(
    () => LONGMEMEVAL_NATURAL_REPORT.json({ ...report, source: "locomo" as "longmemeval" }),
    /longmemeval_natural_report: source: /,
  );
});
