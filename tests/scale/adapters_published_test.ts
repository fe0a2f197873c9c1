/** Published log formats read as they are (issue 22 item 2): MCP blocks, tau-bench results. */
import assert from "node:assert/strict";
import { detectFormat, readTrajectoryInput } from "../../lib/scale/adapters/mod.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));

Deno.test("Anthropic MCP blocks (mcp_tool_use / mcp_tool_result) are tool calls under auto detection", () => {
  const text = fixture("anthropic_mcp.jsonl");
  assert.equal(detectFormat(text), "anthropic");
  const input = readTrajectoryInput(text, { memoryTools: ["search_memory"] });
  assert.equal(input.format, "anthropic");
  assert.deepEqual(input.records.map((r) => r.R), [1, 2]);
  assert.deepEqual(input.tools, {
    search_memory: { calls: 3, memory: true },
    list_calendars: { calls: 1, memory: false },
  });
  const t = input.trajectories![0];
  assert.deepEqual(t.steps.map((s) => s.kind), ["llm", "memory_call", "tool_call", "answer"]);
  assert.deepEqual(t.steps[1].returned, [{ text: "The user went to a support group on 7 May." }]);
  assert.equal(t.answer, "To a support group.");
  // A result whose id matches no call is reported with its line and path.
  assert.deepEqual(input.skipped, [{
    line: 2,
    reason: 'messages[1].content[3]: mcp_tool_result for unknown tool_use_id "mcptoolu_09"',
  }]);
});
