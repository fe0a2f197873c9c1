/** lib/teach/lab_mode.ts: the quick lab mode of the teaching notebooks (MEMAUDIT_QUICK). */
import assert from "node:assert/strict";
import { QUICK_ENV, quickMode } from "../../lib/teach/lab_mode.ts";

Deno.test("quickMode() reads MEMAUDIT_QUICK: 1, true, yes turn the lab mode on", () => {
  assert.equal(QUICK_ENV, "MEMAUDIT_QUICK");
  for (const v of ["1", "true", "YES", " 1 "]) assert.equal(quickMode({ MEMAUDIT_QUICK: v }), true);
  for (const v of ["0", "", "no", undefined]) assert.equal(quickMode({ MEMAUDIT_QUICK: v }), false);
});

Deno.test("quickMode() without an argument reads the process environment", () => {
  const before = Deno.env.get(QUICK_ENV);
  try {
    Deno.env.set(QUICK_ENV, "True");
    assert.equal(quickMode(), true);
    Deno.env.set(QUICK_ENV, "off");
    assert.equal(quickMode(), false);
    Deno.env.delete(QUICK_ENV);
    assert.equal(quickMode(), false);
  } finally {
    if (before === undefined) Deno.env.delete(QUICK_ENV);
    else Deno.env.set(QUICK_ENV, before);
  }
});
