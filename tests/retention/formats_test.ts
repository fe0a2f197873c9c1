import assert from "node:assert/strict";
import { formatJsonSchemas, SnapshotSchema } from "../../lib/retention/formats.ts";

Deno.test("formatJsonSchemas() describes the benchmark's files with their required fields", () => {
  const s = formatJsonSchemas();
  assert.deepEqual(Object.keys(s), ["session_file", "snapshot", "gating_output", "per_fact_file"]);
  const session = s.session_file as {
    required: string[];
    properties: Record<string, { type?: string }>;
  };
  assert.deepEqual(session.required.sort(), [
    "domain",
    "memory_required",
    "month",
    "session_id",
    "uuid",
  ]);
  assert.equal(session.properties.session_id.type, "integer");
  assert.ok((s.snapshot as { required: string[] }).required.includes("memories"));
  assert.equal((s.per_fact_file as { type: string }).type, "array");
});

Deno.test("SnapshotSchema refuses a memory entry without text", () => {
  const r = SnapshotSchema.safeParse({ uuid: "u", session_id: 1, memories: [{ memory_id: 1 }] });
  assert.equal(r.success, false);
  if (!r.success) {
    assert.deepEqual(r.error.issues[0].path, ["memories", 0]);
    assert.match(r.error.issues[0].message, /memory_text or content/);
  }
});
