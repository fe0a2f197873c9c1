import assert from "node:assert/strict";
import { Answer, editedReason } from "../../lib/teach/exercise.ts";

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
