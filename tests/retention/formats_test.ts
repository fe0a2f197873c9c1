import assert from "node:assert/strict";
import { SnapshotSchema } from "../../lib/retention/formats.ts";

Deno.test("SnapshotSchema refuses a memory entry without text", () => {
  const r = SnapshotSchema.safeParse({ uuid: "u", session_id: 1, memories: [{ memory_id: 1 }] });
  assert.equal(r.success, false);
  if (!r.success) {
    assert.deepEqual(r.error.issues[0].path, ["memories", 0]);
    assert.match(r.error.issues[0].message, /memory_text or content/);
  }
});
