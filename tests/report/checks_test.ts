import assert from "node:assert/strict";
import { Checks } from "../../lib/report/checks.ts";

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
