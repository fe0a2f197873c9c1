/**
 * Adapter: Anthropic Messages (COMPANIONS §4). Input: JSONL, one trajectory
 * per line: `{query_id, scale?, agent?, system?, memory_tools?, correct?, judge?, trajectory_id?, messages: [...]}`
 * with `messages` as in the Messages API: content a string or blocks;
 * assistant `{type: "tool_use", id, name, input}` blocks are calls (several
 * in one turn count individually), user `{type: "tool_result", tool_use_id,
 * content}` blocks their results; `server_tool_use` blocks (e.g. web search)
 * and the MCP connector's `mcp_tool_use` blocks (`{type, id, name, server_name, input}`,
 * results in `mcp_tool_result` blocks) are calls too. The last assistant message without tool use is the answer;
 * other assistant messages are `llm` steps; user text, image and document
 * blocks are context (no step); thinking blocks belong to their `llm` step.
 *
 * @module
 */
import {
  type AdapterOptions,
  type AdapterResult,
  asObject,
  asString,
  mapEnvelopes,
} from "./_common.ts";
import { GENERIC_MEMORY_TOOLS } from "./defaults.ts";

const CONTEXT_BLOCKS = new Set(["text", "image", "document", "search_result"]);
const CALL_BLOCKS = new Set(["tool_use", "server_tool_use", "mcp_tool_use"]);
const THINKING_BLOCKS = new Set(["thinking", "redacted_thinking"]);

function blocks(content: unknown): unknown[] {
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : Array.isArray(content)
    ? content
    : [];
}

/**
 * Records a tool result block (`tool_result`, or a server tool's `*_tool_result`) against its
 * call, skipping it with a reason naming `at` when no call has its `tool_use_id`.
 */
function resultBlock(
  blk: Record<string, unknown>,
  at: string,
  b: { result(id: string | undefined, content: unknown): boolean },
  skip: (why: string) => void,
): void {
  if (!b.result(asString(blk.tool_use_id), blk.content)) {
    skip(`${at}: ${String(blk.type)} for unknown tool_use_id ${JSON.stringify(blk.tool_use_id)}`);
  }
}

/**
 * Reads Anthropic Messages logs (see the module doc for the envelope).
 *
 * @param text the JSONL file's content
 * @param opts memory tools (default {@linkcode GENERIC_MEMORY_TOOLS}) and file name
 * @returns trajectories, skipped records, the tool names seen, and a warning when a memory tool's
 *   name is run by several MCP servers (`server_name`; all its calls count)
 * @throws {TrajectoryInputError} if a line is not JSON or its envelope is malformed
 */
export function fromAnthropic(text: string, opts: AdapterOptions = {}): AdapterResult {
  const servers = new Map<string, Set<string>>(); // MCP tool name -> the servers that ran it
  const res = mapEnvelopes(text, opts, ["messages"], GENERIC_MEMORY_TOOLS, (payload, b, skip) => {
    const last = payload.findLastIndex((m) => {
      const o = asObject(m);
      return o?.role === "assistant" &&
        !blocks(o.content).some((x) => /tool_use$/.test(String(asObject(x)?.type)));
    });
    payload.forEach((m, k) => {
      const o = asObject(m);
      const at = `messages[${k}]`;
      if (!o) return skip(`${at}: expected a message object`);
      const bl = blocks(o.content);
      if (o.role === "assistant") {
        const texts: string[] = [];
        if (k !== last) b.llm(asString(o.model));
        bl.forEach((x, j) => {
          const blk = asObject(x);
          const t = String(blk?.type);
          if (blk && CALL_BLOCKS.has(t)) {
            if (typeof blk.name !== "string" || blk.name === "") {
              return skip(`${at}.content[${j}]: expected a tool_use block with a name`);
            }
            if (t === "mcp_tool_use" && typeof blk.server_name === "string") {
              servers.set(blk.name, (servers.get(blk.name) ?? new Set()).add(blk.server_name));
            }
            b.call(blk.name, blk.input, asString(blk.id));
          } else if (blk && t.endsWith("_tool_result")) {
            // Server tool results (web_search_tool_result, ...) follow their call.
            resultBlock(blk, `${at}.content[${j}]`, b, skip);
          } else if (blk && t === "text") texts.push(String(blk.text ?? ""));
          else if (!blk || !THINKING_BLOCKS.has(t)) {
            skip(`${at}.content[${j}]: unknown block type ${JSON.stringify(blk?.type)}`);
          }
        });
        if (k === last) b.final(texts.join("\n"), asString(o.model));
        return;
      }
      if (o.role === "user") {
        bl.forEach((x, j) => {
          const blk = asObject(x);
          const t = String(blk?.type);
          if (blk && (t === "tool_result" || t.endsWith("_tool_result"))) {
            resultBlock(blk, `${at}.content[${j}]`, b, skip);
          } else if (!blk || !CONTEXT_BLOCKS.has(t)) {
            skip(`${at}.content[${j}]: unknown block type ${JSON.stringify(blk?.type)}`);
          }
        });
        return;
      }
      skip(`${at}: unknown role ${JSON.stringify(o.role)}`);
    });
  });
  const shared = [...servers].filter(([name, on]) => on.size > 1 && res.tools[name]?.memory)
    .map(([name, on]) => `${name} (${[...on].sort().join(", ")})`).sort();
  if (shared.length > 0) {
    res.warnings = [
      ...(res.warnings ?? []),
      `${shared.length} memory tool name(s) are served by several MCP servers, and the calls on ` +
      `every server count as memory calls: ${shared.join("; ")}`,
    ];
  }
  return res;
}
