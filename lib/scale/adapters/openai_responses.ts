/**
 * Adapter: OpenAI Responses API items (COMPANIONS §4). Input: JSONL, one
 * trajectory per line:
 * `{query_id, scale?, agent?, system?, memory_tools?, correct?, judge?, trajectory_id?, items: [...]}`
 * (`output` is accepted for `items`): the input and output items of the
 * run in order. `{type: "function_call", call_id, name, arguments}` and
 * `{type: "custom_tool_call", call_id, name, input}` are calls, matched to
 * `function_call_output` / `custom_tool_call_output` by `call_id`; built-in
 * tools (`file_search_call`, `web_search_call`, `code_interpreter_call`,
 * `computer_call`, `mcp_call`, ...) are calls named by their type without
 * `_call` (`file_search`; an MCP call by its `name`), so list them with
 * `--memory-tools file_search` when they search memory. `reasoning` items are
 * `llm` steps; the last assistant `message` is the answer, other assistant
 * messages `llm` steps; user, system and developer messages are context.
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
} from "./_common.ts";
import { GENERIC_MEMORY_TOOLS } from "./defaults.ts";

const BUILT_IN_CALLS = new Set((
  "file_search_call web_search_call code_interpreter_call computer_call image_generation_call " +
  "local_shell_call shell_call apply_patch_call mcp_call"
).split(" "));
const OUTPUTS = new Set([
  "function_call_output",
  "custom_tool_call_output",
  "computer_call_output",
  "local_shell_call_output",
  "shell_call_output",
  "apply_patch_call_output",
]);

/**
 * Reads OpenAI Responses logs (see the module doc for the envelope).
 *
 * @param text the JSONL file's content
 * @param opts memory tools (default {@linkcode GENERIC_MEMORY_TOOLS}) and file name
 * @returns trajectories, skipped records and the tool names seen
 * @throws {TrajectoryInputError} if a line is not JSON or its envelope is malformed
 */
export function fromOpenAIResponses(text: string, opts: AdapterOptions = {}): AdapterResult {
  const keys = ["items", "output"];
  return mapEnvelopes(text, opts, keys, GENERIC_MEMORY_TOOLS, (payload, b, skip, key) => {
    const last = payload.findLastIndex((it) => {
      const o = asObject(it);
      return o?.type === "message" && o.role === "assistant";
    });
    payload.forEach((it, k) => {
      const o = asObject(it);
      const at = `${key}[${k}]`;
      // Input items may be bare messages without "type".
      const type = o?.type ?? (o?.role !== undefined ? "message" : undefined);
      if (!o || typeof type !== "string") return skip(`${at}: expected an item with a type`);
      const callId = asString(o.call_id) ?? asString(o.id);
      if (type === "message") {
        if (o.role === "assistant") {
          if (k === last) b.final(contentText(o.content));
          else b.llm();
        }
        return;
      }
      if (type === "reasoning") return b.llm();
      if (type === "function_call" || type === "custom_tool_call") {
        if (typeof o.name !== "string" || o.name === "") return skip(`${at}: expected a name`);
        b.call(o.name, type === "function_call" ? o.arguments : { input: o.input }, callId);
        return;
      }
      if (BUILT_IN_CALLS.has(type)) {
        const name = type === "mcp_call" && typeof o.name === "string"
          ? o.name
          : type.replace(/_call$/, "");
        const args = type === "file_search_call"
          ? { queries: o.queries }
          : type === "mcp_call"
          ? o.arguments
          : o.action;
        b.call(name, args, callId, {
          returned: type === "file_search_call"
            ? o.results ?? []
            : type === "mcp_call"
            ? o.output ?? undefined
            : undefined,
        });
        return;
      }
      if (OUTPUTS.has(type)) {
        if (!b.result(asString(o.call_id), o.output)) {
          skip(`${at}: ${type} for unknown call_id ${JSON.stringify(o.call_id)}`);
        }
        return;
      }
      if (type === "item_reference" || type === "mcp_list_tools") return;
      skip(`${at}: unknown item type ${JSON.stringify(type)}`);
    });
  });
}
