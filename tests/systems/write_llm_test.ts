/**
 * lib/systems/write_llm.ts and the record / replay server it drives
 * (systems/mem0/llm_exchange.mjs, loaded here under Deno): a replay log's header is checked
 * against the run, a recording keeps each exchange, a replay answers from the log alone (equal
 * requests in recorded order) and names a request the log lacks. The endpoint is a STAND-IN
 * (tests/systems/_stand_in_llm.ts), not a model.
 */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  driverLlm,
  llmProvenance,
  recordedExchanges,
  replayHeader,
} from "../../lib/systems/write_llm.ts";
import {
  redactKey,
  turnClockMs,
  undatedSessions,
  WRITE_SYSTEMS,
} from "../../lib/systems/write_store.ts";
import {
  canonical,
  exchangesSha256,
  KEY_REDACTED,
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

Deno.test("a recorded request past --llm-timeout fails the run once, naming the endpoint and the limit", async () => {
  // A STAND-IN endpoint that answers after 2 s, counting the requests it gets.
  let calls = 0;
  const slow = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async () => {
    calls++;
    await new Promise((ok) => setTimeout(ok, 2000));
    return Response.json({});
  });
  try {
    const rec = new Recorder(`http://127.0.0.1:${slow.addr.port}/v1`, undefined, {}, 0.2);
    await assert.rejects(() => rec.answer("/chat/completions", "{}"));
    assert.match(
      rec.failure,
      /^the LLM endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions did not answer within 0\.2 s \(--llm-timeout\)$/,
    );
    // The client's retry fails at once, never sent, rather than waiting out the limit again.
    await assert.rejects(() => rec.answer("/chat/completions", "{}"), /did not answer within/);
    assert.equal(calls, 1);
    assert.equal(rec.log.length, 1); // nothing recorded but the header
  } finally {
    await slow.shutdown();
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

/** A server on 127.0.0.1 answering every request with `answer(auth header)`. */
function endpoint(
  answer: (auth: string | null) => Response,
): { url: string; close: () => Promise<void> } {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req) => answer(req.headers.get("authorization")),
  );
  return { url: `http://127.0.0.1:${server.addr.port}/v1`, close: () => server.shutdown() };
}

Deno.test("Recorder: an endpoint that repeats the API key has it replaced in the answer, the log and the failure", async () => {
  const key = "sk-test-0123456789";
  const echo = endpoint((auth) => Response.json({ id: `got ${auth}`, choices: [] }));
  const refuse = endpoint((auth) =>
    Response.json({ error: { message: `Incorrect API key provided: ${auth}` } }, { status: 401 })
  );
  try {
    const rec = new Recorder(echo.url, key, { model: "m" });
    const a = await rec.answer("/chat/completions", "{}");
    assert.equal(a.status, 200);
    assert.equal(JSON.parse(a.text).id, `got Bearer ${KEY_REDACTED}`);
    assert.equal(rec.text().includes(key), false);
    assert.equal(rec.failure, undefined);
    const bad = new Recorder(refuse.url, key, {});
    assert.equal((await bad.answer("/chat/completions", "{}")).status, 401);
    assert.equal(
      bad.failure,
      `the LLM endpoint ${refuse.url}/chat/completions answered 401: Incorrect API key ` +
        `provided: Bearer ${KEY_REDACTED}`,
    );
    assert.equal(bad.text().includes(key), false);
  } finally {
    await echo.close();
    await refuse.close();
  }
  assert.equal(redactKey(`a ${key} b ${key}`, key), `a ${KEY_REDACTED} b ${KEY_REDACTED}`);
  assert.equal(redactKey("a b", undefined), "a b");
});

Deno.test("Recorder: a 500 or a body that is not JSON names the endpoint, a good answer after clears it", async () => {
  let n = 0;
  const flaky = endpoint(() =>
    ++n === 1
      ? Response.json({ error: { message: "boom" } }, { status: 500 })
      : n === 2
      ? new Response("<html>hi</html>")
      : Response.json({ choices: [] })
  );
  try {
    const rec = new Recorder(flaky.url, undefined, {});
    await rec.answer("/chat/completions", "{}");
    assert.equal(rec.failure, `the LLM endpoint ${flaky.url}/chat/completions answered 500: boom`);
    await rec.answer("/chat/completions", "{}");
    assert.equal(
      rec.failure,
      `the LLM endpoint ${flaky.url}/chat/completions answered 200 with a body that is not ` +
        "JSON: '<html>hi</html>'",
    );
    await rec.answer("/chat/completions", "{}");
    assert.equal(rec.failure, undefined);
    // The header counts the exchanges and fixes their SHA-256.
    const [h, ...rest] = rec.text().trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(h.exchanges, 3);
    assert.equal(h.exchanges_sha256, exchangesSha256(rest));
  } finally {
    await flaky.close();
  }
});

/** A log of two exchanges for `expect`'s turns, as Recorder.text() writes it. */
function twoExchangeLog(): { header: Record<string, unknown>; entries: Record<string, unknown>[] } {
  const entries = [1, 2].map((n) => ({
    n,
    path: "/chat/completions",
    key: requestKey("/chat/completions", { n }),
    request: { n },
    status: 200,
    response: { choices: [{ message: { content: `answer ${n}` } }] },
  }));
  return {
    header: { ...header, exchanges: 2, exchanges_sha256: exchangesSha256(entries) },
    entries,
  };
}

const jsonl = (lines: unknown[], eol = "\n") => lines.map((l) => JSON.stringify(l)).join(eol) + eol;

Deno.test("recordedExchanges: CRLF, a byte-order mark and blank lines are read; a bad line is named by its line in the file", () => {
  const { header: h, entries } = twoExchangeLog();
  const text = "\uFEFF" + jsonl([h, ...entries], "\r\n");
  assert.deepEqual(recordedExchanges("l.jsonl", text), entries);
  assert.deepEqual(replayHeader("l.jsonl", text, expect), h);
  const refused = (t: string, message: string) =>
    assert.throws(() => recordedExchanges("l.jsonl", t), (e: unknown) => {
      assert.ok(e instanceof InputError);
      assert.equal(e.message, `Cannot read l.jsonl: ${message}`);
      return true;
    });
  // Cut inside its last line; the blank line 2 still counts.
  const cut = jsonl([h]) + "\n" + jsonl(entries).slice(0, -20);
  refused(
    cut,
    "line 4: expected a JSON line of an LLM exchange log (a log cut short, or edited by hand?)",
  );
  refused(
    jsonl([h, { ...entries[0], key: "abc" }]),
    "line 2: expected an exchange {n, path, key (64 hex digits), request, status, response}",
  );
  refused(
    jsonl([h, { ...entries[0], status: "200" }]),
    "line 2: expected an exchange {n, path, key (64 hex digits), request, status, response}",
  );
});

Deno.test("driverLlm: a replay log cut short at a line is refused at line 1; an edited answer is flagged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "write_llm_" });
  try {
    const { header: h, entries } = twoExchangeLog();
    const file = `${dir}/l.jsonl`;
    await Deno.writeTextFile(file, jsonl([h, entries[0]]));
    await assert.rejects(
      () => driverLlm({ mode: "replay", file }, expect),
      (e: unknown) =>
        e instanceof InputError &&
        e.message === `Cannot read ${file}: line 1: expected the 2 exchanges the header counts, ` +
            "the file holds 1: a log cut short (or lines removed)",
    );
    await Deno.writeTextFile(file, jsonl([h, ...entries]));
    assert.equal((await driverLlm({ mode: "replay", file }, expect)).replayed?.edited, false);
    const edited = structuredClone(entries);
    edited[1].response = { choices: [{ message: { content: "EDITED" } }] };
    await Deno.writeTextFile(file, jsonl([h, ...edited]));
    const r = await driverLlm({ mode: "replay", file }, expect);
    assert.equal(r.replayed?.edited, true);
    assert.equal(r.driver.mode === "replay" && r.driver.edited, true);
    const p = llmProvenance({ mode: "replay", file }, "m", { llm_calls: 2 }, {
      replayed: "x",
      edited: true,
    });
    assert.equal(p.record.edited, true);
    assert.match(p.warnings[0], /l\.jsonl was edited after it was recorded/);
    // An older log, without the count and the SHA-256, is read as it is.
    await Deno.writeTextFile(file, jsonl([header, entries[0]]));
    assert.equal((await driverLlm({ mode: "replay", file }, expect)).replayed?.edited, false);
    await assert.rejects(
      () => driverLlm({ mode: "replay", file: `${dir}/missing.jsonl` }, expect),
      /^InputError: Cannot read .*missing\.jsonl: \(root\): expected a readable exchange log \(No such file/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Replayer: a recorded answer that is not JSON is named by its line; an edited log's miss says so", () => {
  const { header: h, entries } = twoExchangeLog();
  const broken = structuredClone(entries);
  broken[0].response = "garbage";
  const rep = new Replayer("\uFEFF" + jsonl([h, ...broken], "\r\n"), "l.jsonl");
  rep.answer("/chat/completions", JSON.stringify({ n: 1 }));
  assert.equal(rep.failure, "the recorded answer at line 2 of l.jsonl is 200 'garbage' (not JSON)");
  rep.answer("/chat/completions", JSON.stringify({ n: 2 }));
  assert.equal(rep.failure, undefined);
  const edited = new Replayer(jsonl([h, ...entries]), "l.jsonl", true);
  edited.answer("/chat/completions", JSON.stringify({ n: 3 }));
  assert.match(edited.miss, /\(2 exchanges recorded\): the log was edited after it was recorded/);
});

Deno.test("undatedSessions: one warning per session whose date memaudit cannot read", () => {
  const t = (session: number, time: number | null) => ({
    session,
    session_date: time === null ? "sometime" : "1:56 pm on 8 May, 2023",
    session_time: time,
    turn_id: `D${session}:1`,
    role: "user" as const,
    text: "hi",
  });
  const turns = [t(1, 1683554160), t(2, null), t(2, null), t(3, null)];
  assert.deepEqual(undatedSessions(turns, "mem0"), [
    "session 2's date 'sometime' is not a date memaudit reads: its turns are stamped from " +
    "1970-01-01T00:00:00Z",
    "session 3's date 'sometime' is not a date memaudit reads: its turns are stamped from " +
    "1970-01-01T00:00:00Z",
  ]);
  assert.match(undatedSessions(turns, "memvid")[0], /its frames carry no timestamp$/);
  assert.deepEqual(undatedSessions([t(1, 0)], "mem0"), []);
});

Deno.test("llmProvenance: LLM answers that gave mem0 no memory at all are a warning", () => {
  const rec = { mode: "record", url: "http://127.0.0.1:1/v1", model: "m" } as const;
  assert.deepEqual(llmProvenance(rec, "m", { llm_calls: 4, added: 0 }, {}).warnings, [
    "mem0 added no memory from its 4 LLM answers (it drops an answer it cannot parse, and says " +
    "so only on the driver's stderr): see the answers in llm_exchanges.jsonl",
  ]);
  assert.deepEqual(llmProvenance(rec, "m", { llm_calls: 4, added: 1 }, {}).warnings, []);
  const rep = llmProvenance({ mode: "replay", file: "x.jsonl" }, "m", {
    llm_calls: 4,
    added: 0,
    replay_unused: 0,
  }, {});
  assert.match(rep.warnings[0], /no memory from its 4 LLM answers .*in x\.jsonl$/);
});
