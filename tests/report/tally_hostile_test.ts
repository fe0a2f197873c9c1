/** The report's counts on awkward notebooks: zero checks, a summary line split over outputs. */
import assert from "node:assert/strict";
import { CHECKS_LINE_PREFIX, checksSummariesOf } from "../../lib/report/checks.ts";
import { summaryLines, tally } from "../../lib/report/tally.ts";

Deno.test("tally(): a notebook whose summaries hold zero checks is listed as running no checks", () => {
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

Deno.test("checksSummariesOf(): a summary line sent in several stream outputs is read whole", () => {
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
