/**
 * Adapter: OpenAI Chat Completions messages (COMPANIONS §4). Input: JSONL,
 * one trajectory per line:
 * `{query_id, scale?, agent?, system?, memory_tools?, correct?, judge?, trajectory_id?, messages: [...]}`
 * where `messages` is the conversation as sent to / returned by the API:
 * assistant messages with `tool_calls: [{id, type: "function", function: {name, arguments}}]`
 * (several in one turn count individually), results as `{role: "tool", tool_call_id, content}`.
 * The legacy `function_call` / `role: "function"` pair is read too. The last
 * assistant message without tool calls is the answer; every other assistant
 * message is an `llm` step. System, developer and user messages are
 * context, not actions (no step).
 *
 * @module
 */
import {
  type AdapterOptions,
  type AdapterResult,
  asObject,
  asString,
  contentText,
  mapEnvelopes,
  type TrajectoryBuilder,
} from "./_common.ts";
import { GENERIC_MEMORY_TOOLS } from "./defaults.ts";

/**
 * Maps one `messages` array into a builder (shared with the Letta agent-file adapter).
 *
 * @returns the reasons of messages that could not be mapped, with their index
 */
export function mapChatMessages(messages: unknown[], b: TrajectoryBuilder, path: string): string[] {
  const skipped: string[] = [];
  // The answer: the last assistant message with no tool calls.
  const last = messages.findLastIndex((m) => {
    const o = asObject(m);
    return o?.role === "assistant" && !(Array.isArray(o.tool_calls) && o.tool_calls.length) &&
      !o.function_call;
  });
  const pendingLegacy: string[] = [];
  messages.forEach((m, k) => {
    const o = asObject(m);
    const at = `${path}[${k}]`;
    if (!o) return skipped.push(`${at}: expected a message object`);
    const role = o.role;
    const ts = asString(o.created_at);
    if (role === "system" || role === "developer" || role === "user") return;
    if (role === "assistant") {
      const calls = Array.isArray(o.tool_calls) ? o.tool_calls : [];
      if (k === last) return b.final(contentText(o.content), asString(o.model), ts);
      b.llm(asString(o.model), ts);
      calls.forEach((c, j) => {
        const co = asObject(c), fn = asObject(co?.function);
        if (!fn || typeof fn.name !== "string" || fn.name === "") {
          skipped.push(`${at}.tool_calls[${j}]: expected {id, function: {name, arguments}}`);
          return;
        }
        b.call(fn.name, fn.arguments, asString(co!.id), { ts });
      });
      const fc = asObject(o.function_call);
      if (fc) {
        if (typeof fc.name !== "string" || fc.name === "") {
          skipped.push(`${at}.function_call: expected {name, arguments}`);
        } else {
          const id = `legacy:${k}`;
          b.call(fc.name, fc.arguments, id, { ts });
          pendingLegacy.push(id);
        }
      }
      return;
    }
    if (role === "tool") {
      if (!b.result(asString(o.tool_call_id), o.content)) {
        skipped.push(
          `${at}: tool result for unknown tool_call_id ${JSON.stringify(o.tool_call_id)}`,
        );
      }
      return;
    }
    if (role === "function") {
      if (!b.result(pendingLegacy.shift(), o.content)) {
        skipped.push(`${at}: function result without a preceding function_call`);
      }
      return;
    }
    skipped.push(`${at}: unknown role ${JSON.stringify(role)}`);
  });
  return skipped;
}

/**
 * Reads OpenAI Chat Completions logs (see the module doc for the envelope).
 *
 * @param text the JSONL file's content
 * @param opts memory tools (default {@linkcode GENERIC_MEMORY_TOOLS}) and file name
 * @returns trajectories, skipped records and the tool names seen
 * @throws {TrajectoryInputError} if a line is not JSON or its envelope is malformed
 */
export function fromOpenAIChat(text: string, opts: AdapterOptions = {}): AdapterResult {
  return mapEnvelopes(text, opts, ["messages"], GENERIC_MEMORY_TOOLS, (payload, b, skip, key) => {
    for (const reason of mapChatMessages(payload, b, key)) skip(reason);
  });
}
