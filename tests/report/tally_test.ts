import assert from "node:assert/strict";
import { missingData, summaryLines, tally } from "../../lib/report/tally.ts";
import { CHECKS_LINE_PREFIX, checksSummariesOf } from "../../lib/report/checks.ts";

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

// --- Cases from tests/report/tally_hostile_test.ts (hostile output) ---
/** The report's counts on awkward notebooks: zero checks, a summary line split over outputs. */
Deno.test("tally(): a notebook whose summaries hold zero checks is listed as running no checks (hostile output)", () => {
  const t = tally([
    { notebook: "01.ipynb", ok: true, summaries: [{ passed: 2, failed: 0, skipped: [] }] },
    { notebook: "02.ipynb", ok: true, summaries: [{ passed: 0, failed: 0, skipped: [] }] },
    { notebook: "03.ipynb", ok: true, summaries: [] },
    {
      notebook: "04.ipynb",
      ok: true,
      summaries: [{ passed: 0, failed: 0, skipped: [{ claim: "c", reason: "r", missing: [] }] }],
    },
  ]);
  assert.deepEqual(t.uncheckedNotebooks, ["02.ipynb", "03.ipynb"]);
  assert.deepEqual(summaryLines(t), [
    "3 checks: 2 passed, 0 failed, 1 skipped",
    "1 check skipped: r",
    "no checks ran in: 02.ipynb, 03.ipynb",
  ]);
});

Deno.test("checksSummariesOf(): a summary line sent in several stream outputs is read whole (hostile output)", () => {
  const line = CHECKS_LINE_PREFIX +
    JSON.stringify({ passed: 3, failed: 1, skipped: [{ claim: "é ✓", reason: "x", missing: [] }] });
  const cut = [line.slice(0, 7), line.slice(7, 40), line.slice(40) + "\n"];
  const nb = {
    cells: [{
      outputs: [
        { output_type: "stream", name: "stdout", text: cut[0] },
        { output_type: "stream", name: "stderr", text: "a warning\n" },
        { output_type: "stream", name: "stdout", text: [cut[1], cut[2]] },
      ],
    }],
  };
  assert.deepEqual(checksSummariesOf(nb), [
    { passed: 3, failed: 1, skipped: [{ claim: "é ✓", reason: "x", missing: [] }] },
  ]);
});
