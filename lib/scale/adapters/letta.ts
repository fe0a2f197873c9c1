/**
 * Adapters: Letta (COMPANIONS §4), in two shapes.
 *
 * - REST message histories: JSONL, one trajectory per line,
 *   `{query_id, scale?, agent?, system?, memory_tools?, correct?, judge?, trajectory_id?, messages: [...]}`
 *   with Letta messages by `message_type`: `tool_call_message` (its
 *   `tool_call` one object or a list, or a `tool_calls` list; each call counts),
 *   `tool_return_message` (`tool_call_id`, or a `tool_returns` list),
 *   `reasoning_message` / `hidden_reasoning_message` (`llm` steps),
 *   `assistant_message` (the answer when last), `user_message` /
 *   `system_message` (context), `stop_reason` / `usage_statistics` (stream
 *   bookkeeping, ignored).
 * - Agent files (`.af`, one JSON document): its messages are OpenAI-shaped
 *   (`role`, `tool_calls`, `tool_call_id`, content as text blocks). Each real
 *   user message (plain text, or Letta's `{"type": "user_message", ...}`
 *   wrapper; not `login` / `heartbeat` / `system_alert` events) starts one
 *   trajectory that runs to the next one; query id = `AGENT/MESSAGE_ID`
 *   (or `AGENT#N`, N the user turn), agent = the agent's model, system =
 *   "letta". Messages before the first user message (the boot sequence) are
 *   reported as skipped. Line numbers are 1 (one document); reasons give the
 *   JSON path.
 *
 * In both, a `send_message` call is the answer (its `message` argument),
 * not a tool call; the default memory tools are {@linkcode LETTA_MEMORY_TOOLS}.
 *
 * @module
 */
import { TrajectoryInputError } from "../trajectory.ts";
import {
  type AdapterOptions,
  type AdapterResult,
  asObject,
  asString,
  contentText,
  mapEnvelopes,
  parseArgs,
  TrajectoryBuilder,
} from "./_common.ts";
import { LETTA_MEMORY_TOOLS } from "./defaults.ts";
import { parseJsonOr } from "../../base/json_text.ts";

function sendMessageText(args: unknown): string | undefined {
  const a = parseArgs(args);
  return asString(a?.message);
}

/**
 * Reads Letta REST message histories (see the module doc for the envelope).
 *
 * @param text the JSONL file's content
 * @param opts memory tools (default {@linkcode LETTA_MEMORY_TOOLS}) and file name
 * @returns trajectories, skipped records and the tool names seen
 * @throws {TrajectoryInputError} if a line is not JSON or its envelope is malformed
 */
export function fromLettaMessages(text: string, opts: AdapterOptions = {}): AdapterResult {
  return mapEnvelopes(text, opts, ["messages"], LETTA_MEMORY_TOOLS, (payload, b, skip) => {
    const answerIds = new Set<string>();
    const lastAssistant = payload.findLastIndex((m) =>
      asObject(m)?.message_type === "assistant_message"
    );
    payload.forEach((m, k) => {
      const o = asObject(m);
      const at = `messages[${k}]`;
      if (!o) return skip(`${at}: expected a message object`);
      const ts = asString(o.date);
      switch (o.message_type) {
        case "system_message":
        case "user_message":
        case "stop_reason":
        case "usage_statistics":
        case "ping":
          return;
        case "reasoning_message":
        case "hidden_reasoning_message":
          return b.llm(undefined, ts);
        case "assistant_message":
          if (k === lastAssistant) b.final(contentText(o.content), undefined, ts);
          else b.llm(undefined, ts);
          return;
        case "tool_call_message": {
          const raw = o.tool_calls ?? o.tool_call;
          const calls = Array.isArray(raw) ? raw : [raw];
          calls.forEach((c, j) => {
            const co = asObject(c);
            const where = Array.isArray(raw)
              ? `${at}.${o.tool_calls ? "tool_calls" : "tool_call"}[${j}]`
              : `${at}.tool_call`;
            if (!co || typeof co.name !== "string" || co.name === "") {
              return skip(`${where}: expected {name, arguments, tool_call_id}`);
            }
            const id = asString(co.tool_call_id);
            if (co.name === "send_message") {
              if (id) answerIds.add(id);
              return b.final(sendMessageText(co.arguments), "send_message", ts);
            }
            b.call(co.name, co.arguments, id, { ts });
          });
          return;
        }
        case "tool_return_message": {
          const returns = Array.isArray(o.tool_returns)
            ? o.tool_returns.map((r) => asObject(r) ?? {})
            : [{ tool_call_id: o.tool_call_id, func_response: o.tool_return }];
          returns.forEach((r, j) => {
            const id = asString(r.tool_call_id);
            if (id !== undefined && answerIds.has(id)) return;
            if (!b.result(id, r.func_response ?? r.tool_return)) {
              skip(
                `${at}${
                  Array.isArray(o.tool_returns) ? `.tool_returns[${j}]` : ""
                }: tool return for unknown tool_call_id ${JSON.stringify(r.tool_call_id)}`,
              );
            }
          });
          return;
        }
        default:
          skip(`${at}: unknown message_type ${JSON.stringify(o.message_type)}`);
      }
    });
  });
}

