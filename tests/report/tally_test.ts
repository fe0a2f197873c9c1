import assert from "node:assert/strict";
import { missingData, summaryLines, tally } from "../../lib/report/tally.ts";

const locomo = {
  claim: "x",
  reason: "LoCoMo data not found",
  missing: ["/r/.cache/locomo10.json"],
};

Deno.test("tally() adds the checks of every notebook and groups skipped ones by the data they need", () => {
  const t = tally([
    {
      notebook: "a.ipynb",
      ok: true,
      summaries: [{ passed: 3, failed: 0, skipped: [locomo, locomo] }],
    },
    {
      notebook: "b.ipynb",
      ok: false,
      summaries: [{
        passed: 1,
        failed: 2,
        skipped: [
          locomo,
          { claim: "y", reason: "not found", missing: ["/w/shared/data/mem0-eval"] },
          { claim: "z", reason: "the paper's LLM gate cannot run offline", missing: [] },
        ],
      }],
    },
    { notebook: "c.ipynb", ok: false, summaries: [] },
  ]);
  assert.deepEqual([t.passed, t.failed, t.skipped], [4, 2, 5]);
  assert.deepEqual(t.skipGroups, [
    { what: "LoCoMo data missing", hint: "run `./run data`", count: 3 },
    { what: "../shared/data/mem0-eval missing", hint: "it comes with ../shared/data", count: 1 },
    { what: "the paper's LLM gate cannot run offline", hint: "", count: 1 },
  ]);
  assert.deepEqual(t.failedNotebooks, ["b.ipynb", "c.ipynb"]);
  assert.deepEqual(t.uncheckedNotebooks, ["c.ipynb"]);
  assert.deepEqual(summaryLines(t), [
    "11 checks: 4 passed, 2 failed, 5 skipped",
    "3 checks skipped: LoCoMo data missing; run `./run data`",
    "1 check skipped: ../shared/data/mem0-eval missing; it comes with ../shared/data",
    "1 check skipped: the paper's LLM gate cannot run offline",
    "2 notebooks failed: b.ipynb, c.ipynb",
  ]);
});

Deno.test("summaryLines() of a run with nothing skipped is the one count line", () => {
  const t = tally([{
    notebook: "a",
    ok: true,
    summaries: [{ passed: 2, failed: 0, skipped: [] }],
  }]);
  assert.deepEqual(summaryLines(t), ["2 checks: 2 passed, 0 failed, 0 skipped"]);
  assert.deepEqual(missingData({ claim: "c", reason: "r", missing: ["/tmp/x.json"] }), {
    what: "/tmp/x.json missing",
    hint: "",
  });
});
