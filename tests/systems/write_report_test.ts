import assert from "node:assert/strict";
import { z } from "../../lib/base/deps/zod.ts";
import { WRITE_REPORT } from "../../lib/systems/write_report.ts";
import { assertFitsPublished } from "../_published_schema.ts";

const FX = new URL("./fixtures/write_json/", import.meta.url);
const FILES = ["mem0.json", "memvid_turn.json", "mem0_llm.json", "mem0_replay.json"];

Deno.test("WRITE_REPORT.json() keeps the bytes of memaudit write --json (mem0, memvid, --llm, --replay), and the published schema reads them back", async () => {
  for (const file of FILES) {
    const text = await Deno.readTextFile(new URL(file, FX));
    const report = WRITE_REPORT.json(JSON.parse(text));
    assert.equal(JSON.stringify(report, null, 2) + "\n", text, file);
    await assertFitsPublished("write_report", report);
  }
});

Deno.test("write_report.schema.json refuses a record off its shape: an extra or missing key, a driver line key it does not name, a bad SHA-256, the other LLM mode's key", async () => {
  const schema = z.fromJSONSchema(
    JSON.parse(
      await Deno.readTextFile(
        new URL("../../data/schema/write_report.schema.json", import.meta.url),
      ),
    ),
  );
  const base = JSON.parse(await Deno.readTextFile(new URL("mem0_llm.json", FX)));
  const r = base.record;
  const { memories_exported: _m, ...withoutMemories } = r;
  const cases: [string, Record<string, unknown>, string][] = [
    ["an extra key", { ...r, not_a_key: 1 }, ""],
    ["no memories_exported", withoutMemories, ""],
    [
      "a driver line key",
      { ...r, driver_summary: { ...r.driver_summary, x: 1 } },
      "driver_summary",
    ],
    ["a short SHA-256", { ...r, store_sha256: "abc" }, "store_sha256"],
    ["replay's key on a record", { ...r, llm: { ...r.llm, unused: 0 } }, "llm"],
    ["a settings value that is a number", { ...r, settings: { ...r.settings, n: 1 } }, "settings"],
  ];
  assert.equal(schema.safeParse(base).success, true);
  for (const [what, record, path] of cases) {
    assert.equal(schema.safeParse({ ...base, record }).success, false, what);
    assert.throws(
      () => WRITE_REPORT.json({ ...base, record }),
      (e: Error) =>
        e instanceof TypeError && e.message.startsWith(`write_report: record${path && "."}${path}`),
      what,
    );
  }
});
