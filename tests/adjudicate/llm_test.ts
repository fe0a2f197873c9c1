import assert from "node:assert/strict";
import {
  LlmAdjudicator,
  llmPrompt,
  LlmVerdictError,
  parseLlmVerdict,
} from "../../lib/adjudicate/llm.ts";

const UNITS = [
  { id: "u1", text: "Ann: I adopted a cat named Tom.", family: "fact" },
  { id: "u2", text: "Bo: I ran a marathon.", family: "fact" },
];
const REQUEST = { packageId: "p", memory: { id: "m1", text: "Ann has a cat, Tom." }, units: UNITS };
const GOOD = JSON.stringify({
  verdicts: [
    { unit: "u1", coverage: "full", rationale: "names the cat" },
    { unit: "u2", coverage: "none" },
  ],
});

/**
 * A stub OpenAI-compatible server on 127.0.0.1 (port 0: the OS picks one).
 * `replies` are served in order (status, content); each request is recorded.
 */
function stubServer(replies: { status?: number; content?: string }[]) {
  const seen: { auth: string | null; body: Record<string, unknown> }[] = [];
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    async (req) => {
      const body = await req.json();
      seen.push({ auth: req.headers.get("authorization"), body });
      const r = replies[Math.min(seen.length - 1, replies.length - 1)];
      if ((r.status ?? 200) !== 200) return new Response("busy", { status: r.status });
      return Response.json({ choices: [{ message: { role: "assistant", content: r.content } }] });
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: async () => {
      ac.abort();
      await server.finished;
    },
  };
}