/** Whether a Letta agent-file user message is a real user turn (not a login/heartbeat event). */
function userQuery(m: Record<string, unknown>): string | undefined {
  const t = contentText(m.content);
  if (t === undefined) return undefined;
  try {
    const j = asObject(JSON.parse(t));
    if (j && typeof j.type === "string") {
      return j.type === "user_message" ? String(j.message ?? "") : undefined;
    }
  } catch {
    // plain text: a real user turn
  }
  return t;
}

/**
 * Reads a Letta Agent File (`.af`): one trajectory per real user message
 * (see the module doc). The file is one JSON document: a single agent
 * (older files) or `{agents: [...]}` (newer files).
 *
 * @param text the file's content
 * @param opts memory tools (default {@linkcode LETTA_MEMORY_TOOLS}) and file name
 * @returns trajectories (correctness null: join a judge log), skipped messages, tools seen
 * @throws {TrajectoryInputError} if the file is not JSON or has no agent with messages
 */
export function fromLettaAgentFile(text: string, opts: AdapterOptions = {}): AdapterResult {
  const file = opts.file ?? "<memory>";
  const bad = (m: string) =>
    new TrajectoryInputError(file, 0, "", `expected a JSON agent file (${m})`);
  const d = asObject(parseJsonOr(text, bad));
  const many = Array.isArray(d?.agents);
  const agents = many ? d!.agents as unknown[] : d && Array.isArray(d.messages) ? [d] : undefined;
  const expected = "expected a Letta agent file: {agents: [...]} or an agent with messages";
  if (!agents) throw new TrajectoryInputError(file, 0, "agents", expected);
  const res: AdapterResult = { trajectories: [], skipped: [], tools: {} };
  const tools = opts.memoryTools ?? LETTA_MEMORY_TOOLS;
  agents.forEach((ag, a) => {
    const agent = asObject(ag);
    const base = many ? `agents[${a}]` : "";
    const p = (s: string) => (base ? `${base}.${s}` : s);
    if (!agent || !Array.isArray(agent.messages)) {
      throw new TrajectoryInputError(file, 0, p("messages"), "expected an array of messages");
    }
    const name = asString(agent.name) ?? `agent${a}`;
    const model = asString(asObject(agent.llm_config)?.model) ?? asString(agent.model) ?? "";
    let b: TrajectoryBuilder | undefined;
    let current: { query_id: string } | undefined;
    const answerIds = new Set<string>();
    const flush = () => {
      if (b && current) {
        const trajectory = b.build({ query_id: current.query_id, agent: model, system: "letta" });
        res.trajectories.push({ line: 1, trajectory });
      }
    };
    let turn = 0;
    const skip = (reason: string) => res.skipped.push({ line: 1, reason });
    (agent.messages as unknown[]).forEach((m, k) => {
      const o = asObject(m);
      const at = p(`messages[${k}]`);
      if (!o) return skip(`${at}: expected a message object`);
      if (o.role === "system") return;
      if (o.role === "user") {
        const q = userQuery(o);
        if (q === undefined) return; // a login / heartbeat / system event inside the current turn
        flush();
        turn++;
        current = { query_id: typeof o.id === "string" ? `${name}/${o.id}` : `${name}#${turn}` };
        b = new TrajectoryBuilder(tools, res.tools);
        return;
      }
      const early = "message before the first user message (boot sequence)";
      if (!b) return skip(`${at}: ${String(o.role)} ${early}`);
      if (o.role === "assistant") {
        const ts = asString(o.created_at);
        b.llm(asString(o.model), ts);
        (Array.isArray(o.tool_calls) ? o.tool_calls : []).forEach((c, j) => {
          const co = asObject(c), fn = asObject(co?.function);
          const id = asString(co?.id);
          if (!fn || typeof fn.name !== "string" || fn.name === "") {
            return skip(`${at}.tool_calls[${j}]: expected {id, function: {name, arguments}}`);
          }
          if (fn.name === "send_message") {
            if (id) answerIds.add(id);
            return b!.final(sendMessageText(fn.arguments), "send_message", ts);
          }
          b!.call(fn.name, fn.arguments, id, { ts });
        });
        return;
      }
      if (o.role === "tool") {
        const id = asString(o.tool_call_id);
        if (id !== undefined && answerIds.has(id)) return;
        if (!b.result(id, o.content)) {
          skip(`${at}: tool result for unknown tool_call_id ${JSON.stringify(o.tool_call_id)}`);
        }
        return;
      }
      skip(`${at}: unknown role ${JSON.stringify(o.role)}`);
    });
    flush();
  });
  return res;
}
