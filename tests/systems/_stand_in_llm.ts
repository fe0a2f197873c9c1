/**
 * A STAND-IN for an OpenAI-compatible LLM endpoint, for tests of `memaudit write --llm` and
 * `--replay` only: it is not a language model, and the stores written with it are never Mem0's
 * own extraction. To mem0's additive-extraction call it answers one memory per new message:
 * the message's first sentence (`{"memory": [{"id", "text", "attributed_to"}]}`); every answer
 * is a function of the request, and the call count is kept.
 *
 *   deno run --allow-net=127.0.0.1 tests/systems/_stand_in_llm.ts   # prints its base URL
 *
 * @module
 */

/** What the stand-in says to one chat request: the memories of the prompt's new messages. */
export function standInAnswer(body: { model?: string; messages?: { content?: string }[] }) {
  const prompt = String(body.messages?.at(-1)?.content ?? "");
  const m = /## New Messages\n([\s\S]*?)\n\n## /.exec(prompt);
  const memory = (m?.[1] ?? "").split("\n").flatMap((line) => {
    const r = /^(user|assistant): (.*)$/.exec(line);
    if (r === null) return [];
    const first = /^.*?[.!?](?=\s|$)/.exec(r[2])?.[0] ?? r[2];
    return first.trim() === "" ? [] : [{ id: "0", text: first.trim(), attributed_to: r[1] }];
  });
  return {
    id: "stand-in",
    object: "chat.completion",
    created: 0,
    model: body.model ?? "stand-in",
    choices: [{
      index: 0,
      message: { role: "assistant", content: JSON.stringify({ memory }) },
      finish_reason: "stop",
    }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** A running stand-in: its base URL (`http://127.0.0.1:PORT/v1`), calls so far, and a stop. */
export interface StandInLlm {
  url: string;
  calls: () => number;
  close: () => Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export function startStandInLlm(): StandInLlm {
  let calls = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return new Response(JSON.stringify({ error: { message: `no route ${path}` } }), {
        status: 404,
      });
    }
    calls++;
    return Response.json(standInAnswer(await req.json()));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    calls: () => calls,
    close: () => server.shutdown(),
  };
}

if (import.meta.main) {
  const s = startStandInLlm();
  console.log(`STAND-IN LLM (not a model) at ${s.url}`);
}