async function withCache(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("parseLlmVerdict() accepts exactly one verdict per unit, optionally fenced", () => {
  assert.deepEqual(parseLlmVerdict(GOOD, ["u1", "u2"]), [
    { unit: "u1", coverage: "full", value: 1, rationale: "names the cat" },
    { unit: "u2", coverage: "none", value: 0 },
  ]);
  assert.equal(parseLlmVerdict("```json\n" + GOOD + "\n```", ["u1", "u2"]).length, 2);
  const bad = (text: string, re: RegExp) =>
    assert.throws(
      () => parseLlmVerdict(text, ["u1", "u2"], "abcdef0123456789"),
      (e: unknown) =>
        e instanceof LlmVerdictError && re.test(e.message) && e.promptHash === "abcdef0123456789",
    );
  bad("Sure! " + GOOD, /not a single JSON object/);
  bad(
    JSON.stringify({ verdicts: [{ unit: "u1", coverage: "full" }] }),
    /no verdict for unit\(s\) u2/,
  );
  bad(
    JSON.stringify({
      verdicts: [{ unit: "u1", coverage: "yes" }, { unit: "u2", coverage: "none" }],
    }),
    /verdicts\.0\.coverage/,
  );
  bad(
    JSON.stringify({
      verdicts: [{ unit: "u1", coverage: "full" }, { unit: "u1", coverage: "none" }, {
        unit: "u2",
        coverage: "none",
      }],
    }),
    /judged twice/,
  );
  bad(
    JSON.stringify({ verdicts: [{ unit: "u3", coverage: "full" }] }),
    /unknown unit 'u3'/,
  );
  bad(JSON.stringify({ verdicts: [], extra: 1 }), /Unrecognized key/);
});

Deno.test("llmPrompt() lists the memory and every unit, and the question only when asked", () => {
  const p = llmPrompt({ ...REQUEST, question: "Cat name?" });
  assert.match(p.user, /Memory:\nAnn has a cat, Tom\./);
  assert.match(p.user, /- id "u2": Bo: I ran a marathon\./);
  assert.doesNotMatch(p.user, /Cat name\?/);
  assert.match(
    llmPrompt({ ...REQUEST, question: "Cat name?" }, true).user,
    /Future question: Cat name\?/,
  );
});

Deno.test("LlmAdjudicator asks a loopback stub once, then answers from the disk cache", async () => {
  const stub = stubServer([{ content: GOOD }]);
  try {
    await withCache(async (cacheDir) => {
      const llm = new LlmAdjudicator({
        baseUrl: stub.baseUrl,
        model: "stub-model",
        cacheDir,
        apiKey: "k",
      });
      assert.equal(llm.name, "llm:stub-model");
      const edges = await llm.adjudicate(REQUEST);
      assert.deepEqual(edges, [
        { unit: "u1", value: 1, provenance: "llm:stub-model", rationale: "names the cat" },
      ]);
      assert.equal(stub.seen.length, 1);
      assert.equal(stub.seen[0].auth, "Bearer k");
      assert.equal(stub.seen[0].body.model, "stub-model");
      assert.equal(stub.seen[0].body.temperature, 0);
      // A second adjudicator on the same cache sends nothing.
      const again = new LlmAdjudicator({ baseUrl: stub.baseUrl, model: "stub-model", cacheDir });
      assert.deepEqual(await again.adjudicate(REQUEST), edges);
      assert.deepEqual([again.requests, again.cacheHits, stub.seen.length], [0, 1, 1]);
      const files = [...Deno.readDirSync(cacheDir)].map((e) => e.name);
      assert.equal(files.length, 1);
      const entry = JSON.parse(await Deno.readTextFile(`${cacheDir}/${files[0]}`));
      assert.equal(entry.completion, GOOD);
      assert.equal(files[0], `${llm.promptHash(entry.messages)}.json`);
    });
  } finally {
    await stub.close();
  }
});

Deno.test("LlmAdjudicator retries a 5xx once, keeps to its request bound, and rejects bad verdicts", async () => {
  const stub = stubServer([{ status: 503 }, { content: GOOD }, {
    content: "I think u1 is covered.",
  }]);
  try {
    await withCache(async (cacheDir) => {
      const llm = new LlmAdjudicator({
        baseUrl: stub.baseUrl,
        model: "m",
        cacheDir,
        maxRequests: 3,
      });
      assert.equal((await llm.adjudicate(REQUEST)).length, 1);
      assert.equal(llm.requests, 2);
      const other = { ...REQUEST, memory: { id: "m2", text: "Bo ran." } };
      await assert.rejects(() => llm.adjudicate(other), LlmVerdictError);
      assert.equal(llm.requests, 3);
      const third = { ...REQUEST, memory: { id: "m3", text: "Nothing." } };
      await assert.rejects(() => llm.adjudicate(third), /request bound \(3\) is spent/);
      assert.equal(stub.seen.length, 3);
      assert.deepEqual(await llm.adjudicate({ ...REQUEST, units: [] }), []);
    });
  } finally {
    await stub.close();
  }
  assert.throws(
    () => new LlmAdjudicator({ baseUrl: "ftp://x", model: "m", cacheDir: "." }),
    RangeError,
  );
});

Deno.test("LlmAdjudicator: an endpoint that does not answer, or answers 404, is an InputError naming its URL (the CLI's exit 2)", async () => {
  const { InputError } = await import("../../lib/base/errors.ts");
  await withCache(async (cacheDir) => {
    // A port nothing listens on: the connection is refused.
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (probe.addr as Deno.NetAddr).port;
    probe.close();
    const down = new LlmAdjudicator({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: "m",
      cacheDir,
    });
    await assert.rejects(
      () => down.adjudicate(REQUEST),
      (e: unknown) =>
        e instanceof InputError &&
        /^Cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: expected an OpenAI-compatible endpoint that answers/
          .test((e as Error).message),
    );
  });
  const stub = stubServer([{ status: 404 }]);
  try {
    await withCache(async (cacheDir) => {
      const llm = new LlmAdjudicator({ baseUrl: stub.baseUrl, model: "m", cacheDir });
      await assert.rejects(
        () => llm.adjudicate(REQUEST),
        (e: unknown) =>
          e instanceof InputError && /answered HTTP 404/.test((e as Error).message) &&
          (e as Error).message.includes(stub.baseUrl),
      );
    });
  } finally {
    await stub.close();
  }
});
