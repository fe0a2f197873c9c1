import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { loadLocomo, parseLocomo } from "../../lib/natural/load_locomo.ts";
import { qaItem, smallSample } from "./_sample.ts";

Deno.test("parseLocomo() accepts samples and keeps unused fields", () => {
  const sample = { ...smallSample([qaItem(["D1:1"], { answer: 2022 })]), event_summary: {} };
  const [s] = parseLocomo([sample]);
  assert.equal(s.sample_id, "conv-t");
  assert.equal(s.qa[0].answer, 2022);
  assert.deepEqual(s.event_summary, {});
});

Deno.test("parseLocomo() names the JSON path of a bad field", () => {
  const bad = smallSample([qaItem(["D1:1"]), qaItem(["D1:1"])]);
  (bad.qa[1] as { evidence: unknown }).evidence = "D1:1";
  assert.throws(
    () => parseLocomo([bad], "x.json"),
    (e: unknown) =>
      e instanceof InputError && e.file === "x.json" && "path" in e.where &&
      e.where.path === "[0].qa[1].evidence",
  );
  const turn = smallSample([]);
  (turn.conversation.session_2 as { text: unknown }[])[1].text = null;
  assert.throws(
    () => parseLocomo([turn], "y.json"),
    (e: unknown) =>
      e instanceof InputError && "path" in e.where &&
      e.where.path === "[0].conversation.session_2[1].text",
  );
});

Deno.test("loadLocomo() reports a file that is not JSON", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(path, "[{");
    await assert.rejects(
      () => loadLocomo(path),
      (e: unknown) => e instanceof InputError && e.file === path && /valid JSON/.test(e.message),
    );
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("loadLocomo() reports a missing file and a folder as InputError naming the path", async () => {
  await assert.rejects(() => loadLocomo("/nonexistent/locomo10.json"), {
    name: "InputError",
    message: "Cannot read /nonexistent/locomo10.json: (root): expected an existing file",
  });
  const dir = await Deno.makeTempDir();
  try {
    await assert.rejects(() => loadLocomo(dir), {
      name: "InputError",
      message: `Cannot read ${dir}: (root): expected a file, found a folder`,
    });
  } finally {
    await Deno.remove(dir);
  }
});
