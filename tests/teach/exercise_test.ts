import assert from "node:assert/strict";
import { Answer, editedReason } from "../../lib/teach/exercise.ts";
import { QUICK_ENV, quickMode } from "../../lib/teach/lab_mode.ts";

Deno.test("Answer shows the student's result beside the expected one, as Markdown", () => {
  const a = new Answer("Q", "OPT = 1", "OPT = 1 at cost 9", true);
  const display = a as unknown as Record<symbol, () => Record<string, string>>;
  const bundle = display[Symbol.for("Jupyter.display")]();
  assert.equal(bundle["text/markdown"], a.toMarkdown());
  assert.match(a.toMarkdown(), /^\*\*Q\*\*/);
  assert.match(a.toMarkdown(), /With your edited setting: OPT = 1/);
  assert.match(new Answer("Q", "r", "e", false).toMarkdown(), /the default setting/);
});

Deno.test("editedReason() is null for the paper's package and names both hashes otherwise", () => {
  assert.equal(editedReason("a".repeat(64), "a".repeat(64)), null);
  const r = editedReason("b".repeat(64), "a".repeat(64))!;
  assert.match(r, /bbbbbbbbbbbb/);
  assert.match(r, /aaaaaaaaaaaa/);
});

Deno.test("quickMode() reads MEMAUDIT_QUICK: 1, true, yes turn the lab mode on", () => {
  assert.equal(QUICK_ENV, "MEMAUDIT_QUICK");
  for (const v of ["1", "true", "YES", " 1 "]) assert.equal(quickMode({ MEMAUDIT_QUICK: v }), true);
  for (const v of ["0", "", "no", undefined]) assert.equal(quickMode({ MEMAUDIT_QUICK: v }), false);
});
