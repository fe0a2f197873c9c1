import assert from "node:assert/strict";
import { resolve } from "node:path";
import {
  Checks,
  CHECKS_LINE_PREFIX,
  checksSummariesOf,
  skippedDespiteData,
} from "../../lib/report/checks.ts";

Deno.test("Checks: a skipped claim shows as skipped, never as pass, and does not fail", () => {
  const checks = new Checks()
    .add("holds", true, "1 = 1")
    .skip("needs LoCoMo", "LoCoMo data not found")
    .close("close enough", 0.50004, 0.5, 5e-5);
  assert.deepEqual(checks.assertAll().rows.map((r) => r.result), ["pass", "skipped", "pass"]);
  checks.add("fails", false, "2 != 3");
  assert.deepEqual(checks.table().rows.map((r) => r.result), ["pass", "skipped", "pass", "FAIL"]);
  assert.throws(() => checks.assertAll(), /1 check\(s\) failed:\n- fails: 2 != 3/);
});

Deno.test("Checks.assertAll() prints one machine-readable line listing skipped claims and their missing data", () => {
  const checks = new Checks()
    .add("holds", true)
    .skip("needs LoCoMo", "LoCoMo data not found", { missing: ["no/such/locomo.json"] })
    .skip("needs nothing in particular", "not applicable here");
  const printed: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => printed.push(a.join(" "));
  try {
    checks.assertAll();
  } finally {
    console.log = log;
  }
  assert.equal(printed.length, 1);
  assert.ok(printed[0].startsWith(CHECKS_LINE_PREFIX));
  assert.deepEqual(JSON.parse(printed[0].slice(CHECKS_LINE_PREFIX.length)), {
    passed: 1,
    failed: 0,
    skipped: [
      {
        claim: "needs LoCoMo",
        reason: "LoCoMo data not found",
        missing: [resolve("no/such/locomo.json")],
      },
      { claim: "needs nothing in particular", reason: "not applicable here", missing: [] },
    ],
    checks: [
      { claim: "holds", status: "passed", detail: "" },
      { claim: "needs LoCoMo", status: "skipped", detail: "LoCoMo data not found" },
      { claim: "needs nothing in particular", status: "skipped", detail: "not applicable here" },
    ],
  });
});

Deno.test("skippedDespiteData() flags a claim skipped for data that exists (finding 7)", async () => {
  const present = await Deno.makeTempFile({ suffix: ".json" });
  const checks = new Checks()
    .skip("data really missing", "not found", { missing: "no/such/file.json" })
    .skip("data there after all", "not found", { missing: ["no/such/file.json", present] });
  // The executed notebook carries the line in a stream output, possibly split over text chunks.
  const line = checks.summaryLine();
  const notebook = {
    cells: [
      { cell_type: "markdown", source: ["# x"] },
      {
        cell_type: "code",
        outputs: [
          {
            output_type: "stream",
            name: "stdout",
            text: ["noise\n", line.slice(0, 20), line.slice(20) + "\n"],
          },
          { output_type: "execute_result", data: { "text/plain": line } },
        ],
      },
    ],
  };
  const [summary, ...rest] = checksSummariesOf(notebook);
  assert.equal(rest.length, 0);
  assert.deepEqual(await skippedDespiteData(summary), [
    { claim: "data there after all", reason: "not found", present: [present] },
  ]);
  await Deno.remove(present);
  assert.deepEqual(await skippedDespiteData(summary), []);
  assert.deepEqual(checksSummariesOf({ cells: [] }), []);
});
