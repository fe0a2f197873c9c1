/**
 * lib/systems/write_llm.ts and the record / replay server it drives
 * (systems/mem0/llm_exchange.mjs, loaded here under Deno): a replay log's header is checked
 * against the run, a recording keeps each exchange, a replay answers from the log alone (equal
 * requests in recorded order) and names a request the log lacks. The endpoint is a STAND-IN
 * (tests/systems/_stand_in_llm.ts), not a model.
 */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { llmProvenance, replayHeader } from "../../lib/systems/write_llm.ts";
import { turnClockMs, WRITE_SYSTEMS } from "../../lib/systems/write_store.ts";
import {
  canonical,
  Recorder,
  Replayer,
  requestKey,
  serve,
} from "../../systems/mem0/llm_exchange.mjs";
import { standInAnswer, startStandInLlm } from "./_stand_in_llm.ts";

const sys = WRITE_SYSTEMS.mem0;
const header = {
  memaudit_llm_exchanges: 1,
  system: "mem0",
  package: "mem0ai",
  version: sys.version,
  model: "m",
  url: "http://127.0.0.1:1/v1",
  turns_sha256: "a".repeat(64),
};
const expect = { system: "mem0", sys, turnsSha256: "a".repeat(64) };

Deno.test("replayHeader: a header of the same system, version and turns is accepted", () => {
  assert.deepEqual(replayHeader("log.jsonl", JSON.stringify(header) + "\n{}", expect), header);
});

Deno.test("replayHeader: another format, version or conversation is an InputError at line 1", () => {
  const refused = (h: unknown, message: RegExp) =>
    assert.throws(() => replayHeader("log.jsonl", JSON.stringify(h), expect), (e: unknown) => {
      assert.ok(e instanceof InputError);
      assert.match(e.message, /^Cannot read log\.jsonl: line 1: /);
      assert.match(e.message, message);
      return true;
    });
  refused({ n: 1 }, /expected the header of an LLM exchange log/);
  refused(
    { ...header, version: "3.0.0" },
    /expected a recording by mem0ai@3\.3\.1, found mem0ai@3\.0\.0/,
  );
  refused({ ...header, turns_sha256: "b".repeat(64) }, /another conversation or question/);
  assert.throws(() => replayHeader("log.jsonl", "not json", expect), /line 1: expected the header/);
});

Deno.test("llmProvenance: a replay that leaves recorded exchanges unasked warns with the count", () => {
  const r = llmProvenance({ mode: "replay", file: "x.jsonl" }, "m", {
    llm_calls: 3,
    replay_unused: 2,
  }, { replayed: "abc" });
  assert.deepEqual(r.warnings, [
    "2 recorded exchanges of x.jsonl were not asked for by the replay",
  ]);
  assert.equal(r.record.unused, 2);
  assert.equal(
    r.record.replayed_sha256,
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("turnClockMs: the session date plus the turn's position, in milliseconds", () => {
  const t = {
    session: 1,
    session_date: "x",
    session_time: 1683554160,
    turn_id: "D1:1",
    role: "user" as const,
    text: "hi",
  };
  assert.equal(turnClockMs(t, 7), 1683554160007);
  assert.equal(turnClockMs({ ...t, session_time: null }, 7), 7);
});

Deno.test("the stand-in answers one memory per new message: its first sentence", () => {
  const prompt = "## Existing Memories\n[]\n\n## New Messages\nuser: Ann: I run. Daily.\n" +
    "assistant: Ok\n\n## Observation Date\n2023-05-08";
  const a = standInAnswer({ model: "m", messages: [{ content: "sys" }, { content: prompt }] });
  assert.deepEqual(JSON.parse(a.choices[0].message.content), {
    memory: [
      { id: "0", text: "Ann: I run.", attributed_to: "user" },
      { id: "0", text: "Ok", attributed_to: "assistant" },
    ],
  });
});

Deno.test("canonical JSON and request keys do not depend on key order", () => {
  assert.equal(canonical({ b: [1, { d: 1, c: 2 }], a: "x" }), '{"a":"x","b":[1,{"c":2,"d":1}]}');
  assert.equal(requestKey("/p", { a: 1, b: 2 }), requestKey("/p", { b: 2, a: 1 }));
  assert.notEqual(requestKey("/p", { a: 1 }), requestKey("/q", { a: 1 }));
});

/** Posts a chat request to a base URL; the status and the body's text. */
async function post(base: string, body: unknown): Promise<{ status: number; text: string }> {
  const r = await fetch(`${base}/chat/completions`, { method: "POST", body: JSON.stringify(body) });
  return { status: r.status, text: await r.text() };
}

const ask = (content: string) => ({
  model: "m",
  messages: [{ role: "user", content: `## New Messages\nuser: ${content}\n\n## End` }],
});

Deno.test("record then replay: the replay answers each request as recorded, with no endpoint", async () => {
  const llm = startStandInLlm();
  const rec = new Recorder(llm.url + "/", undefined, { model: "m" });
  const server = await serve(rec);
  const asked = [ask("A one. Two."), ask("B."), ask("A one. Two.")];
  const answers = [];
  try {
    for (const q of asked) answers.push(await post(server.baseURL, q));
  } finally {
    await server.close();
    await llm.close();
  }
  assert.equal(llm.calls(), 3);
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200]);
  const log = rec.text();
  const lines = log.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.n ?? "header"), ["header", 1, 2, 3]);
  assert.equal(lines[0].memaudit_llm_exchanges, 1);
  assert.equal(lines[1].key, lines[3].key);
  assert.equal(lines[1].path, "/chat/completions");

  const rep = new Replayer(log, "log.jsonl");
  const again = await serve(rep);
  try {
    // Any order of the same requests; equal requests in recorded order.
    assert.deepEqual(await post(again.baseURL, asked[1]), answers[1]);
    assert.deepEqual(await post(again.baseURL, asked[0]), answers[0]);
    assert.equal(rep.unused(), 1);
    assert.deepEqual(await post(again.baseURL, asked[2]), answers[2]);
    const miss = await post(again.baseURL, asked[0]); // a fourth: not recorded
    assert.equal(miss.status, 400);
    assert.match(
      rep.miss,
      /^request to \/chat\/completions \(key [0-9a-f]{12}\) is not in the replay log log\.jsonl \(3 exchanges recorded\)/,
    );
  } finally {
    await again.close();
  }
});

Deno.test("a recording to an endpoint that does not answer names it", async () => {
  const rec = new Recorder("http://127.0.0.1:9/v1", undefined, {});
  await assert.rejects(() => rec.answer("/chat/completions", "{}"));
  assert.match(
    rec.failure,
    /^could not reach the LLM endpoint http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions: /,
  );
});

Deno.test("Replayer: a log without its header, or a line that is not JSON, is refused naming the line", () => {
  assert.throws(
    () => new Replayer('{"n":1}\n', "l.jsonl"),
    /^Error: l\.jsonl: line 1: expected the header/,
  );
  assert.throws(
    () => new Replayer(JSON.stringify(header) + "\n{oops\n", "l.jsonl"),
    /l\.jsonl: line 2: expected a JSON line/,
  );
});
